import type { Comment } from '@crw/api-client';
import { describe, expect, it } from 'vitest';
import { canChangeComment } from './comments.ts';

const by = (authorId: string) => ({ author: { _id: authorId, name: 'Ana' } }) as Comment;

describe('who may edit or delete a comment', () => {
  it('its author and an admin; nobody else, and nobody signed out', () => {
    expect(canChangeComment(by('u1'), { _id: 'u1', role: 'employee' })).toBe(true);
    expect(canChangeComment(by('u1'), { _id: 'u2', role: 'admin' })).toBe(true);
    expect(canChangeComment(by('u1'), { _id: 'u2', role: 'employee' })).toBe(false);
    expect(canChangeComment(by('u1'), { _id: 'u2', role: 'client' })).toBe(false);
    expect(canChangeComment(by('u1'), null)).toBe(false);
  });
});
