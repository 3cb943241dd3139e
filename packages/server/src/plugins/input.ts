import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

export interface InputProblem {
  field: string;
  message: string;
}

const isIdKey = (key: string) => /(^id|Id)$/.test(key);

/**
 * The first problem in parsed input that a schema cannot express: a NUL character (U+0000) in any text or
 * key (PostgreSQL refuses it in text), or — with `emptyIds` — an empty string where an id is expected (the
 * validator would otherwise coerce "" to null, and "unassign" must be said with null).
 */
export function findProblem(
  value: unknown,
  path: string,
  emptyIds: boolean,
  depth = 0,
): InputProblem | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000')
      ? { field: path, message: 'Contiene un carácter nulo (\\0), que no se admite' }
      : undefined;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  // Parsed JSON, query (an object without Object's prototype) and params: a streamed or binary upload body
  // is not text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const field = path ? `${path}.${key}` : key;
    if (key.includes('\u0000'))
      return {
        field: field.replaceAll('\u0000', '\\0'),
        message: 'Contiene un carácter nulo (\\0), que no se admite',
      };
    if (emptyIds && inner === '' && isIdKey(key))
      return { field, message: 'Está vacío: indica un identificador o null' };
    const found = findProblem(inner, field, emptyIds, depth + 1);
    if (found) return found;
  }
  return undefined;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Input checks that hold for every route, so no route can forget them:
 * - before validation, a NUL character anywhere in params, query or body, and an empty id in a body, are a 400
 *   naming the field;
 * - after validation (which drops unknown fields), an update whose schema asks for at least one field
 *   (`minProperties`) and that has none left is a 400, never an empty UPDATE.
 */
export const inputPlugin = fp(input, { name: 'crw-input' });

async function input(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const problem = findProblem(value, '', part === 'body');
      if (problem) {
        const field = problem.field || part;
        throw new AppError('VALIDATION', `El campo '${field}' no es válido: ${lowerFirst(problem.message)}`, [
          { field, message: problem.message },
        ]);
      }
    }
  });

  app.addHook('preHandler', async (request) => {
    const schema = request.routeOptions.schema?.body as { minProperties?: number } | undefined;
    const min = schema?.minProperties;
    if (!min || !request.body || typeof request.body !== 'object') return;
    if (Object.keys(request.body).length < min) {
      const message = 'El cuerpo no contiene ningún campo que cambiar';
      throw new AppError('VALIDATION', message, [{ field: 'body', message }]);
    }
  });
}
