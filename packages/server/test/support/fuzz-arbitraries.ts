/**
 * The API fuzzer's generators (fuzz.test.ts), built with fast-check from the OpenAPI document's schemas: ids of
 * the right kind from the seeded world, hostile values, values on and past each limit, valid values, and valid
 * values with one field made hostile, set to a boundary, dropped or added.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Schema, World } from './fuzz-world.ts';

const junkIds = ['no-existe', '../../etc/passwd', '%00', ' ', 'null', '0', '😀', 'a'.repeat(101)];

/** The generators, aimed at the rows of `getWorld()` (read at each use: the world is rebuilt between runs). */
export function fuzzArbitraries(getWorld: () => World) {
  /** Ids of the kind a field or path parameter expects (so requests reach past the lookups), by name. */
  const idsFor = (name: string, segment = ''): string[] => {
    const w = getWorld();
    const byName: Record<string, string[]> = {
      portfolioId: w.portfolio,
      portfolioIds: w.portfolio,
      agentId: w.agent,
      itemId: w.item,
      itemIds: w.item,
      cycleId: w.cycle,
      nextCycleId: w.cycle,
      integrationId: w.integration,
      assigneeId: w.member,
      userIds: w.member,
      tools: w.tool,
      s3Key: w.s3Key,
      entityId: [...w.item, ...w.cycle, ...w.task, ...w.agent, ...w.portfolio],
    };
    const bySegment: Record<string, string[]> = {
      users: w.victim,
      portfolios: w.portfolio,
      'check-identifier': ['identificador-libre', 'ab'],
      cycles: w.cycle,
      items: w.item,
      tasks: w.task,
      comments: w.comment,
      tools: w.tool,
      notifications: w.notification,
      agents: w.portfolio,
      portfolio: w.portfolio,
    };
    return (name === 'id' ? bySegment[segment] : byName[name]) ?? [];
  };

  const anyId = () =>
    fc.constantFrom(
      ...Object.entries(getWorld())
        .filter(([k]) => k !== 'member')
        .flatMap(([, v]) => v as string[]),
      ...junkIds,
      randomUUID(),
    );

  /** Hostile values for any field. */
  const hostile = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      fc.constant(null),
      fc.constant(''),
      fc.constant('\u0000'),
      fc.string({ maxLength: 10 }).map((s) => `${s}\u0000${s}`),
      fc.constant('x'.repeat(10_240)),
      fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 1.5, Number.MAX_SAFE_INTEGER, 1e-300),
      fc.constantFrom(
        'NaN',
        'Infinity',
        '-0',
        '1e999',
        '1e308',
        'true',
        '[]',
        '{}',
        '2024-02-30',
        '0000-01-01',
      ),
      fc.boolean(),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
      anyId(),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    );

  /** Values on and just past the schema's limits: min-1, min, max, max+1 for numbers, lengths and counts. */
  const boundaries = (s: Schema, name: string): fc.Arbitrary<unknown>[] => {
    if (!s) return [];
    const out: fc.Arbitrary<unknown>[] = [];
    for (const v of s.anyOf ?? s.oneOf ?? []) out.push(...boundaries(v, name));
    if (s.type === 'integer' || s.type === 'number') {
      if (s.minimum !== undefined) out.push(fc.constantFrom(s.minimum - 1, s.minimum));
      if (s.maximum !== undefined) out.push(fc.constantFrom(s.maximum, s.maximum + 1, s.maximum * 10));
      if (s.type === 'integer') out.push(fc.constantFrom(0.5, '1.5', '12abc'));
    }
    if (s.type === 'string') {
      if (s.minLength) out.push(fc.constant('x'.repeat(s.minLength - 1)));
      if (s.maxLength !== undefined)
        out.push(
          fc.constantFrom('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1), ' '.repeat(s.maxLength)),
        );
      if (s.enum) out.push(fc.constant(`${s.enum[0]}-no`));
    }
    if (s.type === 'array') {
      if (s.minItems) out.push(fc.constant([]));
      if (s.maxItems !== undefined)
        out.push(fc.array(valid(s.items, name, 1), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
    }
    return out;
  };

  /** A value that satisfies the schema as far as a generator can (ids of the right kind, known patterns). */
  const valid = (s: Schema, name = '', depth = 0): fc.Arbitrary<unknown> => {
    if (!s || depth > 6) return fc.constant(null);
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.const !== undefined) return fc.constant(s.const);
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return fc.oneof(...variants.map((v: Schema) => valid(v, name, depth + 1)));
    const typed = idsFor(name);
    switch (s.type) {
      case 'string': {
        if (typed.length) return fc.constantFrom(...typed);
        if (/id$/i.test(name)) return anyId();
        if (s.format === 'email') return fc.constantFrom('fuzz@test.local', 'a@b.co');
        if (s.format === 'date' || s.pattern?.includes('\\d{4}'))
          return fc.constantFrom('2060-01-05', '2064-02-29');
        if (s.pattern?.includes('https?')) return fc.constantFrom('https://example.com/x', 'http://a.b/c');
        if (s.pattern) return fc.constantFrom('identificador-1', 'abc-def');
        const base = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) });
        return s.nullable ? fc.option(base) : base;
      }
      case 'integer':
        return fc.integer({ min: s.minimum ?? -10, max: Math.min(s.maximum ?? 1000, 1000) });
      case 'number':
        return fc.double({ min: s.minimum ?? -10, max: s.maximum ?? 1000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'array':
        if (typed.length && s.items?.type === 'string')
          return fc.subarray(typed, { maxLength: Math.min(s.maxItems ?? 3, 3, typed.length) });
        return fc.array(valid(s.items, name, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 3, 3),
        });
      case 'object': {
        const props = Object.entries<Schema>(s.properties ?? {});
        const required = new Set<string>(s.required ?? []);
        return fc.record(Object.fromEntries(props.map(([k, v]) => [k, valid(v, k, depth + 1)])), {
          requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)),
        });
      }
      default:
        return fc.anything({ maxDepth: 1 });
    }
  };

  /** Every field of a body schema, nested ones included (arrays through their first element). */
  const fieldPaths = (
    s: Schema,
    prefix: Array<string | number> = [],
    depth = 0,
  ): Array<{
    path: Array<string | number>;
    schema: Schema;
  }> => {
    if (!s || depth > 4) return [];
    const out: Array<{ path: Array<string | number>; schema: Schema }> = [];
    for (const [k, v] of Object.entries<Schema>(s.properties ?? {})) {
      out.push({ path: [...prefix, k], schema: v });
      out.push(...fieldPaths(v, [...prefix, k], depth + 1));
    }
    if (s.type === 'array' && s.items) out.push(...fieldPaths(s.items, [...prefix, 0], depth + 1));
    return out;
  };

  const setAt = (root: unknown, path: Array<string | number>, value: unknown, drop: boolean) => {
    const top = (root && typeof root === 'object' ? structuredClone(root) : {}) as Record<string, unknown>;
    let node: Record<string | number, unknown> = top;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        if (drop) delete node[key];
        else node[key] = value;
        return;
      }
      if (!node[key] || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    });
    return top;
  };

  /** Valid data, or valid data with one field (at any depth) made hostile, set to a boundary, dropped, or added. */
  const corrupt = (s: Schema): fc.Arbitrary<unknown> => {
    const fields = fieldPaths(s);
    const mutations = fields.length
      ? fields.map(({ path, schema }) => {
          const name = String(path.findLast((p) => typeof p === 'string') ?? '');
          return fc
            .tuple(
              valid(s),
              fc.oneof(
                { weight: 3, arbitrary: hostile().map((v) => ({ v, drop: false })) },
                ...boundaries(schema, name).map((b) => ({
                  weight: 2,
                  arbitrary: b.map((v) => ({ v, drop: false })),
                })),
                { weight: 1, arbitrary: fc.constant({ v: undefined, drop: true }) },
              ),
            )
            .map(([value, m]) => setAt(value, path, m.v, m.drop));
        })
      : [];
    return fc.oneof(
      { weight: 2, arbitrary: valid(s) },
      { weight: 1, arbitrary: hostile() },
      {
        weight: 1,
        arbitrary: fc
          .tuple(valid(s), fc.string({ maxLength: 8 }), hostile())
          .map(([value, key, bad]) => setAt(value, [`${key}_desconocido`], bad, false)),
      },
      ...(mutations.length ? [{ weight: 6, arbitrary: fc.oneof(...mutations) }] : []),
    );
  };

  /** How the body travels: as JSON (usually), or as something a JSON route does not expect. */
  const envelope = fc.oneof(
    { weight: 20, arbitrary: fc.constant('json' as const) },
    { weight: 1, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constant('huge' as const) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '', 'null', '[]', '"x"', '{"__proto__":{"x":1}}') },
    { weight: 1, arbitrary: fc.constant('text' as const) },
  );

  return { idsFor, anyId, hostile, boundaries, valid, corrupt, envelope };
}

/** Inlines $refs (the document's components) so generators see whole schemas. */
export function deref(s: Schema, resolve: (s: Schema) => Schema, depth = 0): Schema {
  if (!s || typeof s !== 'object' || depth > 8) return s;
  const r = resolve(s);
  if (Array.isArray(r)) return r.map((x) => deref(x, resolve, depth + 1));
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, deref(v, resolve, depth + 1)]));
}
