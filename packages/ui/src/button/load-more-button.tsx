import { LoaderCircleIcon } from 'lucide-react';
import { uiMessages } from '../messages.ts';
import { Button, type ButtonProps } from './button.tsx';

/**
 * «Cargar más» at the end of a paged list; while the next page loads, a spinner and «Cargando más…». In a file of
 * its own: the button that every screen (and the sign-in screen's first load) takes carries no ui texts.
 */
export function LoadMoreButton({ loading, ...props }: Omit<ButtonProps, 'children'> & { loading: boolean }) {
  return (
    <Button variant="ghost" size="sm" {...props}>
      {loading ? (
        <>
          <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {uiMessages.loadingMore}
        </>
      ) : (
        uiMessages.loadMore
      )}
    </Button>
  );
}
