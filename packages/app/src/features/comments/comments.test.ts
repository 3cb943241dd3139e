import type { Comment } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ listComments: vi.fn() }));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const { canChangeComment, listComments, THREAD_LIMIT } = await import('./comments.ts');

const comment = (canEdit: boolean) => ({ author: { _id: 'u1', name: 'Ana' }, canEdit }) as Comment;

describe('who may edit or delete a comment', () => {
  it('is what the server answered with the comment, not a rule of the app', () => {
    expect(canChangeComment(comment(true))).toBe(true);
    expect(canChangeComment(comment(false))).toBe(false);
  });
});

/** A thread of `size` comments (`c1` the oldest) as the API pages it newest first; past 1,000 its total is capped. */
function thread(size: number) {
  sdk.listComments.mockImplementation(
    async ({ query }: { query: { page: number; limit: number; order?: string } }) => {
      expect(query.order).toBe('desc');
      const newest = Array.from({ length: size }, (_, i) => ({ _id: `c${size - i}` }));
      const items = newest.slice((query.page - 1) * query.limit, query.page * query.limit);
      return size >= 1000
        ? {
            items,
            total: Math.max(1000, query.page * query.limit),
            atLeast: true,
            page: query.page,
            limit: 100,
          }
        : { items, total: size, page: query.page, limit: 100 };
    },
  );
}
const entity = { entityType: 'item', entityId: 'i1' } as const;

describe('a thread as it shows', () => {
  // A block: a function returned from `beforeEach` would be run after the test as its teardown.
  beforeEach(() => {
    sdk.listComments.mockReset();
  });

  it('one page of the API: read once, oldest first', async () => {
    thread(7);
    const { items, more } = await listComments(entity, 'error');
    expect(items.map((c) => c._id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(more).toBe(false);
    expect(sdk.listComments).toHaveBeenCalledTimes(1);
  });

  it('130 comments: both pages, the newest included, nothing twice', async () => {
    thread(130);
    const { items, more } = await listComments(entity, 'error');
    expect(items).toHaveLength(130);
    expect(items[0]?._id).toBe('c1');
    expect(items.at(-1)?._id).toBe('c130');
    expect(new Set(items.map((c) => c._id)).size).toBe(130);
    expect(more).toBe(false);
  });

  it('past the limit: its newest, and says older ones are not shown', async () => {
    thread(2500);
    const { items, more } = await listComments(entity, 'error');
    expect(items).toHaveLength(THREAD_LIMIT);
    expect(items[0]?._id).toBe('c1501');
    expect(items.at(-1)?._id).toBe('c2500');
    expect(more).toBe(true);
    expect(sdk.listComments).toHaveBeenCalledTimes(THREAD_LIMIT / 100);
  });

  it('a comment written between two pages’ reads is shown once', async () => {
    thread(150);
    const page2 = sdk.listComments.getMockImplementation()!;
    // The second page read after c151 arrived: its first row is c51, which the first page also held… shifted.
    sdk.listComments.mockImplementation(async (args: { query: { page: number } }) => {
      const answer = await page2(args);
      return args.query.page === 2 ? { ...answer, items: [{ _id: 'c51' }, ...answer.items] } : answer;
    });
    const { items } = await listComments(entity, 'error');
    expect(items.filter((c) => c._id === 'c51')).toHaveLength(1);
  });
});
