import type { Comment, CreateCommentData } from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { api } from '../../lib/api.ts';
import { whenConnected } from '../connection/connection.ts';

/**
 * Comments on anything that has a thread (an item, an agent): read, written, edited and deleted on the server.
 * Each call throws the API's Spanish error, with the caller's message as the fallback (`api.call`).
 */
const client = api.client;

export type CommentEntity = Pick<Comment, 'entityType' | 'entityId'>;
export type NewComment = CreateCommentData['body'];

/** A thread shows at most this many comments: all of them, or past that its newest. */
export const THREAD_LIMIT = 1000;
/** The API's largest page. */
const THREAD_PAGE = 100;

/**
 * The thread as it shows, oldest first: every comment, or its newest `THREAD_LIMIT` (`more`: older ones are not
 * shown). Read newest first: one page of 100 for nearly every thread, then the pages its total says remain,
 * together. It read the oldest 100 only: on a piece with 130 comments the 30 newest, the ones that matter, never
 * showed.
 */
export async function listComments(
  { entityType, entityId }: CommentEntity,
  failure: string,
): Promise<{ items: Comment[]; more: boolean }> {
  const page = (n: number) =>
    api.call(
      sdk.listComments({
        client,
        query: { entityType, entityId, page: n, limit: THREAD_PAGE, order: 'desc' },
      }),
      failure,
    );
  const first = await page(1);
  const pages = Math.min(Math.ceil(first.total / THREAD_PAGE), THREAD_LIMIT / THREAD_PAGE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)));
  const newest = [first, ...rest].flatMap((p) => p.items);
  // The same comment twice: one written between two pages' reads moves the others down by one.
  const seen = new Set<string>();
  const items = newest.filter((c) => !seen.has(c._id) && seen.add(c._id)).reverse();
  return { items, more: first.atLeast === true || first.total > items.length };
}

export const createComment = (body: NewComment, failure: string) =>
  whenConnected(() => api.call(sdk.createComment({ client, body }), failure));

export const updateComment = (id: string, body: string, failure: string) =>
  whenConnected(() => api.call(sdk.updateComment({ client, path: { id }, body: { body } }), failure));

export async function deleteComment(id: string, failure: string) {
  await api.call(sdk.deleteComment({ client, path: { id } }), failure);
}

/** Whether the signed-in user may edit or delete a comment: the server answers it with each comment. */
export const canChangeComment = (comment: Pick<Comment, 'canEdit'>) => comment.canEdit;

/** A thread resolved or reopened (clients too, on what they can read). */
export const setResolved = (id: string, resolved: boolean, failure: string) =>
  api.call(
    resolved ? sdk.resolveComment({ client, path: { id } }) : sdk.reopenComment({ client, path: { id } }),
    failure,
  );

/** A suggestion applied: the server writes a new version of the material and answers it. */
export const applySuggestion = (id: string, failure: string) =>
  api.call(sdk.applyCommentSuggestion({ client, path: { id } }), failure);

/** Several suggestions of one piece applied in one version («Aplicar todas»): all or none. */
export const applySuggestions = (itemId: string, ids: string[], failure: string) =>
  api.call(sdk.applyItemSuggestions({ client, path: { id: itemId }, body: { ids } }), failure);

export const dismissSuggestion = (id: string, failure: string) =>
  api.call(sdk.dismissCommentSuggestion({ client, path: { id } }), failure);
