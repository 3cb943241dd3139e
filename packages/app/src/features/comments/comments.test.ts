import type { Comment } from '@crw/api-client';
import { describe, expect, it } from 'vitest';
import { canChangeComment } from './comments.ts';

const comment = (canEdit: boolean) => ({ author: { _id: 'u1', name: 'Ana' }, canEdit }) as Comment;

describe('who may edit or delete a comment', () => {
  it('is what the server answered with the comment, not a rule of the app', () => {
    expect(canChangeComment(comment(true))).toBe(true);
    expect(canChangeComment(comment(false))).toBe(false);
  });
});
