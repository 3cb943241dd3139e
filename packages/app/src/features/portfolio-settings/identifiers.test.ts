import { describe, expect, it } from 'vitest';
import { isSlug, notionPageUrl, parseNotionPage, slugify } from './identifiers.ts';

const id = '1a2b3c4d5e6f47089a0b1c2d3e4f5a6b';
const dashed = '1a2b3c4d-5e6f-4708-9a0b-1c2d3e4f5a6b';

describe('slugify', () => {
  it('drops accents, lowercases and joins words with one dash', () => {
    expect(slugify('Panadería Sol & Hijos')).toBe('panaderia-sol-hijos');
    expect(slugify('  Café  Ñandú!! ')).toBe('cafe-nandu');
    expect(slugify('---')).toBe('');
  });
  it('never exceeds 60 characters nor ends with a dash', () => {
    const slug = slugify(`${'a'.repeat(59)} bcd`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
    expect(isSlug(slug)).toBe(true);
  });
  it('agrees with the server about what a slug is', () => {
    expect(isSlug('sol')).toBe(true);
    expect(isSlug('so')).toBe(false);
    expect(isSlug('sol-')).toBe(false);
    expect(isSlug('Sol')).toBe(false);
    expect(isSlug('sol--luna')).toBe(false);
  });
});

describe('parseNotionPage', () => {
  it.each([
    [id, id],
    [id.toUpperCase(), id],
    [dashed, id],
    [`  ${id}  `, id],
    [`https://www.notion.so/${id}`, id],
    [`https://www.notion.so/mi-espacio/Plan-de-contenidos-${id}`, id],
    [`https://www.notion.so/mi-espacio/Plan-de-contenidos-${id}?pvs=4`, id],
    [`https://www.notion.so/Plan-${id}#abc`, id],
    [`www.notion.so/Plan-${id}`, id],
    [`https://equipo.notion.site/Plan-${id}`, id],
    [`https://www.notion.so/${dashed}`, id],
    [`https://www.notion.so/espacio/base?v=ffffffffffffffffffffffffffffffff&p=${id}&pm=s`, id],
  ])('finds the id in %s', (input, expected) => {
    expect(parseNotionPage(input)).toEqual({ ok: true, id: expected });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['hola', 'noId'],
    [id.slice(0, 31), 'noId'],
    [`${id}0`, 'noId'],
    ['g'.repeat(32), 'noId'],
    [`https://example.com/${id}`, 'notNotion'],
    [`https://notion.so.evil.com/${id}`, 'notNotion'],
    ['https://www.notion.so/mi-espacio/Plan-de-contenidos', 'noId'],
    [`https://www.notion.so/a${id}`, 'noId'],
  ])('refuses %s (%s)', (input, reason) => {
    expect(parseNotionPage(input)).toEqual({ ok: false, reason });
  });

  it('links to the page', () => {
    expect(notionPageUrl(dashed)).toBe(`https://www.notion.so/${id}`);
  });
});
