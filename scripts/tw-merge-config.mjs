#!/usr/bin/env node
/**
 * The design system's class merger (`cn`) with only the tailwind-merge class groups this codebase uses (issue 14:
 * /auth's JavaScript). tailwind-merge's default configuration describes all ~380 groups of Tailwind's classes and
 * is most of its 8 KB gzip; `packages/ui/src/lib/tw-merge-config.gen.ts` keeps, unchanged, the definitions of the
 * groups that a class written in `packages/ui/src` or `packages/app/src` belongs to (found as Tailwind finds them,
 * with its own scanner), their theme scales and their conflicts. A class of a kept group resolves to the same group
 * as with the whole configuration, so `cn` merges every class we write exactly as `twMerge` would
 * (`lib/cn.test.ts` checks it against `twMerge`, and that this file is current).
 *
 *   npm run gen:tw-merge                      writes the file
 *   node scripts/tw-merge-config.mjs --check  fails if it is not what the sources need now
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Scanner } from '@tailwindcss/oxide';
import { getDefaultConfig, validators } from 'tailwind-merge';

const root = resolve(import.meta.dirname, '..');
export const generatedPath = join(root, 'packages/ui/src/lib/tw-merge-config.gen.ts');

/** Every class-like word Tailwind would read in the sources whose classes it builds (styles.css's @source). */
export function candidates() {
  const sources = ['packages/ui/src', 'packages/app/src'].map((dir) => ({
    base: join(root, dir),
    pattern: '**/*.{ts,tsx}',
    negated: false,
  }));
  return new Scanner({ sources }).scan();
}

/** Splits a class as tailwind-merge reads it: variants before top-level colons, `!`, a `/` postfix. */
export function baseNames(className) {
  let depth = 0;
  let start = 0;
  let slash = -1;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && c === ':') {
      start = i + 1;
      slash = -1;
    } else if (depth === 0 && c === '/') slash = i;
  }
  let base = className.slice(start);
  let offset = start;
  if (base.startsWith('!')) {
    base = base.slice(1);
    offset += 1;
  }
  if (base.endsWith('!')) base = base.slice(0, -1);
  return slash > offset ? [base, className.slice(offset, slash)] : [base];
}

const validatorName = new Map(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** The theme key a `fromTheme(key)` getter reads (it keeps the key only in its closure). */
function themeKey(getter) {
  let key;
  getter(
    new Proxy(
      {},
      {
        get(_, k) {
          key = k;
          return [];
        },
      },
    ),
  );
  return key;
}

/**
 * A class → group lookup over a configuration, built the way tailwind-merge builds its own: a tree of class parts
 * split at '-', literal parts first, then each part's validators in order.
 */
export function groupLookup(config) {
  const node = () => ({ next: new Map(), validators: [], group: undefined });
  const tree = node();
  const part = (at, path) => {
    let current = at;
    for (const p of path.split('-')) {
      if (!current.next.has(p)) current.next.set(p, node());
      current = current.next.get(p);
    }
    return current;
  };
  const add = (definitions, at, group) => {
    for (const d of definitions) {
      if (typeof d === 'string') (d === '' ? at : part(at, d)).group = group;
      else if (typeof d === 'function' && d.isThemeGetter) add(d(config.theme), at, group);
      else if (typeof d === 'function') at.validators.push({ test: d, group });
      else for (const [key, value] of Object.entries(d)) add(value, part(at, key), group);
    }
  };
  for (const [group, definitions] of Object.entries(config.classGroups)) add(definitions, tree, group);
  const find = (parts, i, at) => {
    if (i === parts.length) return at.group;
    const next = at.next.get(parts[i]);
    const found = next ? find(parts, i + 1, next) : undefined;
    if (found) return found;
    const rest = parts.slice(i).join('-');
    return at.validators.find((v) => v.test(rest))?.group;
  };
  return (className) => {
    if (className.startsWith('[') && className.endsWith(']')) return undefined; // arbitrary property: no config
    const parts = className.split('-');
    return find(parts, parts[0] === '' && parts.length > 1 ? 1 : 0, tree);
  };
}

/** The groups the sources' classes belong to, with the whole default configuration. */
export function usedGroups(config = getDefaultConfig(), words = candidates()) {
  const lookup = groupLookup(config);
  const used = new Set();
  for (const word of words)
    for (const name of baseNames(word)) {
      const group = lookup(name);
      if (group) used.add(group);
    }
  return used;
}

/** The configuration's source: the used groups' definitions as tailwind-merge writes them, validators by name. */
export function generate(config = getDefaultConfig(), used = usedGroups(config)) {
  const themeKeys = new Set();
  const validatorsUsed = new Set();
  const write = (d) => {
    if (typeof d === 'string') return JSON.stringify(d);
    if (typeof d === 'function' && d.isThemeGetter) {
      const key = themeKey(d);
      themeKeys.add(key);
      return `t(${JSON.stringify(key)})`;
    }
    if (typeof d === 'function') {
      const name = validatorName.get(d);
      if (!name) throw new Error('tailwind-merge: un validador sin nombre exportado');
      validatorsUsed.add(name);
      return name;
    }
    if (Array.isArray(d)) return `[${d.map(write).join(', ')}]`;
    return `{ ${Object.entries(d)
      .map(([k, v]) => `${JSON.stringify(k)}: ${write(v)}`)
      .join(', ')} }`;
  };
  // In the default configuration's order: a later group's definition of the same class part wins, as does an earlier
  // group's validator at the same part (tailwind-merge builds its lookup in that order).
  const groups = Object.keys(config.classGroups).filter((g) => used.has(g));
  const classGroups = groups.map((g) => `    ${JSON.stringify(g)}: ${write(config.classGroups[g])},`);
  // The theme scales the kept groups read, and the ones those scales read in turn.
  const theme = [];
  const written = new Set();
  while (written.size < themeKeys.size)
    for (const key of [...themeKeys].sort())
      if (!written.has(key)) {
        written.add(key);
        theme.push(`    ${JSON.stringify(key)}: ${write(config.theme[key] ?? [])},`);
      }
  theme.sort();
  const conflicts = (map) =>
    groups
      .map((g) => [g, (map[g] ?? []).filter((c) => used.has(c))])
      .filter(([, list]) => list.length > 0)
      .map(([g, list]) => `    ${JSON.stringify(g)}: ${JSON.stringify(list)},`);
  return `// Generated by scripts/tw-merge-config.mjs from tailwind-merge's default configuration: do not edit.
// Only the class groups of the classes written in packages/ui/src and packages/app/src (see that script).
import { fromTheme as t, type Config, validators } from 'tailwind-merge';

const { ${[...validatorsUsed].sort().join(', ')} } = validators;

export const twMergeConfig = {
  cacheSize: ${config.cacheSize},
  theme: {
${theme.join('\n')}
  },
  classGroups: {
${classGroups.join('\n')}
  },
  conflictingClassGroups: {
${conflicts(config.conflictingClassGroups).join('\n')}
  },
  conflictingClassGroupModifiers: {
${conflicts(config.conflictingClassGroupModifiers).join('\n')}
  },
  postfixLookupClassGroups: ${JSON.stringify(config.postfixLookupClassGroups.filter((g) => used.has(g)))},
  orderSensitiveModifiers: ${JSON.stringify(config.orderSensitiveModifiers)},
} as unknown as Config<string, string>;
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = generate();
  if (process.argv.includes('--check')) {
    if (readFileSync(generatedPath, 'utf8') !== source) {
      console.error(`${generatedPath} no está al día: ejecuta 'npm run gen:tw-merge'.`);
      process.exit(1);
    }
  } else writeFileSync(generatedPath, source);
}
