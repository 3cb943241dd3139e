/**
 * The server process without a chosen password prints one it generated; then each variable of /.env.example
 * with a wrong value: the start is refused with a message naming it. The every-variable start is in
 * config-start.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { exampleKeys, removeTempDirs, tempDir } from './support/config-env.ts';
import { runServerToExit, startServer } from './support/server-process.ts';

describe('configuration', { timeout: 120_000 }, () => {
  afterAll(() => {
    removeTempDirs();
  });

  it('generates and prints a password only when none was chosen', async () => {
    const server = await startServer({ DATA_DIR: tempDir('crw-config-gen-') });
    try {
      const printed = /admin@example\.com \/ (\S+)/.exec(server.output())?.[1];
      expect(printed).toBeTruthy();
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: printed }),
      });
      expect(login.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  const wrong: Array<[string, string, Record<string, string>?]> = [
    ['NODE_ENV', 'staging'],
    ['PORT', 'ochenta'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['JWT_SECRET', 'corto'],
    ['JWT_TTL_SECONDS', '5'],
    ['ADMIN_EMAIL', 'no-es-un-correo'],
    ['ADMIN_PASSWORD', 'corta'],
    ['PUBLIC_URL', 'https://estudio.test/ruta'],
    ['LOG_LEVEL', 'verbose'],
    ['LOGIN_RATE_LIMIT', '0'],
    ['REVIEW_REMINDER_HOURS', '0'],
    ['REVIEW_REMINDER_HOURS', 'dos días'],
    ['SIGNIN_LINK_TTL_HOURS', '0'],
    ['SIGNIN_LINK_TTL_HOURS', '721'],
    ['VAPID_PUBLIC_KEY', 'BBBB'],
    ['VAPID_PRIVATE_KEY', webpush.generateVAPIDKeys().privateKey, {}],
    ['VAPID_SUBJECT', 'nadie'],
    ['S3_ENDPOINT', 'no-es-una-url', { S3_BUCKET: 'estudio' }],
    ['S3_BUCKET', 'Bucket_Malo'],
    ['S3_ACCESS_KEY_ID', 'clave', { S3_BUCKET: 'estudio' }],
    ['S3_FORCE_PATH_STYLE', 'quizas'],
    ['UPLOAD_MAX_BYTES', '-1'],
    ['APP_DIST_DIR', '/no/existe'],
    ['TRUST_PROXY', 'true'],
    ['API_DOCS', 'quizas'],
    ['PUSH_ALLOW_LOOPBACK', 'true', { NODE_ENV: 'production' }],
    ['WEBHOOK_ALLOW_HOSTS', 'http://intranet, 10.0.0.0/8'],
    ['NOTION_TOKEN', 'mi-token'],
    ['NOTION_API_URL', 'https://api.notion.com/v1'],
    ['SMTP_URL', 'http://correo.estudio.test'],
    ['MAIL_FROM', 'nadie'],
    ['MAIL_DIGEST_MINUTES', '0'],
    ['MAIL_DIGEST_MINUTES', '1441'],
  ];

  it('has a refusal case for every variable that can be wrong', () => {
    const covered = new Set(wrong.map(([k]) => k));
    // HOST, DATA_DIR and S3_REGION accept any non-empty text; S3_SECRET_ACCESS_KEY is checked as a pair.
    const anyText = ['HOST', 'DATA_DIR', 'S3_REGION', 'S3_SECRET_ACCESS_KEY'];
    expect(exampleKeys.filter((k) => !covered.has(k) && !anyText.includes(k))).toEqual([]);
  });

  it.concurrent.each(wrong)('refuses %s=%s with a message naming it', async (key, value, extra = {}) => {
    const { code, output } = await runServerToExit({
      DATA_DIR: tempDir('crw-config-bad-'),
      PORT: '0',
      ...extra,
      [key]: value,
    });
    expect(code).not.toBe(0);
    // A VAPID key alone names its missing partner; either way the variable is named.
    const named =
      key === 'VAPID_PRIVATE_KEY'
        ? 'VAPID_PUBLIC_KEY'
        : key === 'S3_ACCESS_KEY_ID'
          ? 'S3_SECRET_ACCESS_KEY'
          : key;
    expect(output).toContain(`${named}:`);
    expect(output).toContain('Configuración inválida');
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});
