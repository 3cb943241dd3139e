import { type TSchema, Type } from '@sinclair/typebox';

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
export const errorResponses = (...codes: Array<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503>) =>
  Object.fromEntries(codes.map((c) => [c, ErrorRef])) as Record<number, typeof ErrorRef>;

/** 400, 401 and 404: what almost every authenticated route can answer. */
export const authErrors = errorResponses(400, 401, 403, 404);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const Timestamp = Type.String({ format: 'date-time' });
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const PageQuery = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
};

export const Paginated = <T extends TSchema>(item: T, name: string) =>
  Type.Object(
    { items: Type.Array(item), total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() },
    { title: name },
  );

export const Ok = Type.Object({ success: Type.Boolean() }, { title: 'Ok' });
