import type { Comment } from '@crw/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onCommentsChanged } from '../notifications/realtime.ts';
import { toast } from '../system/store.ts';
import { type CommentEntity, canChangeComment, deleteComment, listComments } from './comments.ts';

/**
 * A thread's comments, live: read when the entity is shown and again whenever someone's comment on it is written,
 * edited or deleted (the socket). `comments` is null until the first read (then every comment, or the newest
 * `THREAD_LIMIT`, oldest first; `more`: older ones are not shown); `error` holds a failed read. `thread`
 * is what `CommentThread` draws (with its labels): `<CommentThread {...thread} labels={…} />`.
 */
export function useCommentThread(
  { entityType, entityId }: CommentEntity,
  messages: { loadError: string; error: string },
  /** Told of the comments after each read (the review panel draws their pins). */
  onLoaded?: (comments: Comment[]) => void,
) {
  const [comments, setComments] = useState<Comment[] | null>(null);
  /** Older comments exist than the thread shows (past `THREAD_LIMIT`). */
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reported = useRef(onLoaded);
  reported.current = onLoaded;
  const { loadError, error: changeError } = messages;

  const load = useCallback(async () => {
    try {
      const { items, more: older } = await listComments({ entityType, entityId }, loadError);
      setComments(items);
      setMore(older);
      reported.current?.(items);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [entityType, entityId, loadError]);
  useEffect(() => {
    void load();
    // Another reader's comment (or an edit, a deletion) shows up without a reload.
    return onCommentsChanged((e) => e.entityType === entityType && e.entityId === entityId && void load());
  }, [entityType, entityId, load]);

  /** Deletes a comment and reads the thread again; a failure is a toast. */
  const remove = useCallback(
    async (id: string) => {
      try {
        await deleteComment(id, changeError);
        await load();
      } catch (e) {
        toast.error((e as Error).message);
      }
    },
    [changeError, load],
  );

  const thread = {
    comments,
    more,
    error,
    onRetry: () => void load(),
    canDelete: (c: Comment) => canChangeComment(c),
    onDelete: (id: string) => void remove(id),
  };
  return { comments, error, load, remove, thread };
}
