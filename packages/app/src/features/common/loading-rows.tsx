import { Skeleton } from '@crw/ui';
import { msg } from '../../messages.ts';

/** A list still loading: two placeholder rows (each `rowClassName`), «Cargando...» for screen readers. */
export function LoadingRows({ rowClassName }: { rowClassName: string }) {
  return (
    <div aria-busy="true" className="space-y-2">
      <span className="sr-only">{msg.loading}</span>
      <Skeleton className={rowClassName} />
      <Skeleton className={rowClassName} />
    </div>
  );
}
