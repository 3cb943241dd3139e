import { Skeleton } from '@crw/ui';
import type { RichTextEditorProps } from '@crw/ui/rich-text';
import { lazy, Suspense } from 'react';

// Tiptap is its own chunk: it loads when an editor is first shown (an item opens, /test/editor), never with
// the plan or the shell.
const Editor = lazy(() => import('@crw/ui/rich-text').then((m) => ({ default: m.RichTextEditor })));

/** The design system's rich-text editor, loaded on first use; a placeholder of its size meanwhile. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton className="h-44 w-full" />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** People who may be mentioned where a text is read: everyone with access once the client sees the item. */
export const mentionablesFor = (
  members: ReadonlyArray<{ _id: string; name: string; staff: boolean }>,
  clientCanSee: boolean,
) => members.filter((m) => clientCanSee || m.staff).map((m) => ({ id: m._id, name: m.name }));
