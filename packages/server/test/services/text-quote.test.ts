import {
  anchorState,
  findQuote,
  htmlToText,
  quoteAt,
  replaceTextRange,
  wrapTextRanges,
} from '@crw/contracts/text-quote';
import { describe, expect, it } from 'vitest';

/** The pure part of copy quotes (issue 47, point 6): the copy's text, finding a quote, replacing it. */

describe('htmlToText', () => {
  it('joins blocks with one newline, decodes entities and collapses whitespace', () => {
    expect(htmlToText('<p>Hola <strong>mundo</strong> feliz</p><p>Dos &amp; tres&nbsp;x</p>')).toBe(
      'Hola mundo feliz\nDos & tres\u00a0x',
    );
    expect(htmlToText('<ul>\n  <li><p>uno</p></li>\n  <li><p>dos</p></li>\n</ul>')).toBe('uno\ndos');
    expect(htmlToText('<p>  a \n  b  </p><p></p><p>c<br>d</p>')).toBe('a b \nc\nd');
    expect(htmlToText('<p>&lt;b&gt; &#241;&#xF1;</p>')).toBe('<b> ññ');
    expect(htmlToText('')).toBe('');
  });
});

describe('findQuote', () => {
  const text = 'el sol sale; el sol se pone; el sol vuelve';
  it('chooses the occurrence whose context matches best', () => {
    expect(findQuote(text, { quote: 'el sol', prefix: 'pone; ', suffix: ' vuelve' })).toEqual({
      start: 29,
      end: 35,
      exact: true,
    });
    expect(findQuote(text, { quote: 'el sol', prefix: 'sale; ' })?.start).toBe(13);
    // No context: the first, or the one nearest a hint.
    expect(findQuote(text, { quote: 'el sol' })?.start).toBe(0);
    expect(findQuote(text, { quote: 'el sol' }, 30)?.start).toBe(29);
  });
  it('answers null when the quote is not there', () => {
    expect(findQuote(text, { quote: 'la luna' })).toBeNull();
    expect(findQuote(text, { quote: '' })).toBeNull();
  });
});

describe('anchorState', () => {
  const v1 = 'Primera frase. Compra ahora con descuento. Fin.';
  const q = quoteAt(v1, 15, 41);
  it('attached when the quote stays at the same offset with its context', () => {
    expect(q.quote).toBe('Compra ahora con descuento');
    expect(anchorState(q, v1, v1)).toBe('attached');
    expect(anchorState(q, v1, `${v1} Más texto al final.`)).toBe('attached');
    // Its context changed after it (a suggestion applied in the next sentence): still where it was.
    expect(anchorState(q, v1, 'Primera frase. Compra ahora con descuento. Adiós.')).toBe('attached');
  });
  it('moved when text before it changed, or when it is found elsewhere', () => {
    expect(anchorState(q, v1, `Intro nueva. ${v1}`)).toBe('moved');
    expect(anchorState(q, v1, 'Compra ahora con descuento. Primera frase.')).toBe('moved');
  });
  it('moved to the duplicate whose context matches when the text is duplicated', () => {
    const v2 = `Otra cosa. Compra ahora con descuento. ${v1}`;
    expect(anchorState(q, v1, v2)).toBe('moved');
    expect(findQuote(v2, q)?.start).toBe(v2.indexOf('Primera frase. Compra') + 15);
  });
  it('orphaned when deleted', () => {
    expect(anchorState(q, v1, 'Primera frase. Fin.')).toBe('orphaned');
    expect(anchorState(q, v1, 'Primera frase. Compra ahora sin descuento. Fin.')).toBe('orphaned');
  });
});

describe('replaceTextRange', () => {
  const replace = (html: string, quote: string, by: string) => {
    const m = findQuote(htmlToText(html), { quote })!;
    return replaceTextRange(html, m.start, m.end, by);
  };
  it('keeps the marks around the quote', () => {
    expect(replace('<p>Hola <strong>mundo</strong> feliz</p>', 'mundo', 'planeta')).toBe(
      '<p>Hola <strong>planeta</strong> feliz</p>',
    );
    expect(replace('<p>Hola <em>gran mundo</em></p>', 'gran', 'pequeño')).toBe(
      '<p>Hola <em>pequeño mundo</em></p>',
    );
  });
  it('puts a quote spanning nodes in the first node and removes the rest', () => {
    expect(replace('<p>Hola <strong>mundo</strong> feliz</p>', 'la mundo fe', 'X')).toBe(
      '<p>HoX<strong></strong>liz</p>',
    );
    expect(replace('<p>uno dos</p><p>tres cuatro</p>', 'dos\ntres', 'y')).toBe('<p>uno y</p><p> cuatro</p>');
  });
  it('escapes the replacement and keeps entities elsewhere', () => {
    expect(replace('<p>A &amp; B <a href="https://x.y?a=1&amp;b=2">enlace</a></p>', 'B', '<C>')).toBe(
      '<p>A &amp; &lt;C&gt; <a href="https://x.y?a=1&amp;b=2">enlace</a></p>',
    );
  });
  it('answers null for a range with no text', () => {
    expect(replaceTextRange('<p>a</p>', 3, 3, 'x')).toBeNull();
  });
});

describe('wrapTextRanges', () => {
  const open = (r: { id: string }, first: boolean) => `<mark data-id="${r.id}"${first ? ' data-first' : ''}>`;
  it('wraps a range in each text node it touches, the markup kept, the text unchanged', () => {
    const html = '<p>Hola <strong>mundo</strong> feliz</p><p>Compra &amp; hoy</p>';
    const text = htmlToText(html);
    const start = text.indexOf('la mun');
    const out = wrapTextRanges(html, [{ id: 'a', start, end: start + 6 }], open);
    expect(out).toBe(
      '<p>Ho<mark data-id="a" data-first>la </mark><strong><mark data-id="a">mun</mark>do</strong> feliz</p><p>Compra &amp; hoy</p>',
    );
    expect(htmlToText(out)).toBe(text);
    // Across blocks, entities escaped again.
    const across = text.indexOf('feliz');
    const both = wrapTextRanges(html, [{ id: 'b', start: across, end: text.indexOf('&') + 1 }], open);
    expect(both).toBe(
      '<p>Hola <strong>mundo</strong> <mark data-id="b" data-first>feliz</mark></p><p><mark data-id="b">Compra &amp;</mark> hoy</p>',
    );
  });

  it('overlapping ranges: the inner one owns its words; empty and out-of-text ranges are ignored', () => {
    const html = '<p>uno dos tres</p>';
    const out = wrapTextRanges(
      html,
      [
        { id: 'outer', start: 0, end: 12 },
        { id: 'inner', start: 4, end: 7 },
        { id: 'empty', start: 2, end: 2 },
        { id: 'past', start: 40, end: 44 },
      ],
      open,
    );
    expect(out).toBe(
      '<p><mark data-id="outer" data-first>uno </mark><mark data-id="inner" data-first>dos</mark><mark data-id="outer"> tres</mark></p>',
    );
    expect(wrapTextRanges(html, [], open)).toBe(html);
  });

  it('collapsed whitespace stays where it was', () => {
    const html = '<p>  a \n  b  </p>';
    const out = wrapTextRanges(html, [{ id: 'x', start: 2, end: 3 }], open);
    expect(out).toBe('<p>  a \n  <mark data-id="x" data-first>b</mark>  </p>');
    expect(htmlToText(out)).toBe(htmlToText(html));
  });
});
