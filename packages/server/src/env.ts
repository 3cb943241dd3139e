import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { FormatRegistry, type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { parseAllowList } from './lib/net-guard.ts';

/**
 * The one place that reads process.env. Every variable is listed in /.env.example and the README, and is
 * validated to its real domain: a wrong value stops the start with a message that names the variable.
 */

// TypeBox's Value functions know no formats until they are registered (Fastify's ajv has its own, through
// ajv-formats, for the route schemas).
const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', (v) => emailPattern.test(v) && v.length <= 254);
if (!FormatRegistry.Has('uri')) {
  FormatRegistry.Set('uri', (v) => {
    try {
      return Boolean(new URL(v).protocol);
    } catch {
      return false;
    }
  });
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const base64url = (bytes: number) =>
  Type.String({
    pattern: `^[A-Za-z0-9_-]{${Math.floor((bytes * 4) / 3)},${Math.ceil((bytes * 4) / 3)}}={0,2}$`,
  });

const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '0.0.0.0', minLength: 1 }),
  DATA_DIR: Type.String({ default: './data', minLength: 1 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', format: 'uri' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://', format: 'uri' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  JWT_TTL_SECONDS: Type.Integer({ minimum: 60, maximum: 60 * 60 * 24 * 90, default: 60 * 60 * 12 }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+/?$', format: 'uri' })),
  LOG_LEVEL: Type.Union(
    logLevels.map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 10 }),
  /** Hours an item waits in a review queue before its reviewers get the daily reminder (up to 30 days). */
  REVIEW_REMINDER_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 48 }),
  /** Days a notification is kept after its creation once every recipient has read it (the daily purge). */
  NOTIFICATION_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 36_500, default: 365 }),
  /**
   * Private destinations a webhook tool may call (issue 49): host names and CIDRs, comma-separated; empty by
   * default (public addresses only). Loopback and link-local stay refused unless listed.
   */
  WEBHOOK_ALLOW_HOSTS: Type.Optional(Type.String({ maxLength: 4000 })),
  /** Hours a one-time sign-in link in an email works (up to 30 days; a week by default). */
  SIGNIN_LINK_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 168 }),
  VAPID_PUBLIC_KEY: Type.Optional(base64url(65)),
  VAPID_PRIVATE_KEY: Type.Optional(base64url(32)),
  VAPID_SUBJECT: Type.String({
    pattern: '^(mailto:[^@\\s]+@[^@\\s]+|https://\\S+)$',
    default: 'mailto:admin@example.com',
  }),
  S3_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://', format: 'uri' })),
  S3_REGION: Type.String({ default: 'us-east-1', minLength: 1 }),
  S3_BUCKET: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' })),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String({ minLength: 1 })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String({ minLength: 1 })),
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: true }),
  UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1, maximum: 5 * 1024 ** 3, default: 100 * 1024 * 1024 }),
  APP_DIST_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** Off by default. A hop count (`1`) or a comma-separated list of proxy addresses/CIDRs to trust. */
  TRUST_PROXY: Type.Optional(Type.String({ minLength: 1 })),
  /** `/api/docs` and `/api/openapi.json`: on by default, off by default when NODE_ENV=production. */
  API_DOCS: Type.Optional(Type.Boolean()),
  /** A Notion internal integration's token: with it, client-approved items are appended to linked pages. */
  NOTION_TOKEN: Type.Optional(Type.String({ pattern: '^(secret_|ntn_)[A-Za-z0-9_-]{20,200}$' })),
  /** Notion's API origin (a local peer in tests). */
  NOTION_API_URL: Type.String({
    pattern: '^https?://[^/?#]+/?$',
    format: 'uri',
    default: 'https://api.notion.com',
  }),
  /** Lets push subscriptions point at loopback (a local push service in tests). Never in production. */
  PUSH_ALLOW_LOOPBACK: Type.Boolean({ default: false }),
  /** The SMTP server email goes through (`smtp://user:pass@host:587`, `smtps://…`); without it email is off. */
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^/?#]+', format: 'uri' })),
  /** The sender of every email: an address, or a name and an address (`Estudio <no-reply@estudio.com>`). */
  MAIL_FROM: Type.String({
    pattern: '^([^<>@]+ <[^@\\s<>]+@[^@\\s<>]+>|[^@\\s<>]+@[^@\\s<>]+)$',
    default: 'Estudio de Contenido <no-reply@localhost>',
  }),
  /** Staff get at most one digest email per this many minutes (up to a day). */
  MAIL_DIGEST_MINUTES: Type.Integer({ minimum: 1, maximum: 1440, default: 15 }),
});

type RawEnv = Static<typeof EnvSchema>;
export type Env = Omit<RawEnv, 'TRUST_PROXY'> & {
  dataDir: string;
  /** What Fastify's `trustProxy` receives: false, a hop count, or addresses/CIDRs. */
  trustProxy: false | number | string[];
  apiDocs: boolean;
};

export class EnvError extends Error {}

/** Why a value is wrong, in words an operator understands (TypeBox's own messages are generic). */
function explain(key: string, message: string): string {
  const hints: Record<string, string> = {
    LOG_LEVEL: `debe ser uno de ${logLevels.join(', ')}`,
    ADMIN_EMAIL: 'debe ser una dirección de correo (p. ej. admin@empresa.com)',
    PUBLIC_URL: 'debe ser un origen http(s) sin ruta (p. ej. https://estudio.empresa.com)',
    DATABASE_URL: 'debe ser una URL postgres://usuario@host:5432/base',
    REDIS_URL: 'debe ser una URL redis://host:6379',
    VAPID_PUBLIC_KEY:
      'debe ser una clave pública VAPID (65 bytes en base64url, p. ej. de `npx web-push generate-vapid-keys`)',
    VAPID_PRIVATE_KEY: 'debe ser una clave privada VAPID (32 bytes en base64url)',
    VAPID_SUBJECT: 'debe ser mailto:correo o una URL https',
    S3_BUCKET: 'debe ser un nombre de bucket válido (minúsculas, números, puntos y guiones)',
    JWT_SECRET: 'debe tener al menos 32 caracteres',
    ADMIN_PASSWORD: 'debe tener entre 8 y 200 caracteres',
    NOTION_TOKEN: 'debe ser el token de una integración interna de Notion (empieza por ntn_ o secret_)',
    NOTION_API_URL: 'debe ser un origen http(s) sin ruta (p. ej. https://api.notion.com)',
    SMTP_URL: 'debe ser una URL smtp://usuario:contraseña@host:587 o smtps://…',
    MAIL_FROM:
      'debe ser una dirección (no-reply@empresa.com) o un nombre y una dirección (Estudio <no-reply@empresa.com>)',
    MAIL_DIGEST_MINUTES: 'debe ser un número entero de minutos entre 1 y 1440',
  };
  return `${key}: ${hints[key] ?? message}`;
}

function parseTrustProxy(value: string | undefined): { value: Env['trustProxy'] } | { error: string } {
  if (value === undefined || value === 'false') return { value: false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10
      ? { value: hops }
      : { error: 'el número de saltos debe estar entre 1 y 10' };
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !okBits || rest.length > 0) {
      return {
        error:
          value === 'true'
            ? "'true' confiaría en cualquier cliente (X-Forwarded-For falsificable): indica el número de proxies (p. ej. 1) o sus direcciones/CIDR"
            : `'${entry}' no es una dirección IP ni un CIDR`,
      };
    }
  }
  return { value: entries };
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const problems = new Map<string, string>();
  for (const e of Value.Errors(EnvSchema, withDefaults)) {
    const key = e.path.slice(1).split('/')[0] || '(raíz)';
    if (!problems.has(key)) problems.set(key, explain(key, e.message));
  }
  const env = withDefaults as RawEnv;
  const pairs: Array<[string, string]> = [
    ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ];
  for (const [a, b] of pairs) {
    if (Boolean(raw[a]) !== Boolean(raw[b]) && !problems.has(a) && !problems.has(b)) {
      const [given, missing] = raw[a] ? [a, b] : [b, a];
      problems.set(missing, `${missing}: falta; ${given} solo funciona junto con ${missing}`);
    }
  }
  for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID'] as const) {
    if (raw[key] && !raw.S3_BUCKET && !problems.has('S3_BUCKET')) {
      problems.set('S3_BUCKET', `S3_BUCKET: falta; sin él se ignorarían ${key} y las demás variables S3_*`);
    }
  }
  try {
    parseAllowList(env.WEBHOOK_ALLOW_HOSTS);
  } catch (err) {
    problems.set('WEBHOOK_ALLOW_HOSTS', `WEBHOOK_ALLOW_HOSTS: ${(err as Error).message}`);
  }
  const trust = parseTrustProxy(env.TRUST_PROXY);
  if ('error' in trust) problems.set('TRUST_PROXY', `TRUST_PROXY: ${trust.error}`);
  if (env.NODE_ENV === 'production' && env.PUSH_ALLOW_LOOPBACK) {
    problems.set('PUSH_ALLOW_LOOPBACK', 'PUSH_ALLOW_LOOPBACK: no se permite con NODE_ENV=production');
  }
  const cwd = source.INIT_CWD ?? process.cwd();
  if (env.APP_DIST_DIR && !existsSync(join(resolve(cwd, env.APP_DIST_DIR), 'index.html'))) {
    problems.set(
      'APP_DIST_DIR',
      `APP_DIST_DIR: ${env.APP_DIST_DIR} no contiene index.html (ejecuta npm run build)`,
    );
  }
  if (problems.size > 0) {
    throw new EnvError(
      `Configuración inválida (invalid configuration):\n${[...problems.values()].map((p) => `  ${p}`).join('\n')}`,
    );
  }
  const { TRUST_PROXY: _trust, ...rest } = env;
  return {
    ...rest,
    // Relative to where the command was typed (npm sets INIT_CWD), so `npm start` at the root uses ./data there.
    dataDir: resolve(cwd, env.DATA_DIR),
    ...(env.APP_DIST_DIR ? { APP_DIST_DIR: resolve(cwd, env.APP_DIST_DIR) } : {}),
    trustProxy: 'value' in trust ? trust.value : false,
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
  };
}

export function isTest(env: Env): boolean {
  return env.NODE_ENV === 'test';
}
