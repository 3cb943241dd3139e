import { execFile, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { withoutParsersPerQuery } from './pglite-parsers.ts';
import { type ConnectionListener, createPool } from './postgres.ts';
import { type ReadCache, trackWrites } from './read-cache.ts';
import * as grants from './schema/grants.ts';
import * as tables from './schema.ts';

/** Every table: the barrel's and the grants, which the barrel leaves out (only the policy reads them). */
const schema = { ...tables, ...grants };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: services accept both. */
export type DbOrTx = Db | Tx;

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <Row = { id: string }>(result: unknown) => (result as { rows: Row[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers true when the database responds. */
  ping(): Promise<boolean>;
  /**
   * PostgreSQL only: `listener` hears when the server's connections fail (`false`, with the error) and work again
   * (`true`); app.ts passes it on to `app.health` (the database is opened before the app: db/postgres.ts).
   */
  watchConnections?(listener: ConnectionListener): void;
  /** Reads answered again while nothing was written (PGlite only: see read-cache.ts). */
  reads?: ReadCache;
  /**
   * PGlite only: a consistent copy of the whole data folder as a gzip'd tar, taken between transactions (the
   * running server's way to a backup, since no second process may open the folder: tools/control.ts).
   */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; undefined means in memory. */
  pgliteDir?: string;
  /** false: open the database as it is, applying no migration (a backup of a stopped server). */
  migrate?: boolean;
  /**
   * In memory only: start from this copy of a data folder (PGlite's `dumpDataDir`) instead of an empty one, so
   * PGlite skips its initdb (the tests open hundreds of databases from one migrated copy: ~1 s each, not ~4).
   */
  pgliteTemplate?: Blob;
}

/** Opens the database and applies the committed migrations (same files for PGlite and PostgreSQL). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Connection errors handled on every client, lost reads run again, 503s: db/postgres.ts.
    const { pool, settled, watch } = createPool(options.databaseUrl);
    const db = drizzlePg({ client: pool, schema });
    if (options.migrate !== false) await migratePostgres(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          // Up again only once its connections have stopped failing (one outage is logged once).
          return settled();
        } catch {
          return false;
        }
      },
      watchConnections: watch,
      close: () => pool.end(),
    };
  }
  const release = options.pgliteDir ? lockDataDir(options.pgliteDir) : () => {};
  // The embedded database's code is loaded only when it is used (a server on PostgreSQL never loads it).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    pgliteExtensions(),
  ]);
  let client: PGlite;
  try {
    client = options.pgliteDir
      ? await openDurablePglite(PGlite, options.pgliteDir, extensions)
      : new PGlite({
          extensions,
          ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
        });
    if (
      options.migrate !== false &&
      !(await schemaIsCurrent((text) => client.query<{ at: string | null }>(text)))
    )
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  } catch (error) {
    release();
    throw error;
  }
  const tracked = trackWrites(withoutParsersPerQuery(client));
  const db = drizzlePglite({ client: tracked.client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    reads: tracked.cache,
    snapshot: async () => {
      // A checkpoint first, so the copy needs little WAL replay when it is opened; then the files are read
      // while no transaction is open (PGlite's transaction lock: drizzle's transactions and single queries
      // wait, nothing writes during the copy).
      await client.query('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    ping: async () => {
      try {
        if (client.closed) return false;
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

/** The newest committed migration's timestamp (drizzle's journal), read once. */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  if (newestMigration === undefined) {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    newestMigration = Math.max(...journal.entries.map((e) => e.when));
  }
  return newestMigration;
}

/**
 * One read answers whether the database already has every committed migration (drizzle records each one's
 * journal time in `drizzle.__drizzle_migrations`), so a start with the schema current applies nothing.
 */
async function schemaIsCurrent(
  query: (text: string) => Promise<{ rows: Array<{ at: string | number | null }> }>,
): Promise<boolean> {
  try {
    const { rows } = await query('select max(created_at) as at from drizzle.__drizzle_migrations');
    return Number(rows[0]?.at ?? 0) >= newestMigrationMillis();
  } catch {
    return false; // no migrations table yet: a new database
  }
}

/**
 * The PostgreSQL extensions the schema uses (migration 0013: pg_trgm for the filters' text match; 0026: unaccent for the search), which PGlite loads
 * only when told: every PGlite that opens the workspace's database is given these.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}
type PgliteExtensions = Awaited<ReturnType<typeof pgliteExtensions>>;

/** Any constant both instances agree on: the advisory lock that serialises migrations on one database. */
const MIGRATIONS_LOCK = 7_316_204_118;

/**
 * Applies what is missing, safely when several instances start at once: the first takes a session advisory
 * lock and migrates, the others wait for it and then find nothing to apply (drizzle's own migrator would
 * race on `create schema`/`create table` and fail one of them).
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  if (await schemaIsCurrent((text) => pool.query(text))) return;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * PGlite on disk, with commits that survive a power loss. PGlite starts PostgreSQL with `-F` (fsync off)
 * and its Emscripten file system turns fsync into a no-op, so an acknowledged commit could live only in the
 * page cache. Here PostgreSQL runs with fsync on and `wal_sync_method=fsync` (fdatasync is a no-op in
 * Emscripten, fsync goes through the stream), and the file system's fsync reaches the real file.
 */
async function openDurablePglite(
  Pglite: typeof PGlite,
  dir: string,
  extensions: PgliteExtensions,
): Promise<PGlite> {
  const startParams = durableStartParams(Pglite);
  if (!existsSync(join(dir, 'PG_VERSION'))) await createDataDir(dir, startParams);
  const client = new Pglite(dir, { startParams, extensions });
  await client.waitReady;
  // The Emscripten module is not part of PGlite's typed API.
  const nodefs = (client as unknown as { Module: { NODEFS?: NodeFsModule } }).Module.NODEFS;
  if (!nodefs?.stream_ops) throw new Error('PGlite: no se encontró el sistema de archivos NODEFS');
  nodefs.stream_ops.fsync = (stream) => {
    if (stream.nfd !== undefined) fsyncSync(stream.nfd);
    return 0;
  };
  return client;
}

function durableStartParams(Pglite: typeof PGlite): string[] {
  return [
    ...Pglite.defaultStartParams.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=on',
    // A fraction of PostgreSQL's 128 MB: the embedded database serves small teams, and its buffers are part of
    // this process's memory (about 100 MB less resident, idle).
    '-c',
    'shared_buffers=32MB',
  ];
}

/**
 * A new data folder `dir` from a snapshot (`Database.snapshot`'s gzip'd tar): unpacked and started once beside
 * its place (PostgreSQL replays what the copy's WAL holds), closed cleanly, written to disk, then renamed into
 * place, as a new folder is made. `dir` must not exist yet.
 */
export async function restorePgliteSnapshot(dir: string, tarball: Blob): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const staging = `${dir}.new`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  const client = new PGlite(staging, {
    startParams: durableStartParams(PGlite),
    loadDataDir: new Blob([await tarball.arrayBuffer()], { type: 'application/gzip' }),
  });
  await client.waitReady;
  await client.query('checkpoint');
  await client.close();
  fsyncTree(staging);
  renameSync(staging, dir);
  fsyncPath(dirname(dir));
}

/** Run by `node -e` with the PGlite module's URL, the folder and the start parameters: creates the folder. */
const CREATE_DATA_DIR = `const [url, dir, params] = process.argv.slice(1);
const { PGlite } = await import(url);
const db = new PGlite(dir, { startParams: JSON.parse(params) });
await db.waitReady;
await db.close();`;

/**
 * A new data folder is made (initdb) by a short-lived child process. initdb grows PGlite's WebAssembly memory,
 * which a process never gives back: made in the server, a first start stayed at ~390 MB for its whole life
 * (~235 MB when it opens an existing folder; ~800 MB with PGlite's default 128 MB of buffers). Made beside its place, written to disk, then renamed
 * into it, so a crash never leaves a half-made folder where the server looks for one.
 */
async function createDataDir(dir: string, startParams: string[]): Promise<void> {
  const staging = `${dir}.new`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      CREATE_DATA_DIR,
      import.meta.resolve('@electric-sql/pglite'),
      staging,
      JSON.stringify(startParams),
    ],
    { env: { ...process.env, NODE_OPTIONS: '' } },
  );
  fsyncTree(staging);
  // An empty folder in its place (created by hand, or a volume's mount point) is replaced; anything else stays
  // and PGlite reports what it finds there.
  if (existsSync(dir) && readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
  if (existsSync(dir)) {
    rmSync(staging, { recursive: true, force: true });
    return;
  }
  renameSync(staging, dir);
  fsyncPath(dirname(dir));
}

function fsyncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

interface NodeFsModule {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
}

/** Refused start: another server already uses this embedded database. */
export class DataDirLockedError extends Error {}

const heldLocks = new Set<string>();

/** `flock`'s exit status when the lock is held by someone else (`-E`), told apart from its other failures. */
const LOCK_HELD = 75;

/**
 * One server per embedded database: PGlite has no locking of its own, and two processes on one data directory
 * silently lose writes. The lock is the kernel's: an exclusive `flock(2)` on `<dir>.lock`, held by a file
 * descriptor this process keeps open and released by the kernel when the process ends, however it ends. So a
 * restart after `kill -9` is never refused, even where the new process has the dead one's PID (PID 1 in a
 * container), and a second live server is always refused.
 *
 * Node has no flock of its own: util-linux's `flock` (Debian's, always there) is run on this process's open file
 * description, passed as its fd 3. A flock belongs to the open file description, not to the process that called
 * it, so the lock outlives the short-lived `flock` and lasts until this process closes its descriptor (release)
 * or ends. The file's text is the owner's PID, written after the lock is taken, only to name it in the refusal.
 * The file is never removed: removing it could let two processes lock two different files of the same name.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  const refuse = (pid: number | string) =>
    new DataDirLockedError(
      `La base de datos integrada ${dir} ya está en uso por otro servidor (PID ${pid}). ` +
        'Detén ese servidor o usa otro DATA_DIR. / The embedded database is already in use by another server.',
    );
  if (heldLocks.has(lockPath)) throw refuse(process.pid);
  mkdirSync(dirname(lockPath), { recursive: true });
  // O_CLOEXEC (libuv's default): no other child of this process inherits the descriptor, and with it the lock.
  const fd = openSync(lockPath, 'a+');
  const result = spawnSync('flock', ['--nonblock', '--conflict-exit-code', String(LOCK_HELD), '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
  });
  if (result.status !== 0) {
    const owner = readFileSync(lockPath, 'utf8').trim();
    closeSync(fd);
    if (result.status === LOCK_HELD) throw refuse(/^\d+$/.test(owner) ? owner : 'desconocido');
    throw new Error(
      `No se pudo bloquear ${lockPath} con flock: ${result.error?.message ?? String(result.stderr).trim()}`,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  fsyncSync(fd);
  heldLocks.add(lockPath);
  return () => {
    if (!heldLocks.delete(lockPath)) return;
    closeSync(fd); // the kernel releases the lock with the last descriptor of its open file description
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'db');
}
