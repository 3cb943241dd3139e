/**
 * `npm run db:move`, `npm run backup` and `npm run restore` (issue 30: a road out of the embedded database).
 * See README › Running at scale and docs/decisions.md. Every refusal is a `RefusedError` with a message in
 * Spanish; the command line (cli.ts) prints it and exits 1.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  type Database,
  DataDirLockedError,
  lockDataDir,
  openDatabase,
  pgliteDirFor,
  restorePgliteSnapshot,
} from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { requestSnapshot } from './control.ts';
import { type CopyReport, copyRows, type Query, RefusedError, tablesWithRows } from './db-copy.ts';
import { majorOf, pgArgs, pgEnv, pgTool } from './pg-client-tools.ts';

export { pgTool } from './pg-client-tools.ts';
export { RefusedError };

const run = promisify(execFile);
type Log = (line: string) => void;

/** The embedded database's folder, refused when there is none. */
function existingPgliteDir(env: Env): string {
  const dir = pgliteDirFor(env.dataDir);
  if (!existsSync(join(dir, 'PG_VERSION')))
    throw new RefusedError(`No hay base de datos integrada en ${dir} (revisa DATA_DIR)`);
  return dir;
}

/** A pg client on `url`, with a message that names the database when it does not answer. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new RefusedError(`No se pudo conectar a PostgreSQL (${redact(url)}): ${(error as Error).message}`);
  }
  return client;
}

const redact = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
};

/** Refuses a PostgreSQL database whose application tables hold any row. */
async function refuseNonEmpty(client: pg.Client, url: string, what: string): Promise<void> {
  const full = await tablesWithRows((text, params) => client.query(text, params as unknown[]));
  if (full.length > 0)
    throw new RefusedError(
      `La base de datos de destino ${redact(url)} no está vacía (${
        full.length === 1 ? 'la tabla' : 'las tablas'
      } ${full.map((t) => `«${t}»`).join(', ')} ${full.length === 1 ? 'tiene' : 'tienen'} filas): ` +
        `${what} solo escribe en una base de datos PostgreSQL vacía. ` +
        'Crea una nueva (p. ej. `createdb estudio`) y vuelve a intentarlo.',
    );
}

/** The local uploads folder's files (keys relative to it), without the partial uploads of `.tmp`. */
async function uploadKeys(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const keys: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === root && entry.name === '.tmp') continue;
        await walk(path);
      } else if (entry.isFile()) keys.push(relative(root, path).split('\\').join('/'));
    }
  };
  await walk(root);
  return keys.sort();
}

const uploadsDir = (env: Env) => resolve(env.dataDir, 'uploads');

// ——— db:move ———

export interface MoveOptions {
  env: Env;
  to: string;
  uploadsToS3?: boolean;
  log?: Log;
}

/**
 * Copies the embedded database (DATA_DIR/db, the server stopped) into an empty PostgreSQL database: the
 * project's migrations on the target, then every row in one transaction. With `uploadsToS3`, the local
 * uploads go to the bucket of the S3_* variables under the same keys.
 */
export async function moveToPostgres(opts: MoveOptions): Promise<CopyReport & { uploads: number }> {
  const log = opts.log ?? (() => undefined);
  if (!/^postgres(ql)?:\/\//.test(opts.to))
    throw new RefusedError('--to debe ser una URL postgres://usuario@host:5432/base');
  if (opts.uploadsToS3 && !opts.env.S3_BUCKET)
    throw new RefusedError(
      '--uploads-to-s3 necesita S3_BUCKET (y S3_ENDPOINT, S3_ACCESS_KEY_ID… si hacen falta)',
    );
  const dir = existingPgliteDir(opts.env);
  // The server's own lock: refused while a server has the folder open (one process per data folder).
  let source: Database;
  try {
    source = await openDatabase({ pgliteDir: dir });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new RefusedError(`${error.message}\nDetén el servidor antes de mover la base de datos.`);
    throw error;
  }
  try {
    const target = await connect(opts.to);
    try {
      await refuseNonEmpty(target, opts.to, 'db:move');
      log(`Migraciones en ${redact(opts.to)}…`);
      const migrated = await openDatabase({ databaseUrl: opts.to });
      await migrated.close();
      const pglite = (source.db as unknown as { $client: PgliteLike }).$client;
      const report = await copyRows({
        source: (work) => pglite.transaction((tx) => work((text, params) => tx.query(text, params))),
        target,
      });
      let uploads = 0;
      if (opts.uploadsToS3) {
        // Each object with the type its upload declared (what a browser's upload to S3 would have stored).
        const types = new Map(
          (await source.db.select({ key: files.s3Key, type: files.fileType }).from(files)).map((f) => [
            f.key,
            f.type,
          ]),
        );
        uploads = await uploadsToS3(opts.env, types, log);
      }
      return { ...report, uploads };
    } finally {
      await target.end();
    }
  } finally {
    await source.close();
  }
}

interface PgliteLike {
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
}

/** The local upload files into the configured bucket, under the same keys (existing objects are kept). */
async function uploadsToS3(env: Env, types: Map<string, string>, log: Log): Promise<number> {
  const { S3Client, PutObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  const root = uploadsDir(env);
  const keys = await uploadKeys(root);
  let copied = 0;
  try {
    for (const key of keys) {
      const body = await readFile(join(root, key));
      const exists = await client
        .send(new HeadObjectCommand({ Bucket: env.S3_BUCKET, Key: key }))
        .then((head) => head.ContentLength === body.length)
        .catch(() => false);
      if (!exists)
        await client.send(
          new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: key, Body: body, ContentType: types.get(key) }),
        );
      copied += 1;
    }
  } finally {
    client.destroy();
  }
  log(`Archivos subidos a s3://${env.S3_BUCKET}: ${copied}`);
  return copied;
}

// ——— backup ———

export interface Manifest {
  format: 1;
  database: 'pglite' | 'postgres';
  /** The dump's file in the backup folder. */
  dump: string;
  createdAt: string;
  /** PostgreSQL's version (server_version) for a PostgreSQL dump. */
  serverVersion?: string;
  /** 'local': the folder `uploads/` holds the files; 's3': the bucket is backed up by its own means. */
  uploads: 'local' | 's3';
  files: number;
  bytes: number;
  sha256: string;
}

/**
 * A backup folder `out`: the database's dump (the running server's snapshot on PGlite, `pg_dump -Fc` on
 * PostgreSQL) and a copy of the local uploads, written as `out.partial` and renamed when complete.
 */
export async function backup(opts: { env: Env; out: string; log?: Log }): Promise<Manifest> {
  const { env } = opts;
  const log = opts.log ?? (() => undefined);
  const out = resolve(opts.out);
  if (existsSync(out)) throw new RefusedError(`${out} ya existe: elige otra carpeta para la copia`);
  const partial = `${out}.partial`;
  await rm(partial, { recursive: true, force: true });
  // Mode 0700: a backup holds every secret of the database (password hashes, the JWT secret, keys).
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    let manifest: Omit<Manifest, 'files' | 'bytes' | 'uploads'>;
    if (env.DATABASE_URL) {
      const url = env.DATABASE_URL;
      const client = await connect(url);
      let version: string;
      try {
        version = String((await client.query('show server_version')).rows[0].server_version);
      } finally {
        await client.end();
      }
      const tool = await pgTool('pg_dump', majorOf(version));
      log(`pg_dump (${tool}) de ${redact(url)}…`);
      await run(
        tool,
        ['-Fc', '--no-owner', '--no-privileges', '-f', join(partial, 'database.dump'), ...pgArgs(url)],
        {
          env: pgEnv(url),
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((error: { stderr?: string; message: string }) => {
        throw new Error(`pg_dump falló: ${error.stderr || error.message}`);
      });
      manifest = {
        format: 1,
        database: 'postgres',
        dump: 'database.dump',
        createdAt: new Date().toISOString(),
        serverVersion: version,
        sha256: await sha256(join(partial, 'database.dump')),
      };
    } else {
      const dir = existingPgliteDir(env);
      const tarball = await pgliteSnapshot(env, dir, log);
      await writeFile(join(partial, 'database.tar.gz'), tarball);
      manifest = {
        format: 1,
        database: 'pglite',
        dump: 'database.tar.gz',
        createdAt: new Date().toISOString(),
        sha256: createHash('sha256').update(tarball).digest('hex'),
      };
    }
    // After the database: a file uploaded meanwhile is one more file, never a row without its file (files
    // are never replaced; only a deleted portfolio's files go away).
    let files = 0;
    let bytes = 0;
    if (!env.S3_BUCKET) {
      const root = uploadsDir(env);
      const keys = await uploadKeys(root);
      for (const key of keys) {
        await cp(join(root, key), join(partial, 'uploads', key), { preserveTimestamps: true });
        bytes += (await stat(join(root, key))).size;
        files += 1;
      }
    }
    const complete: Manifest = { ...manifest, uploads: env.S3_BUCKET ? 's3' : 'local', files, bytes };
    await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(complete, null, 2)}\n`);
    await rename(partial, out);
    return complete;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The embedded database's snapshot: from the running server when it holds the folder, else opened here. */
async function pgliteSnapshot(env: Env, dir: string, log: Log): Promise<Buffer> {
  let database: Database;
  try {
    database = await openDatabase({ pgliteDir: dir, migrate: false });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    log('El servidor está en marcha: le pido la copia por el socket de control…');
    return requestSnapshot(env.dataDir);
  }
  try {
    log('El servidor está detenido: copio la carpeta de la base de datos…');
    return Buffer.from(await (await database.snapshot!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}

// ——— restore ———

/** Restores a backup folder: into a new data folder (PGlite) or the empty database of DATABASE_URL. */
export async function restore(opts: { env: Env; from: string; log?: Log }): Promise<Manifest> {
  const { env } = opts;
  const log = opts.log ?? (() => undefined);
  const from = resolve(opts.from);
  const manifestPath = join(from, 'manifest.json');
  if (!existsSync(manifestPath))
    throw new RefusedError(`${from} no es una copia de seguridad completa (falta manifest.json)`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new RefusedError(`Formato de copia desconocido: ${manifest.format}`);
  const dumpPath = join(from, manifest.dump);
  if ((await sha256(dumpPath)) !== manifest.sha256)
    throw new RefusedError(`La copia está dañada: ${manifest.dump} no coincide con su suma sha256`);
  const uploadsRoot = uploadsDir(env);
  const refuseUsedUploads = async () => {
    if (manifest.uploads === 'local' && manifest.files > 0 && (await uploadKeys(uploadsRoot)).length > 0)
      throw new RefusedError(
        `La carpeta de archivos ${uploadsRoot} no está vacía: restaura en un DATA_DIR nuevo`,
      );
  };

  if (manifest.database === 'pglite') {
    if (env.DATABASE_URL)
      throw new RefusedError(
        'Esta copia es de la base de datos integrada (PGlite): restáurala sin DATABASE_URL en un DATA_DIR nuevo; ' +
          'para pasarla a PostgreSQL, después ejecuta npm run db:move -- --to postgres://…',
      );
    const dir = pgliteDirFor(env.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new RefusedError(`Ya hay una base de datos en ${dir}: restaura en un DATA_DIR nuevo`);
    await refuseUsedUploads();
    let release: () => void;
    try {
      release = lockDataDir(dir);
    } catch (error) {
      throw new RefusedError((error as Error).message);
    }
    try {
      if (existsSync(dir)) await rm(dir, { recursive: true });
      log(`Base de datos integrada en ${dir}…`);
      await restorePgliteSnapshot(dir, new Blob([await readFile(dumpPath)], { type: 'application/gzip' }));
    } finally {
      release();
    }
  } else {
    const url = env.DATABASE_URL;
    if (!url)
      throw new RefusedError(
        'Esta copia es de PostgreSQL: define DATABASE_URL con una base de datos vacía donde restaurarla',
      );
    const client = await connect(url);
    let version: string;
    try {
      await refuseNonEmpty(client, url, 'restore');
      version = String((await client.query('show server_version')).rows[0].server_version);
    } finally {
      await client.end();
    }
    await refuseUsedUploads();
    const tool = await pgTool('pg_restore', majorOf(version));
    log(`pg_restore (${tool}) en ${redact(url)}…`);
    // --clean --if-exists: a database already migrated (empty tables) takes the dump's tables in their place.
    await run(
      tool,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        ...pgArgs(url),
        dumpPath,
      ],
      { env: pgEnv(url), maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`pg_restore falló: ${error.stderr || error.message}`);
    });
  }
  if (manifest.uploads === 'local' && manifest.files > 0) {
    log(`Archivos en ${uploadsRoot}…`);
    await cp(join(from, 'uploads'), uploadsRoot, { recursive: true, errorOnExist: true, force: false });
  }
  return manifest;
}
