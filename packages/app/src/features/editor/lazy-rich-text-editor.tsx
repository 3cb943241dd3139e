import { Skeleton, whenIdle } from '@crw/ui';
import type { RichTextEditorProps } from '@crw/ui/rich-text';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

// Tiptap is its own chunk: it loads when an editor is first shown (an item opens, /test/editor), never with
// the plan or the shell.
const load = () => import('@crw/ui/rich-text');
let loaded: ComponentType<RichTextEditorProps> | null = null;
const Editor = lazy(() =>
  load().then((m) => {
    loaded = m.RichTextEditor;
    return { default: m.RichTextEditor };
  }),
);

/** Loads the editor's chunk now (the copy was clicked): resolves once `LazyRichTextEditor` draws without waiting. */
export const loadRichTextEditor = () =>
  loaded
    ? Promise.resolve()
    : load().then((m) => {
        loaded = m.RichTextEditor;
      });

/**
 * Loads the editor's chunk without drawing it, for a piece opened that may be edited: the chunk is there before the
 * copy is clicked, and the editor then mounts in the same frame. It starts once the opening is over and the page is
 * idle; the function returned calls it off if it has not started (the piece closed before: nothing to edit, and the
 * chunk would land in whatever the person does next).
 */
export function preloadRichTextEditor(): () => void {
  if (loaded || preloading) return () => {};
  preloading = true;
  // When the page is idle once the opening is over: parsing Tiptap is a long task of its own, which must not be
  // the opening's; and it is there before a first click, most of the time (keys typed before it are handed over).
  // Not at the first idle moment: the piece's own answers are still coming then (its refresh, who follows it), and
  // an idle gap between them took the chunk's 5–19 ms at 4× CPU into the opening.
  let started = false;
  const start = () => {
    started = true;
    void load()
      .then((m) => {
        loaded = m.RichTextEditor;
      })
      .catch(() => {
        preloading = false;
      });
  };
  let cancelIdle = () => {};
  const timer = setTimeout(() => {
    cancelIdle = whenIdle(start, { timeout: 1000 });
  }, OPENING_MS);
  return () => {
    if (started) return;
    clearTimeout(timer);
    cancelIdle();
    preloading = false;
  };
}
let preloading = false;
/** How long a piece's opening is left alone before the editor's chunk is fetched. */
const OPENING_MS = 600;

/**
 * The design system's rich-text editor, loaded on first use; `fallback` (a placeholder of its size by default)
 * meanwhile. Once its chunk is in, drawn directly, without suspending.
 */
export function LazyRichTextEditor({ fallback, ...props }: RichTextEditorProps & { fallback?: ReactNode }) {
  // Decided once per editor: switching from the lazy path to the direct one would mount it again.
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={fallback ?? <Skeleton className="h-44 w-full" />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** People who may be mentioned where a text is read: everyone with access once the client sees the item. */
export const mentionablesFor = (
  members: ReadonlyArray<{ _id: string; name: string; staff: boolean }>,
  clientCanSee: boolean,
) => members.filter((m) => clientCanSee || m.staff).map((m) => ({ id: m._id, name: m.name }));
