import { resolve } from 'node:path';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The one place that reads process.env. Every variable is listed in /.env.example and the README.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  JWT_TTL_SECONDS: Type.Integer({ minimum: 60, default: 60 * 60 * 12 }),
  ADMIN_EMAIL: Type.Optional(Type.String({ format: 'email', pattern: '^[^@\\s]+@[^@\\s]+$' })),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  PUBLIC_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  LOG_LEVEL: Type.String({ default: 'info' }),
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  VAPID_PUBLIC_KEY: Type.Optional(Type.String()),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String()),
  VAPID_SUBJECT: Type.String({ default: 'mailto:admin@example.com' }),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_REGION: Type.String({ default: 'us-east-1' }),
  S3_BUCKET: Type.Optional(Type.String()),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String()),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String()),
  S3_FORCE_PATH_STYLE: Type.Boolean({ default: true }),
  UPLOAD_MAX_BYTES: Type.Integer({ minimum: 1, default: 100 * 1024 * 1024 }),
  APP_DIST_DIR: Type.Optional(Type.String()),
});

export type Env = Static<typeof EnvSchema> & { dataDir: string };

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const errors = [...Value.Errors(EnvSchema, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.path.slice(1) || '(root)'}: ${e.message}`);
    throw new EnvError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const env = withDefaults as Static<typeof EnvSchema>;
  // Relative to where the command was typed (npm sets INIT_CWD), so `npm start` at the root uses ./data there.
  return { ...env, dataDir: resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR) };
}

export function isTest(env: Env): boolean {
  return env.NODE_ENV === 'test';
}
