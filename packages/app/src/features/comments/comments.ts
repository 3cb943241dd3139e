import type { Comment, CreateCommentData } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { api } from '../../lib/api.ts';

/**
 * Comments on anything that has a thread (an item, an agent): read, written, edited and deleted on the server.
 * Each call throws the API's Spanish error, with the caller's message as the fallback (`api.call`).
 */
const client = api.client;

export type CommentEntity = Pick<Comment, 'entityType' | 'entityId'>;
export type NewComment = CreateCommentData['body'];

/** The thread's first 100 comments, oldest first (as the server orders them). */
export async function listComments({ entityType, entityId }: CommentEntity, failure: string) {
  const page = await api.call(
    sdk.listComments({ client, query: { entityType, entityId, page: 1, limit: 100 } }),
    failure,
  );
  return page.items;
}

export const createComment = (body: NewComment, failure: string) =>
  api.call(sdk.createComment({ client, body }), failure);

export const updateComment = (id: string, body: string, failure: string) =>
  api.call(sdk.updateComment({ client, path: { id }, body: { body } }), failure);

export async function deleteComment(id: string, failure: string) {
  await api.call(sdk.deleteComment({ client, path: { id } }), failure);
}

/** Whether the signed-in user may edit or delete a comment: the server answers it with each comment. */
export const canChangeComment = (comment: Pick<Comment, 'canEdit'>) => comment.canEdit;
