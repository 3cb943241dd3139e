import { describe, expect, it } from 'vitest';
import { snippetParts } from './search-api.ts';

describe('snippetParts', () => {
  it('splits the marked words and decodes the escaped text once', () => {
    expect(snippetParts('Tarta &lt;b&gt;<mark>fresa</mark>&lt;/b&gt; &amp;amp; <mark>nata</mark>')).toEqual([
      { text: 'Tarta <b>', mark: false },
      { text: 'fresa', mark: true },
      { text: '</b> &amp; ', mark: false },
      { text: 'nata', mark: true },
    ]);
  });
});
