import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachableSchemas } from '../src/lib/lazy-compilers.ts';
import { createTestApp, type TestContext, testDb } from './helpers.ts';

describe('reachableSchemas: the shared schemas a route’s serializer is given', () => {
  const shared = {
    Person: { $id: 'Person', type: 'object', properties: { team: { $ref: 'Team#' } } },
    Team: { $id: 'Team', type: 'object', properties: { lead: { $ref: 'Person' } } },
    Tag: { $id: 'Tag', type: 'string' },
    Unused: { $id: 'Unused', type: 'number' },
  };

  it('follows $ref through shared schemas, once each, cycles included', () => {
    const schema = { type: 'array', items: { anyOf: [{ $ref: 'Person' }, { $ref: 'Tag' }] } };
    expect(Object.keys(reachableSchemas(schema, shared)).sort()).toEqual(['Person', 'Tag', 'Team']);
  });

  it('ignores local pointers, unknown ids and a property that happens to be named $ref', () => {
    const schema = {
      type: 'object',
      properties: { $ref: { type: 'string' }, self: { $ref: '#/definitions/x' }, other: { $ref: 'Nope' } },
    };
    expect(reachableSchemas(schema, shared)).toEqual({});
    expect(reachableSchemas(undefined, shared)).toEqual({});
    expect(reachableSchemas({ $ref: 'Tag' }, undefined)).toEqual({});
  });
});

describe(`the app's serializers with only the schemas they reach, on ${testDb}`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('write the same code as with every shared schema, for every named component', () => {
    const all = ctx.app.getSchemas() as Record<string, Record<string, unknown>>;
    const ids = Object.keys(all);
    expect(ids.length).toBeGreaterThan(20);
    // The ids it makes up for the root and for merged schemas carry global counters: the rest of the code must
    // match to the character.
    type Schema = Parameters<typeof fastJson>[0];
    type Shared = NonNullable<NonNullable<Parameters<typeof fastJson>[1]>['schema']>;
    const code = (schema: object, shared: Record<string, unknown>) =>
      (
        fastJson(schema as Schema, { schema: shared as Shared, mode: 'debug' }) as unknown as { code: string }
      ).code.replace(/__fjs_(root|merged)_\d+/g, '__fjs_$1');
    for (const id of ids) {
      const schema = { type: 'array', items: { $ref: id } };
      const reached = reachableSchemas(schema, all);
      expect(Object.keys(reached)).toContain(id);
      expect(code(schema, reached), id).toBe(code(schema, all));
    }
  });

  it('every route compiles once the server listens (a $ref it could not resolve would reject)', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await expect(ctx.app.warmedUp()).resolves.toBeUndefined();
  });
});
