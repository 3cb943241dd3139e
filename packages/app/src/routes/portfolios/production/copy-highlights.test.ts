import type { Comment } from '@crw/api-client';
import { describe, expect, it } from 'vitest';
import { copyHighlights, firstWords } from './copy-highlights.ts';

const quote = (
  id: string,
  q: { versionNumber: number; quote: string; prefix?: string },
  extra: Partial<Comment> = {},
) =>
  ({
    _id: id,
    body: '<p>Cambia esto por algo <strong>más corto</strong> y claro, por favor, gracias</p>',
    anchor: q,
    anchorState: 'attached',
    resolved: false,
    ...extra,
  }) as Comment;

describe('copyHighlights', () => {
  const v2 = '<p>Hola <strong>mundo</strong> feliz</p><p>Hola mundo otra vez</p>';
  it('places the open quotes of the current copy, by their context, named by the comment', () => {
    const found = copyHighlights(
      [
        quote('a', { versionNumber: 2, quote: 'mundo', prefix: 'feliz\nHola ' }),
        quote('b', { versionNumber: 1, quote: 'feliz' }, { anchorState: 'moved' }),
      ],
      v2,
      { number: 2, current: true },
    );
    expect(found).toEqual([
      { id: 'a', start: 22, end: 27, label: 'Comentado: Cambia esto por algo más corto y claro,…' },
      { id: 'b', start: 11, end: 16, label: expect.stringMatching(/^Comentado: /) },
    ]);
  });
  it('leaves out resolved threads, orphaned quotes, pins, and quotes not in the text', () => {
    const found = copyHighlights(
      [
        quote('resolved', { versionNumber: 2, quote: 'Hola' }, { resolved: true }),
        quote('gone', { versionNumber: 1, quote: 'triste' }, { anchorState: 'orphaned' }),
        {
          _id: 'pin',
          body: '<p>x</p>',
          anchor: { versionNumber: 2, fileKey: 'k', x: 0, y: 0 },
        } as unknown as Comment,
        quote('stale', { versionNumber: 2, quote: 'no está' }),
      ],
      v2,
      { number: 2, current: true },
    );
    expect(found).toEqual([]);
  });
  it('on an older version, only the quotes of that version', () => {
    const found = copyHighlights(
      [
        quote('old', { versionNumber: 1, quote: 'feliz' }, { anchorState: 'orphaned' }),
        quote('new', { versionNumber: 2, quote: 'Hola' }),
      ],
      '<p>Hola feliz</p>',
      { number: 1, current: false },
    );
    expect(found.map((h) => h.id)).toEqual(['old']);
  });
  it('firstWords: eight words at most, from the HTML text', () => {
    expect(firstWords('<p>uno <em>dos</em></p><p>tres</p>')).toBe('uno dos tres');
    expect(firstWords('<p>a b c d e f g h i</p>')).toBe('a b c d e f g h…');
  });
});
