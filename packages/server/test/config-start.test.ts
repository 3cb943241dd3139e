/**
 * Every variable of /.env.example, set at once to a valid value, on the real server process: it starts,
 * signs the admin in, uploads through S3 and serves the configured app; Notion and the sign-in link's lifetime
 * each take effect. Traffic stays on loopback (s3rver, the server). Refusals of wrong values are in
 * config-refusals.test.ts.
 */
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { decodeJwt } from 'jose';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  approveAndWaitForNotion,
  exampleKeys,
  NOTION_TEST_PAGE,
  NOTION_TEST_TOKEN,
  onCi,
  removeTempDirs,
  tempDir,
} from './support/config-env.ts';
import { HttpPeer, json as jsonReply } from './support/http-peer.ts';
import { blockText, NotionPeer } from './support/notion-peer.ts';
import { freePort, startServer } from './support/server-process.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

describe('configuration', { timeout: 120_000 }, () => {
  const notion = new NotionPeer(NOTION_TEST_TOKEN);
  const smtp = new SmtpPeer();
  let s3: S3rver;
  let s3Endpoint = '';
  let databaseName: string | undefined;

  beforeAll(async () => {
    await notion.start();
    await smtp.start();
    notion.page(NOTION_TEST_PAGE);
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('s3rver-config-') });
    s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    const client = new S3Client({
      region: 'eu-west-1',
      endpoint: s3Endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: 'estudio-config' }));
    client.destroy();
  });
  afterAll(async () => {
    await notion.stop();
    await smtp.stop();
    await s3?.close();
    if (databaseName) {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${databaseName} with (force)`);
      await c.end();
    }
    removeTempDirs();
  });

  /** PostgreSQL and Redis from the environment; on CI they must be there. */
  async function services(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    if (process.env.DATABASE_URL) {
      databaseName = `crw_config_${Date.now()}`;
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`create database ${databaseName}`);
      await c.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${databaseName}`;
      out.DATABASE_URL = url.toString();
    } else if (onCi) throw new Error('CI necesita DATABASE_URL para esta prueba');
    if (process.env.REDIS_URL) out.REDIS_URL = process.env.REDIS_URL;
    else if (onCi) throw new Error('CI necesita REDIS_URL para esta prueba');
    return out;
  }

  it('starts with every variable of .env.example set, and each one takes effect', async () => {
    const port = await freePort();
    const dist = tempDir('crw-dist-');
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Aplicación configurada</title>');
    writeFileSync(join(dist, 'shell.html'), '<!doctype html><title>Aplicación configurada, armazón</title>');
    const vapid = webpush.generateVAPIDKeys();
    const adminPassword = 'Contraseña-elegida-por-quien-opera-1';
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir('crw-config-data-'),
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: 'un-secreto-de-prueba-con-mas-de-32-caracteres',
      JWT_TTL_SECONDS: '3600',
      ADMIN_EMAIL: 'operaciones@estudio.test',
      ADMIN_PASSWORD: adminPassword,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '50',
      REVIEW_REMINDER_HOURS: '24',
      SIGNIN_LINK_TTL_HOURS: '2',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:operaciones@estudio.test',
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'estudio-config',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_MAX_BYTES: '1000',
      APP_DIST_DIR: dist,
      TRUST_PROXY: '127.0.0.1',
      API_DOCS: 'true',
      PUSH_ALLOW_LOOPBACK: 'false',
      // Production refuses loopback; listed, the receiver on 127.0.0.1 is a tool inside the team's network.
      WEBHOOK_ALLOW_HOSTS: `intranet.local, 127.0.0.1`,
      NOTION_TOKEN: NOTION_TEST_TOKEN,
      // In production the network guard keeps Notion calls off loopback: the sync is tried and refused.
      NOTION_API_URL: notion.base,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Estudio <correo@estudio.test>',
      MAIL_DIGEST_MINUTES: '30',
      ...(await services()),
    };
    // A new variable in .env.example without a value here fails this test.
    expect(exampleKeys.filter((k) => !(k in env))).toEqual([]);
    if (!env.DATABASE_URL) delete env.DATABASE_URL;
    if (!env.REDIS_URL) delete env.REDIS_URL;

    const server = await startServer(env);
    try {
      // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API, checked by the assertions below.
      type Json = any;
      const json = (r: Response) => r.json() as Promise<Json>;
      const api = (path: string, init: RequestInit & { token?: string } = {}) =>
        fetch(`${server.url}/api${path}`, {
          ...init,
          headers: {
            'content-type': 'application/json',
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
        });
      expect(server.output()).not.toContain(adminPassword);
      expect(server.output()).toContain('operaciones@estudio.test');

      const login = await api('/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'operaciones@estudio.test', password: adminPassword }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const claims = decodeJwt(token);
      expect(claims.exp! - claims.iat!).toBe(3600);

      expect((await api('/notifications/vapid-public-key', { token }).then(json)).publicKey).toBe(
        vapid.publicKey,
      );
      const home = await fetch(`${server.url}/`);
      expect(await home.text()).toContain('Aplicación configurada, armazón');
      expect(home.headers.get('content-security-policy')).toContain(`ws://127.0.0.1:${port}`);
      const signIn = await (await fetch(`${server.url}/auth`)).text();
      expect(signIn).toContain('Aplicación configurada');
      expect(signIn).not.toContain('armazón');
      expect((await fetch(`${server.url}/api/docs`)).status).toBe(200);

      // An upload through the S3 store, on the same path a user's configuration takes.
      const portfolio = await api('/portfolios', {
        method: 'POST',
        token,
        body: JSON.stringify({ identifier: 'config-s3', accountData: { businessName: 'Config' } }),
      }).then(json);
      const cycle = await api(`/production/portfolios/${portfolio._id}/start`, {
        method: 'POST',
        token,
        body: JSON.stringify({ cycleDuration: 7 }),
      }).then(json);
      const item = await api(`/production/cycles/${cycle._id}/items`, {
        method: 'POST',
        token,
        body: JSON.stringify({ title: 'Con archivo' }),
      }).then(json);
      const tooBig = await api(`/production/items/${item._id}/signed-url`, {
        method: 'POST',
        token,
        body: JSON.stringify({ fileName: 'grande.png', fileType: 'image/png', size: 1001 }),
      });
      expect(tooBig.status).toBe(413); // UPLOAD_MAX_BYTES
      const signed = await api(`/production/items/${item._id}/signed-url`, {
        method: 'POST',
        token,
        body: JSON.stringify({ fileName: 'foto.png', fileType: 'image/png', size: 3 }),
      }).then(json);
      expect(signed.url.startsWith(`${s3Endpoint}/estudio-config/`)).toBe(true);
      const put = await fetch(signed.url, {
        method: 'PUT',
        body: new Uint8Array([1, 2, 3]),
        headers: signed.headers,
      });
      expect(put.status).toBe(200);
      const download = await api(
        `/production/items/${item._id}/download-url?s3Key=${encodeURIComponent(signed.s3Key)}`,
        { token },
      ).then(json);
      const bytes = new Uint8Array(await (await fetch(download.url)).arrayBuffer());
      expect([...bytes]).toEqual([1, 2, 3]);

      // NOTION_TOKEN: the sync is configured; NOTION_API_URL on loopback is refused in production.
      await api(`/portfolios/${portfolio._id}/integraciones/notion`, {
        method: 'POST',
        token,
        body: JSON.stringify({ paginaNotionId: NOTION_TEST_PAGE }),
      });
      const synced = await approveAndWaitForNotion(api, token, item._id, portfolio._id);
      expect(synced.configured).toBe(true);
      expect(synced.items[0]).toMatchObject({ status: 'failed' });
      expect(synced.items[0].error).toContain('No se pudo conectar con Notion');
      expect(notion.calls).toHaveLength(0);

      // SMTP_URL: email is on (tests/mail.test.ts sends through the same kind of local peer).
      const mail = await api('/admin/mail-failures', { token }).then(json);
      expect(mail).toEqual({ enabled: true, items: [] });
      // …and «¿Olvidaste tu contraseña?» sends its link through it (issue 49).
      const forgot = await api('/auth/password/forgot', {
        method: 'POST',
        body: JSON.stringify({ email: 'operaciones@estudio.test' }),
      });
      expect(forgot.status).toBe(202);
      await expect
        .poll(async () => (await smtp.to('operaciones@estudio.test')).map((m) => m.subject), {
          timeout: 15_000,
        })
        .toContain('Elige una contraseña nueva');

      // WEBHOOK_ALLOW_HOSTS: the receiver on 127.0.0.1 is listed, so in production a tool there saves and
      // «Probar» reaches it; ::1 is not listed, so a tool there is refused when saved.
      const receiver = new HttpPeer();
      await receiver.start();
      try {
        receiver.replies = [jsonReply(200, { hola: 'red interna' })];
        const tool = await api('/tools', {
          method: 'POST',
          token,
          body: JSON.stringify({
            name: 'Interna',
            kind: 'webhook',
            config: { url: `${receiver.base}/h`, method: 'POST' },
          }),
        });
        expect(tool.status).toBe(201);
        const probe = await api(`/tools/${((await tool.json()) as Json)._id}/test`, {
          method: 'POST',
          token,
          body: '{}',
        }).then(json);
        expect(probe).toMatchObject({ ok: true, status: 200, body: JSON.stringify({ hola: 'red interna' }) });
        expect(receiver.calls).toHaveLength(1);
        const refused = await api('/tools', {
          method: 'POST',
          token,
          body: JSON.stringify({
            name: 'No listada',
            kind: 'webhook',
            config: { url: `http://[::1]:${new URL(receiver.base).port}/h`, method: 'POST' },
          }),
        });
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as Json).message).toContain('añade el host a WEBHOOK_ALLOW_HOSTS');
      } finally {
        await receiver.stop();
      }
    } finally {
      await server.stop();
    }
  });

  it('NOTION_TOKEN and NOTION_API_URL: a client-approved item reaches the Notion API at that address', async () => {
    const adminPassword = 'Contraseña-de-notion-1';
    const server = await startServer({
      NODE_ENV: 'test',
      DATA_DIR: tempDir('crw-config-notion-'),
      ADMIN_EMAIL: 'notion@estudio.test',
      ADMIN_PASSWORD: adminPassword,
      NOTION_TOKEN: NOTION_TEST_TOKEN,
      NOTION_API_URL: notion.base,
    });
    try {
      // biome-ignore lint/suspicious/noExplicitAny: JSON answers of the API, checked by the assertions below.
      const api = (path: string, init: RequestInit & { token?: string } = {}): Promise<any> =>
        fetch(`${server.url}/api${path}`, {
          ...init,
          headers: {
            'content-type': 'application/json',
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          },
        }).then((r) => r.json());
      const { token } = await api('/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email: 'notion@estudio.test', password: adminPassword }),
      });
      const portfolio = await api('/portfolios', {
        method: 'POST',
        token,
        body: JSON.stringify({ identifier: 'config-notion', accountData: { businessName: 'Notion' } }),
      });
      await api(`/portfolios/${portfolio._id}/integraciones/notion`, {
        method: 'POST',
        token,
        body: JSON.stringify({ paginaNotionId: NOTION_TEST_PAGE }),
      });
      const cycle = await api(`/production/portfolios/${portfolio._id}/start`, {
        method: 'POST',
        token,
        body: JSON.stringify({ cycleDuration: 7 }),
      });
      const item = await api(`/production/cycles/${cycle._id}/items`, {
        method: 'POST',
        token,
        body: JSON.stringify({ title: 'Aprobada para Notion' }),
      });
      const synced = await approveAndWaitForNotion(
        (path, init) => api(path, init).then((json) => ({ json: () => json })),
        token,
        item._id,
        portfolio._id,
      );
      expect(synced.items[0]).toMatchObject({ status: 'done', error: null });
      expect(notion.calls).toHaveLength(1);
      expect(notion.calls[0]!.headers.authorization).toBe(`Bearer ${NOTION_TEST_TOKEN}`);
      expect(notion.pages.get(NOTION_TEST_PAGE)!.map(blockText)[0]).toBe('Aprobada para Notion');
    } finally {
      await server.stop();
    }
  });

  it('SIGNIN_LINK_TTL_HOURS: starts with it set, and a sign-in link never reaches the log', async () => {
    const server = await startServer({
      DATA_DIR: tempDir('crw-config-link-'),
      SIGNIN_LINK_TTL_HOURS: '3',
      LOG_LEVEL: 'info',
    });
    try {
      const token = 'enlace-secreto-de-configuracion-0123456789abc';
      await (await fetch(`${server.url}/auth/link?token=${token}&x=1`)).text();
      const redeem = await fetch(`${server.url}/api/auth/link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(redeem.status).toBe(410);
      expect(((await redeem.json()) as { message: string }).message).toBe('Este enlace ya se usó o caducó');
      await expect.poll(() => server.output()).toContain('/auth/link?token=[oculto]&x=1');
      await expect.poll(() => server.output()).toContain('"url":"/api/auth/link"');
      expect(server.output()).not.toContain(token);
    } finally {
      await server.stop();
    }
  });
});
