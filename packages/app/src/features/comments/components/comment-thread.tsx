import type { Comment } from '@crw/api-client';
import { Button, ConfirmDialog, cn, RichTextContent, Skeleton } from '@crw/ui';
import { type ReactNode, type Ref, useState } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { msg } from '../../../messages.ts';
import { THREAD_LIMIT } from '../comments.ts';

export interface CommentThreadLabels {
  retry: string;
  empty: string;
  delete: string;
  deleteOf: (author: string) => string;
  deleteTitle: string;
}

/**
 * The one comment thread (an item's, an agent's): the comments as a list, each with its author, date and text,
 * and the delete button (asked first) for whoever may delete it; the failed read with «Reintentar», the loading
 * block and the empty line. What differs between threads comes in: a badge before the author (a pin's number),
 * more after the date (who can see it), more actions before «Eliminar» (reply, edit) and the edit form in place
 * of the comment being edited. It reads nothing itself: `useCommentThread` gives it `comments` and `error`.
 */
export function CommentThread({
  comments,
  more = false,
  error,
  labels,
  onRetry,
  canDelete,
  onDelete,
  listRef,
  highlighted = null,
  badge,
  meta,
  actions,
  quote,
  editingId = null,
  editor,
}: {
  /** null while the first read is under way. */
  comments: Comment[] | null;
  /** Older comments exist than those given (the thread shows its newest `THREAD_LIMIT`): said above them. */
  more?: boolean;
  error: string | null;
  labels: CommentThreadLabels;
  onRetry: () => void;
  canDelete: (comment: Comment) => boolean;
  /** Called once the deletion is confirmed. */
  onDelete: (id: string) => void;
  listRef?: Ref<HTMLUListElement>;
  /** The comment shown as chosen (its pin chosen on the image). */
  highlighted?: string | null;
  /** Before the author's name. */
  badge?: (comment: Comment) => ReactNode;
  /** After the date. */
  meta?: (comment: Comment) => ReactNode;
  /** Actions before «Eliminar»; null when there are none. */
  actions?: (comment: Comment) => ReactNode;
  /** Before the comment's text (the words it quotes, a suggestion). */
  quote?: (comment: Comment) => ReactNode;
  /** The comment being edited: `editor` takes the place of its text, and its actions hide. */
  editingId?: string | null;
  editor?: ReactNode;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <>
      {error ? (
        <div role="alert" className="space-y-2 text-sm text-destructive">
          <p>{error}</p>
          <Button size="sm" variant="outline" onClick={onRetry}>
            {labels.retry}
          </Button>
        </div>
      ) : comments === null ? (
        <Skeleton className="h-20" />
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{labels.empty}</p>
      ) : (
        <>
          {more ? (
            <p className="text-sm text-muted-foreground">{msg.comments.newestOnly(THREAD_LIMIT)}</p>
          ) : null}
          <ul ref={listRef} className="space-y-3">
            {comments.map((c) => {
              const editing = editingId === c._id;
              const extra = editing ? null : (actions?.(c) ?? null);
              const deletable = !editing && canDelete(c);
              return (
                <li
                  key={c._id}
                  data-comment={c._id}
                  className={cn(
                    'rounded-lg border border-border p-3 text-sm',
                    highlighted === c._id && 'border-warning ring-2 ring-warning/40',
                  )}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="flex items-center gap-2 font-medium">
                      {badge?.(c)}
                      {c.author.name}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {formatDateTime(c.createdAt)}
                      {meta?.(c)}
                    </span>
                  </div>
                  {quote?.(c)}
                  {editing ? editor : <RichTextContent className="mt-1" html={c.body} />}
                  {extra !== null || deletable ? (
                    <div className="mt-1 flex flex-wrap gap-1">
                      {extra}
                      {deletable ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={labels.deleteOf(c.author.name)}
                          onClick={() => setDeleting(c._id)}
                        >
                          {labels.delete}
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={labels.deleteTitle}
        confirmLabel={labels.delete}
        onConfirm={() => deleting && onDelete(deleting)}
      />
    </>
  );
}
