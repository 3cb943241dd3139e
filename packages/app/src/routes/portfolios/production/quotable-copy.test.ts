import { describe, expect, it } from 'vitest';
import { selectionQuote } from './quotable-copy.tsx';

describe('selectionQuote', () => {
  const html = '<p>Hola <strong>mundo</strong> feliz</p><p>Hola mundo otra vez</p>';
  it('reads a selection as the copy text with 32 characters of context', () => {
    expect(selectionQuote(html, 'mundo', 'Hola ')).toEqual({
      quote: 'mundo',
      prefix: 'Hola ',
      suffix: ' feliz\nHola mundo otra vez',
    });
  });
  it('picks the occurrence where the selection starts, across blocks as the browser writes them', () => {
    expect(selectionQuote(html, 'mundo', 'Hola mundo feliz\n\nHola ')?.prefix).toBe(
      'Hola mundo feliz\nHola ',
    );
    expect(selectionQuote(html, 'feliz\n\nHola', 'Hola mundo ')?.quote).toBe('feliz\nHola');
  });
  it('answers null for a selection that is not words of the copy', () => {
    expect(selectionQuote(html, '   ', '')).toBeNull();
    expect(selectionQuote(html, 'adiós', '')).toBeNull();
  });
});
