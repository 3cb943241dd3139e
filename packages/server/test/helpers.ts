import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { portfolioAccess } from '../src/db/schema/grants.ts';
import { notificationReceipts, notifications, type Role } from '../src/db/schema.ts';
import { loadEnv } from '../src/env.ts';
import { defaultPortfolioPermissions } from '../src/policy.ts';
import { createPortfolio } from '../src/services/review/portfolios.ts';
import { createUser } from '../src/services/people/users.ts';

/**
 * Which database this test project runs on. `vitest.config.ts` defines a `pglite` project and, when
 * DATABASE_URL is set, a `postgres` project: the same files run on both.
 */
export const testDb = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));
/** PGlite's installed version, read beside its entry point (its package.json is not among its exports). */
const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
const pgliteVersion = (
  JSON.parse(
    readFileSync(join(pgliteEntry.slice(0, pgliteEntry.lastIndexOf('/dist/')), 'package.json'), 'utf8'),
  ) as {
    version: string;
  }
).version;

/**
 * A migrated PGlite data folder, as the database's own snapshot writes it (a gzip'd tar): every in-memory test
 * database starts as a copy of it, so PGlite skips its initdb and the migrations (~1 s a database instead of ~4 on
 * this machine's two cores, for some 200 of them a run). Kept in the temporary folder under a name made of the
 * migrations' and PGlite's contents: the first file that needs it writes it (two at once both do, and the
 * rename keeps one whole copy), later runs reuse it until a migration or PGlite changes.
 */
async function pgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(join(migrations, file)));
  }
  const path = join(tmpdir(), `crw-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (!existsSync(path)) {
    const database = await openDatabase({});
    const copy = Buffer.from(await (await database.snapshot!()).arrayBuffer());
    await database.close();
    const partial = `${path}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, copy);
    renameSync(partial, path);
  }
  return new Blob([readFileSync(path)]);
}

/** A fresh, migrated database: in-memory PGlite, or a new throwaway database on the PostgreSQL server. */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  if (testDb === 'pglite') return openDatabase({ pgliteTemplate: await pgliteTemplate() });
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `crw_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: Pick<
    import('../src/app.ts').AppOptions,
    'pushCa' | 'redis' | 'timeouts' | 'agents' | 'notion' | 'mail'
  > = {},
): Promise<TestContext> {
  const database = await freshDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/crw-test-data',
    ...envOverrides,
  });
  const app = await buildApp({ env, database, logger: false, ...options });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

/** Creates a user directly in the database and signs in through the API. */
export async function makeUser(
  app: App,
  role: Role,
  overrides: { permissions?: string[] } = {},
): Promise<TestUser> {
  counter += 1;
  const email = `${role}${counter}-${randomUUID().slice(0, 6)}@test.local`;
  const password = 'contraseña-segura-1';
  const row = await createUser(app.db, { email, name: `${role} ${counter}`, role, password, ...overrides });
  // A distinct address per sign-in, so the per-IP sign-in limit does not throttle test set-up.
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = res.json().token as string;
  return { id: row.id, email, password, role, token, headers: { authorization: `Bearer ${token}` } };
}

/** Creates a portfolio (as an admin actor) and grants the given users their role's defaults. */
export async function makePortfolio(app: App, grantees: TestUser[] = [], identifier?: string) {
  counter += 1;
  const p = await createPortfolio(
    app.db,
    { id: 'system', role: 'admin', permissions: [] },
    {
      identifier: identifier ?? `portafolio-${counter}-${randomUUID().slice(0, 6)}`,
      accountData: { businessName: `Negocio ${counter}` },
      productionCycleData: {
        pilaresContenido: ['A', 'B'],
        angulosVenta: ['X'],
        formatosCreativos: ['Reel', 'Post'],
      },
    },
  );
  for (const u of grantees) {
    if (u.role === 'admin') continue;
    await app.db
      .insert(portfolioAccess)
      .values({ userId: u.id, portfolioId: p._id, permissions: [...defaultPortfolioPermissions[u.role]] });
  }
  return p;
}

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the API of the app `app()` answers (set in a `beforeAll`) as a test user: `as` answers the response,
 * `ok` expects a 2xx (naming the call and its answer otherwise) and answers its JSON.
 */
export function callsAs(app: () => App) {
  const as = (u: TestUser, method: Method, url: string, payload?: object) =>
    app().inject({ method, url, headers: u.headers, ...(payload ? { payload } : {}) });
  const ok = async (u: TestUser, method: Method, url: string, payload?: object) => {
    const res = await as(u, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  return { as, ok };
}

/** Sent to this user: a condition on `notifications` (they hold a receipt of it). */
export const sentTo = (userId: string) =>
  sql`exists (select 1 from ${notificationReceipts} r where r.notification_id = ${notifications.id} and r.user_id = ${userId})`;

/** A notification written straight to the database for these recipients (as the notifier stores one). */
export async function insertNotification(
  db: App['db'],
  userIds: string[],
  fields: { title?: string; content: string; createdAt?: Date },
) {
  const [row] = await db.insert(notifications).values(fields).returning();
  if (userIds.length > 0)
    await db
      .insert(notificationReceipts)
      .values(userIds.map((userId) => ({ notificationId: row!.id, userId, createdAt: row!.createdAt })));
  return row!;
}
