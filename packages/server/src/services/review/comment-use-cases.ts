import type { Actor } from '../../policy.ts';
import {
  type CommentInput,
  createComment,
  deleteComment,
  type LoadedComment,
  updateComment,
} from './comments.ts';
import type { Ports } from '../ports.ts';

/**
 * What the comment routes call to write, one use-case per request: each writes through comments.ts,
 * then (after the commit) delivers the notifications it wrote and tells the open screens that may read the
 * comment. The caller of `editComment` and `removeComment` has loaded the comment for writing (`loadComment`).
 */

export async function postComment(
  ports: Pick<Ports, 'db' | 'notifier' | 'productionEvents'>,
  actor: Actor & { name?: string },
  input: CommentInput,
) {
  const { comment, entity, visibility, created } = await createComment(
    ports.db,
    ports.notifier,
    actor,
    input,
  );
  if (created) ports.notifier.deliver(created);
  ports.productionEvents.comment({
    kind: 'comment.created',
    entity,
    commentId: comment._id,
    visibility,
    actorId: actor.id,
  });
  return comment;
}

export async function editComment(
  ports: Pick<Ports, 'db' | 'productionEvents'>,
  loaded: LoadedComment,
  input: Parameters<typeof updateComment>[2],
) {
  const comment = await updateComment(ports.db, loaded, input);
  ports.productionEvents.comment({
    kind: 'comment.updated',
    entity: loaded.entity,
    commentId: comment._id,
    visibility: comment.visibility,
    previousVisibility: loaded.row.visibility,
    actorId: loaded.actor.id,
  });
  return comment;
}

export async function removeComment(ports: Pick<Ports, 'db' | 'productionEvents'>, loaded: LoadedComment) {
  await deleteComment(ports.db, loaded);
  ports.productionEvents.comment({
    kind: 'comment.deleted',
    entity: loaded.entity,
    commentId: loaded.row.id,
    visibility: loaded.row.visibility,
    actorId: loaded.actor.id,
  });
}
