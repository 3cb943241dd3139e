import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    format: `El campo '${field}' no tiene un formato válido`,
    pattern: `El campo '${field}' no tiene un formato válido`,
    enum: `El campo '${field}' tiene un valor no permitido`,
    const: `El campo '${field}' tiene un valor no permitido`,
    anyOf: `El campo '${field}' tiene un valor no permitido`,
    additionalProperties: `El campo '${field}.${String(p.additionalProperty ?? '')}' no está permitido`,
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
  reply: import('fastify').FastifyReply,
  status: number,
  body: { message: string; code: string; details?: ErrorDetail[] },
) => reply.status(status).type('application/json; charset=utf-8').send(body);

/** Turns every error into `{ message, code, details? }` and hides 5xx internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
    const pgCode = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? code;
    if (pgCode === '23505')
      return send(reply, 409, { message: errorCatalog.CONFLICT.message, code: 'CONFLICT' });
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
});
