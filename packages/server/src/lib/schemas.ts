import { type SchemaOptions, type Static, type TSchema, Type } from '@sinclair/typebox';
import { ITEM_STATUSES, ROLES } from '../db/schema.ts';

/** Shared TypeBox pieces: the error shape, ids, pagination, timestamps. */
export const ErrorResponse = Type.Object(
  {
    message: Type.String(),
    code: Type.String(),
    details: Type.Optional(
      Type.Array(Type.Object({ field: Type.Optional(Type.String()), message: Type.String() })),
    ),
  },
  { $id: 'ErrorResponse', title: 'ErrorResponse' },
);

export const ErrorRef = Type.Ref('ErrorResponse');

/** Standard error responses to spread into a route's `response`. */
export const errorResponses = (...codes: Array<400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503>) =>
  Object.fromEntries(codes.map((c) => [c, ErrorRef])) as Record<number, typeof ErrorRef>;

/** 400, 401 and 404: what almost every authenticated route can answer. */
export const authErrors = errorResponses(400, 401, 403, 404);

/** The contract's enumerations, built from the schema's lists (`db/schema/`), never written out again. */
export const ItemStatusSchema = Type.Union(ITEM_STATUSES.map((s) => Type.Literal(s)));
export const roleSchema = (options?: SchemaOptions) =>
  Type.Union(
    ROLES.map((r) => Type.Literal(r)),
    options,
  );

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const Timestamp = Type.String({ format: 'date-time' });
/** A calendar day (`format: date` refuses 2024-02-30; PostgreSQL has no year 0). */
export const IsoDate = Type.String({
  pattern: '^(?!0000)\\d{4}-\\d{2}-\\d{2}$',
  format: 'date',
  description: 'YYYY-MM-DD',
});

export const PageQuery = {
  // Bounded so that (page - 1) × limit always fits PostgreSQL's OFFSET.
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
};

export const Paginated = <T extends TSchema>(item: T, name: string) =>
  Type.Object(
    {
      items: Type.Array(item),
      total: Type.Integer(),
      page: Type.Integer(),
      limit: Type.Integer(),
      atLeast: Type.Optional(
        Type.Boolean({ description: 'El total es un mínimo: hay al menos esos (contados hasta un tope)' }),
      ),
    },
    { title: name },
  );

export const Ok = Type.Object({ success: Type.Boolean() }, { title: 'Ok' });

/**
 * Named components of the OpenAPI document. A schema made with `component(name, schema)` is registered once
 * (`registerComponents`) and referenced with `ref(schema)`, so the generated client has a named type for it.
 */
const componentRegistry = new Map<string, TSchema>();

export function component<T extends TSchema>(name: string, schema: T): T {
  const named = { ...schema, $id: name, title: name } as T;
  componentRegistry.set(name, named);
  return named;
}

export function ref<T extends TSchema>(schema: T) {
  if (!schema.$id) throw new Error('ref() needs a schema made with component()');
  return Type.Unsafe<Static<T>>(Type.Ref(schema.$id));
}

export function registeredComponents(): TSchema[] {
  return [...componentRegistry.values()];
}

/**
 * Route option for the largest pages: answer with V8's own `JSON.stringify` instead of the serializer compiled
 * from the response schema. On a page of 50 items (≈ 30 KB of strings) the compiled one escapes each string in
 * JavaScript and picks each nullable's branch at run time: it cost 2.5× the native call and ~20% of the
 * request (issue 30's floor, measured with a CPU profile). Only for answers built field by field by the
 * services (toItem and the like), so that there is no property the schema would have had to strip; the schema
 * still documents the answer and the tests check it.
 */
export const nativeJsonAnswer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;
