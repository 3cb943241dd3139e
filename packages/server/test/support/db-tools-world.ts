/**
 * What the database tools' tests share (test/db-tools-move-backup.test.ts, test/db-tools-undo.test.ts,
 * test/faults/restore.test.ts): the real commands run as a person types them, a server in this process on a
 * database, and a world filled through the API (users, a portfolio, a cycle, items with versions and an uploaded
 * file, comments, notifications, a push device, an agent's task) read back whole, so a copy can be compared with
 * its source.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { type Database, openDatabase, pgliteDirFor } from '../../src/db/client.ts';
import { loadEnv } from '../../src/env.ts';
import { makePortfolio, makeUser, type TestUser } from '../helpers.ts';

const repoRoot = join(import.meta.dirname, '../../../..');

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <script> -- …args` at the repository root, as a user types it. */
export function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<CommandRun>((resolve) => {
    const child = spawn('npm', ['run', '-s', script, '--', ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A server (in this process) on a database: PGlite in `dataDir/db`, or PostgreSQL with `databaseUrl`. */
export async function boot(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ app: App; close(): Promise<void> }> {
  const database: Database = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: pgliteDirFor(dataDir) },
  );
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT: '1000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface World {
  admin: TestUser;
  employee: TestUser;
  client: TestUser;
  portfolioId: string;
  cycleId: string;
  itemIds: string[];
  file: { itemId: string; s3Key: string; bytes: Buffer };
}

/** Fills a database through the API; answers who and what, for reading it back. */
export async function fill(app: App): Promise<World> {
  const admin = await makeUser(app, 'admin');
  const employee = await makeUser(app, 'employee');
  const client = await makeUser(app, 'client');
  const portfolioId = (await makePortfolio(app, [employee, client]))._id as string;
  const ok = async (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const cycleId = (
    await ok(employee, 'POST', `/api/production/portfolios/${portfolioId}/start`, { cycleDuration: 14 })
  )._id as string;
  const itemIds: string[] = [];
  for (const title of ['Reel de lanzamiento', 'Post de verano'])
    itemIds.push(
      (await ok(employee, 'POST', `/api/production/cycles/${cycleId}/items`, { title, pilar: 'A' }))._id,
    );
  const [first, second] = itemIds as [string, string];
  // An uploaded file (the local store's signed PUT) in the first version, a second version, client review.
  const bytes = Buffer.from(`guion ${randomUUID()}\n`.repeat(50));
  const signed = await ok(employee, 'POST', `/api/production/items/${first}/signed-url`, {
    fileName: 'guion.txt',
    fileType: 'text/plain',
    size: bytes.length,
  });
  const put = await app.inject({
    method: 'PUT',
    url: signed.url,
    headers: { 'content-type': 'text/plain' },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBeLessThan(300);
  const file = {
    s3Key: signed.s3Key as string,
    fileName: 'guion.txt',
    fileType: 'text/plain',
    size: bytes.length,
  };
  await ok(employee, 'POST', `/api/production/items/${first}/mark-for-internal-review`, {
    materialData: { copy: '<p>Primera versión</p>', files: [file] },
  });
  await ok(admin, 'POST', `/api/production/items/${first}/request-internal-changes`, {
    reviewComments: 'Más corto',
  });
  await ok(employee, 'POST', `/api/production/items/${first}/mark-for-internal-review`, {
    materialData: { copy: '<p>Segunda versión</p>', files: [file] },
  });
  await ok(admin, 'POST', `/api/production/items/${first}/approve-for-client`, {});
  await ok(employee, 'POST', `/api/production/items/${second}/update-material`, {
    materialData: { copy: '<p>Borrador</p>' },
  });
  await ok(employee, 'POST', '/api/comments', {
    entityType: 'item',
    entityId: first,
    visibility: 'client',
    body: '<p>¿Qué os parece?</p>',
  });
  await ok(admin, 'POST', '/api/notifications/broadcast', { title: 'Aviso', content: 'Mudanza de datos' });
  await ok(employee, 'POST', '/api/notifications/push-subscription', {
    endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID().replaceAll('-', '')}`,
    keys: { auth: 'auth-secret', p256dh: 'p256dh-key' },
  });
  const agentId = (await ok(admin, 'POST', `/api/agents/${portfolioId}`, { name: 'Redactor' }))._id;
  await ok(admin, 'POST', '/api/tasks', {
    title: 'Proponer titulares',
    agentId,
    portfolioId,
    itemId: second,
  });
  return {
    admin,
    employee,
    client,
    portfolioId,
    cycleId,
    itemIds,
    file: { itemId: first, s3Key: file.s3Key, bytes },
  };
}

/** Signed URLs and their expiry change on every call: everything else must be equal. */
const stable = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, v) => (/^(url|expiresAt|signedUrl)$/.test(key) ? '…' : v));

/** Everything the fill wrote, read back through the API with the same sessions. */
export async function readBack(app: App, w: World) {
  const get = async (u: TestUser, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: u.headers });
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const out: Record<string, unknown> = {};
  for (const u of [w.admin, w.employee, w.client]) {
    out[`me ${u.role}`] = await get(u, '/api/auth/me');
    out[`notifications ${u.role}`] = await get(u, '/api/notifications');
    out[`portfolios ${u.role}`] = await get(u, '/api/portfolios');
  }
  out.users = await get(w.admin, '/api/users');
  out.cycles = await get(w.employee, `/api/production/portfolios/${w.portfolioId}/cycles`);
  out.items = await get(w.employee, `/api/production/cycles/${w.cycleId}/items`);
  for (const id of w.itemIds) {
    out[`item ${id}`] = await get(w.employee, `/api/production/items/${id}`);
    out[`versions ${id}`] = await get(w.employee, `/api/production/items/${id}/material-version-history`);
    out[`comments ${id}`] = await get(w.employee, `/api/comments?entityType=item&entityId=${id}`);
  }
  out.clientView = await get(w.client, `/api/production/items/${w.file.itemId}`);
  out.devices = await get(w.employee, '/api/notifications/push-subscriptions');
  out.tasks = await get(w.admin, '/api/tasks');
  return stable(out) as Record<string, unknown>;
}

/** The uploaded file's bytes, downloaded the way the app does (download-url, then the signed GET). */
export async function downloadFile(app: App, w: World): Promise<Buffer> {
  const link = await app.inject({
    method: 'GET',
    url: `/api/production/items/${w.file.itemId}/download-url?s3Key=${encodeURIComponent(w.file.s3Key)}`,
    headers: w.employee.headers,
  });
  expect(link.statusCode, link.body).toBe(200);
  const res = await app.inject({ method: 'GET', url: link.json().url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
