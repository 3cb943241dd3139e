import { readFileSync } from 'node:fs';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { baseNames, candidates, generate, generatedPath } from '../../../../scripts/tw-merge-config.mjs';
import { cn } from './cn.ts';

/**
 * `cn` carries only the tailwind-merge groups our classes use (scripts/tw-merge-config.mjs). It must merge every
 * class written in the sources exactly as the whole `twMerge` does, and its configuration must be current.
 */
describe('cn', () => {
  const words = candidates();
  // The classes as written (with their variants), and only those the whole configuration knows.
  const classes = words.filter((w) => twMerge(`${w} ${w}`) === w && /^[a-z0-9!@[(*-]/.test(w));

  it('its configuration is the one the sources need now', () => {
    expect(
      readFileSync(generatedPath, 'utf8'),
      "ejecuta 'npm run gen:tw-merge' y confirma el resultado",
    ).toBe(generate());
  });

  it('reads the sources: it finds the classes of the button and of a screen', () => {
    expect(classes).toEqual(expect.arrayContaining(['text-xs', 'hover:bg-primary/90', 'min-h-dvh']));
    expect(classes.length).toBeGreaterThan(400);
  });

  it('splits a class as tailwind-merge does (variants, important, postfix)', () => {
    expect(baseNames('md:hover:!bg-primary/90')).toEqual(['bg-primary/90', 'bg-primary']);
    expect(baseNames('data-[state=open]:text-sm')).toEqual(['text-sm']);
    expect(baseNames('[&_svg]:size-4')).toEqual(['size-4']);
    expect(baseNames('w-[calc(100%/3)]')).toEqual(['w-[calc(100%/3)]']);
  });

  it('merges every pair of our classes as twMerge does', () => {
    let compared = 0;
    for (const a of classes)
      for (const b of classes) {
        const input = `${a} ${b}`;
        if (cn(input) !== twMerge(input)) expect(cn(input), input).toBe(twMerge(input));
        compared++;
      }
    expect(compared).toBe(classes.length ** 2);
    // ~500,000 pairs: about 3 s here, twice that on a busy machine.
  }, 60_000);

  it('merges random lists of our classes as twMerge does', () => {
    let seed = 14;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 5000; i++) {
      const list = Array.from({ length: 2 + Math.floor(random() * 10) }, () => {
        const c = classes[Math.floor(random() * classes.length)]!;
        return random() < 0.2 ? `hover:${c}` : c;
      }).join(' ');
      expect(cn(list), list).toBe(twMerge(list));
    }
  }, 60_000);

  it('keeps what it does not know and joins conditional classes', () => {
    expect(cn('px-2 py-1', false, ['px-4', { 'text-sm': true, hidden: false }], 'mi-clase')).toBe(
      'py-1 px-4 text-sm mi-clase',
    );
  });
});
