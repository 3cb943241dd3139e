import { describe, expect, it } from 'vitest';
import { uiMessages } from '../messages.ts';
import { wordDiff } from './word-diff.ts';

describe('wordDiff', () => {
  it('marks the words added and removed and counts them', () => {
    const d = wordDiff('Cartel amarillo', 'Cartel amarillo y azul');
    expect(d.unchanged).toBe(false);
    expect(d.added).toBe(2);
    expect(d.removed).toBe(0);
    expect(d.parts.filter((p) => p.kind === 'added').map((p) => p.value.trim())).toEqual(['y azul']);
  });

  it('counts a replaced word once on each side, and keeps the line breaks', () => {
    const d = wordDiff('Hola\n\nmundo', 'Hola\n\nplaneta');
    expect([d.added, d.removed]).toEqual([1, 1]);
    expect(d.parts.map((p) => p.value).join('')).toContain('\n\n');
  });

  it('says equal texts are unchanged, and an empty pair has no parts', () => {
    expect(wordDiff('Igual', 'Igual')).toEqual({
      parts: [{ value: 'Igual', kind: 'same' }],
      added: 0,
      removed: 0,
      unchanged: true,
    });
    expect(wordDiff('', '').parts).toEqual([]);
  });

  it('speaks Spanish in the singular and the plural', () => {
    expect(uiMessages.diffView.summary(2, 0)).toBe('2 palabras añadidas, 0 eliminadas');
    expect(uiMessages.diffView.summary(1, 1)).toBe('1 palabra añadida, 1 eliminada');
  });
});
