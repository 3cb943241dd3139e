import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { lostDatabaseConnection } from '../db/postgres.ts';
import { AppError, type ErrorDetail, errorCatalog } from '../errors.ts';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const fieldOf = (issue: AjvIssue, context?: string) => {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty ?? '');
    return path ? `${path}.${missing}` : missing;
  }
  return path || context || 'body';
};

/** One Spanish sentence per validation issue, naming the field. */
export function describeIssue(issue: AjvIssue, context?: string): ErrorDetail {
  const field = fieldOf(issue, context);
  const p = issue.params;
  const messages: Record<string, string> = {
    required: `Falta el campo obligatorio '${field}'`,
    type: `El campo '${field}' debe ser de tipo ${translateType(String(p.type))}`,
    minLength: `El campo '${field}' debe tener al menos ${p.limit} caracteres`,
    maxLength: `El campo '${field}' debe tener como máximo ${p.limit} caracteres`,
    minimum: `El campo '${field}' debe ser como mínimo ${p.limit}`,
    maximum: `El campo '${field}' debe ser como máximo ${p.limit}`,
    minItems: `El campo '${field}' debe tener al menos ${p.limit} elementos`,
    maxItems: `El campo '${field}' debe tener como máximo ${p.limit} elementos`,
    format:
      p.format === 'date'
        ? `El campo '${field}' no es una fecha válida (AAAA-MM-DD)`
        : `El campo '${field}' no tiene un formato válido`,
    pattern: `El campo '${field}' no tiene un formato válido`,
    enum: `El campo '${field}' tiene un valor no permitido`,
    const: `El campo '${field}' tiene un valor no permitido`,
    anyOf: `El campo '${field}' tiene un valor no permitido`,
    additionalProperties: `El campo '${field}.${String(p.additionalProperty ?? '')}' no está permitido`,
    minProperties:
      field === 'body' ? 'El cuerpo no contiene ningún campo que cambiar' : `El campo '${field}' está vacío`,
    uniqueItems: `El campo '${field}' tiene elementos repetidos`,
    exclusiveMinimum: `El campo '${field}' debe ser mayor que ${p.limit}`,
    exclusiveMaximum: `El campo '${field}' debe ser menor que ${p.limit}`,
    multipleOf: `El campo '${field}' debe ser múltiplo de ${p.multipleOf}`,
  };
  return { field, message: messages[issue.keyword] ?? `El campo '${field}' no es válido` };
}

function translateType(type: string): string {
  const names: Record<string, string> = {
    string: 'texto',
    number: 'número',
    integer: 'número entero',
    boolean: 'booleano',
    array: 'lista',
    object: 'objeto',
    null: 'nulo',
  };
  return type
    .split(',')
    .map((t) => names[t] ?? t)
    .join(' o ');
}

const send = (
  reply: FastifyReply,
  status: number,
  body: { message: string; code: string; details?: ErrorDetail[] },
) => reply.status(status).type('application/json; charset=utf-8').send(body);

/**
 * PostgreSQL errors caused by the data a client sent, each with a Spanish message: text that is not a value of
 * the column's type, a number out of range, a bad date or time, a text too long, an invalid encoding or a NUL
 * character, a value too complex, a required value missing, a check that fails. Never a 500, never the SQL.
 */
const clientDataErrors: Record<string, string> = {
  '22P02': 'tiene un valor con un formato no válido',
  '22003': 'tiene un número fuera del rango permitido',
  '22007': 'tiene una fecha u hora con un formato no válido',
  '22008': 'tiene una fecha u hora fuera del rango permitido',
  '22001': 'tiene un texto demasiado largo',
  '22021': 'contiene caracteres no válidos',
  '22P05': 'contiene caracteres no admitidos',
  '2201W': 'tiene un límite no válido',
  '2201X': 'tiene una posición no válida',
  '54000': 'es demasiado complejo',
  '23502': 'no tiene un valor obligatorio',
  '23514': 'tiene un valor no permitido',
};

interface PgError {
  code?: string;
  column?: string;
  constraint?: string;
  detail?: string;
}

/** The PostgreSQL error behind a Drizzle error (its `cause`), or the error itself. */
const pgErrorOf = (error: unknown): PgError => {
  const e = error as PgError & { cause?: PgError };
  return e.cause?.code ? e.cause : e;
};

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The API field behind a PostgreSQL error, when PostgreSQL names it: the column of a NOT NULL violation, or
 * the key of a foreign-key one (`Key (item_id)=(…)` → `itemId`). Only the column's name, never its value.
 */
const fieldOfPg = (pg: PgError): string | undefined => {
  const column = pg.column ?? pg.detail?.match(/^Key \(([a-z_]+)\)=/)?.[1];
  return column ? camel(column) : undefined;
};

/**
 * Errors Fastify's router answers before any route or error handler (Fastify's `frameworkErrors` option): a
 * path with broken percent-encoding, a path parameter over `maxParamLength`. Same shape, in Spanish, and the
 * path is not echoed back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return send(reply, 414, { message: errorCatalog.URI_TOO_LONG.message, code: 'URI_TOO_LONG' });
  if (error.code === 'FST_ERR_BAD_URL')
    return send(reply, 400, {
      message: 'La dirección contiene una codificación no válida',
      code: 'VALIDATION',
    });
  return send(reply, 500, { message: errorCatalog.INTERNAL.message, code: 'INTERNAL' });
}

/** Turns every error into `{ message, code, details? }` and hides 5xx internals. */
export const errorsPlugin = fp(errors, { name: 'crw-errors' });

async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return send(reply, error.status, { message: error.message, code: error.code, details: error.details });
    }
    if (error.validation) {
      const details = (error.validation as unknown as AjvIssue[]).map((i) =>
        describeIssue(i, error.validationContext),
      );
      return send(reply, 400, {
        message: details[0]?.message ?? errorCatalog.VALIDATION.message,
        code: 'VALIDATION',
        details,
      });
    }
    const code = error.code ?? '';
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error instanceof SyntaxError && error.statusCode === 400)
    ) {
      return send(reply, 400, { message: errorCatalog.INVALID_JSON.message, code: 'INVALID_JSON' });
    }
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, 400, { message: 'El cuerpo JSON está vacío', code: 'INVALID_JSON' });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, { message: 'La petición es demasiado grande', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, { message: 'Tipo de contenido no admitido', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // The database's connection was lost under the request (its transaction, if any, rolled back with it): a
    // short 503 the app retries for a read, never a 500. The outage itself is logged once, by app.health.
    if (lostDatabaseConnection(error)) {
      request.log.info({ err: error }, 'sin conexión con la base de datos');
      const { status, message } = errorCatalog.SERVICE_UNAVAILABLE;
      reply.header('retry-after', '1');
      return send(reply, status, { message, code: 'SERVICE_UNAVAILABLE' });
    }
    const pg = pgErrorOf(error);
    const pgCode = pg.code ?? code;
    if (pgCode === '23505')
      return send(reply, 409, { message: errorCatalog.CONFLICT.message, code: 'CONFLICT' });
    // A safety net behind the services' own checks: what the client sent names a row that does not exist
    // (or that was deleted meanwhile), or a value PostgreSQL cannot take.
    if (pgCode === '23503') {
      request.log.warn({ err: error }, 'referencia a una fila inexistente o en uso');
      if (pg.detail?.includes('still referenced')) {
        const message = 'El elemento está en uso por otros datos y no se puede eliminar';
        return send(reply, 409, { message, code: 'CONFLICT' });
      }
      const field = fieldOfPg(pg);
      const message = field
        ? `El elemento indicado en '${field}' no existe`
        : 'Un elemento relacionado no existe';
      return send(reply, 404, {
        message,
        code: 'NOT_FOUND',
        details: [field ? { field, message } : { message }],
      });
    }
    const problem = Object.hasOwn(clientDataErrors, pgCode) ? clientDataErrors[pgCode] : undefined;
    if (problem) {
      request.log.warn({ err: error }, 'valor rechazado por la base de datos');
      const field = fieldOfPg(pg);
      const message = field ? `El campo '${field}' ${problem}` : `La petición ${problem}`;
      return send(reply, 400, {
        message,
        code: 'VALIDATION',
        details: [field ? { field, message } : { message }],
      });
    }
    if (pgCode === '40001' || pgCode === '40P01') {
      return send(reply, 409, { message: errorCatalog.CONCURRENT_UPDATE.message, code: 'CONCURRENT_UPDATE' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return send(reply, 429, { message: errorCatalog.RATE_LIMITED.message, code: 'RATE_LIMITED' });
    if (status >= 400 && status < 500) {
      return send(reply, status, { message: errorCatalog.VALIDATION.message, code: 'VALIDATION' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: errorCatalog.INTERNAL.message, code: 'INTERNAL' });
  });
}
