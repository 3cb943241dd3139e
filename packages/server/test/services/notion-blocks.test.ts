import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToBlocks, itemToBlocks } from '../../src/services/integrations/notion-blocks.ts';

const texts = (html: string) =>
  htmlToBlocks(html).map((b) => {
    const rich = (b as Record<string, { rich_text: Array<{ text: { content: string } }> }>)[b.type]!
      .rich_text;
    return [b.type, rich.map((t) => t.text.content).join('')];
  });

describe('copy HTML as Notion blocks', () => {
  it('decodes the entities the sanitiser writes, and nothing else', () => {
    expect(decodeEntities('a &amp; b &lt;i&gt; &quot;x&quot; &#39;y&#39; &#x1F600; &nbsp;&bogus;')).toBe(
      'a & b <i> "x" \'y\' 😀 \u00a0&bogus;',
    );
  });

  it('keeps paragraphs of a list item together, flattens nested lists, turns <br> into a new line', () => {
    expect(
      texts('<ul><li><p>Uno</p><p>bis</p><ol><li>Anidado</li></ol></li></ul><p>a<br>b</p>texto suelto'),
    ).toEqual([
      ['bulleted_list_item', 'Uno\nbis'],
      ['numbered_list_item', 'Anidado'],
      ['paragraph', 'a\nb'],
      ['paragraph', 'texto suelto'],
    ]);
  });

  it('never splits a character in two at the 2,000 limit and keeps at most 100 texts per block', () => {
    const emoji = '😀'.repeat(2001);
    const [block] = htmlToBlocks(`<p>${emoji}</p>`);
    const rich = (block as unknown as { paragraph: { rich_text: Array<{ text: { content: string } }> } })
      .paragraph.rich_text;
    expect(rich.map((t) => Array.from(t.text.content).length)).toEqual([2000, 1]);
    const many = `<p>${Array.from({ length: 150 }, (_, i) => (i % 2 ? `<b>${i}</b>` : `<i>${i}</i>`)).join('')}</p>`;
    const blocks = htmlToBlocks(many);
    expect(blocks).toHaveLength(2);
    expect(
      blocks.map((b) => (b as unknown as { paragraph: { rich_text: unknown[] } }).paragraph.rich_text.length),
    ).toEqual([100, 50]);
  });

  it('drops links Notion would refuse and writes what is missing in Spanish', () => {
    const blocks = itemToBlocks({
      title: '',
      format: null,
      publishDate: null,
      copy: '<p><a href="mailto:x@y.z">correo</a></p>',
      links: ['https://ok.example.com'],
      files: [{ fileName: 'foto.png' }],
    });
    const json = JSON.stringify(blocks);
    expect(json).toContain('Sin título');
    expect(json).toContain('Formato: Sin formato · Publicación: Sin fecha');
    expect(json).not.toContain('mailto:');
    expect(json).toContain('foto.png');
    expect(blocks.at(-1)).toEqual({ object: 'block', type: 'divider', divider: {} });
  });
});
