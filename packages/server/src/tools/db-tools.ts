/**
 * `npm run db:move` and `npm run backup` (issue 30: a road out of the embedded database); `npm run restore` is
 * in restore.ts. See README › Running at scale and docs/decisions.md. Every refusal is a `RefusedError` with a
 * message in Spanish; the command line (cli.ts) prints it and exits 1.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { type Database, DataDirLockedError, openDatabase, pgliteDirFor } from '../db/client.ts';
import { files } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { type Manifest, sha256 } from './backup-format.ts';
import { requestSnapshot } from './control.ts';
import { type CopyReport, copyRows, type Query, RefusedError } from './db-copy.ts';
import { undoAfter } from './failures.ts';
import { type BucketTarget, bucketTarget, uploadKeys } from './file-targets.ts';
import { majorOf, pgArgs, pgEnv, pgTool } from './pg-client-tools.ts';
import { connect, dropCreatedSince, footprint, redact, refuseUsedDatabase, withClient } from './pg-target.ts';

export type { Manifest } from './backup-format.ts';
export { pgTool } from './pg-client-tools.ts';
export { restore } from './restore.ts';
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

const uploadsDir = (env: Env) => resolve(env.dataDir, 'uploads');

// ——— db:move ———

export interface MoveOptions {
  env: Env;
  to: string;
  uploadsToS3?: boolean;
  log?: Log;
}

/**
 * Copies the embedded database (DATA_DIR/db, the server stopped) into a new PostgreSQL database, all or
 * nothing: the target is refused with any table in it; with `uploadsToS3` the bucket is probed, then the local
 * uploads go to it under the same keys; then the project's migrations run on the target and every row is
 * copied in one transaction. When anything fails after the first write, what the move created is removed
 * again (the target's new objects dropped, the objects it put in the bucket deleted).
 */
export async function moveToPostgres(opts: MoveOptions): Promise<CopyReport & { uploads: number }> {
  const log = opts.log ?? (() => undefined);
  const { env, to } = opts;
  if (!/^postgres(ql)?:\/\//.test(to))
    throw new RefusedError('--to debe ser una URL postgres://usuario@host:5432/base');
  if (opts.uploadsToS3 && !env.S3_BUCKET)
    throw new RefusedError(
      '--uploads-to-s3 necesita S3_BUCKET (y S3_ENDPOINT, S3_ACCESS_KEY_ID… si hacen falta)',
    );
  const source = await openSource(existingPgliteDir(env));
  try {
    const before = await withClient(to, async (target) => {
      await refuseUsedDatabase(target, to, 'npm run db:move');
      return footprint(target);
    });
    const bucket = opts.uploadsToS3 ? await bucketTarget(env) : undefined;
    try {
      await bucket?.refuseUnwritable();
      const undos = [
        { leaves: `las tablas creadas en ${redact(to)}`, run: () => dropCreatedSince(to, before) },
        ...(bucket
          ? [{ leaves: `los archivos subidos al bucket ${bucket.bucket}`, run: () => bucket.undo() }]
          : []),
      ];
      return await copyEverything(opts, source, bucket, log).catch((error) =>
        undoAfter(error, undos, `No se ha movido nada: ${redact(to)} queda como estaba.`),
      );
    } finally {
      bucket?.close();
    }
  } finally {
    await source.close();
  }
}

/** The embedded database, opened as the server opens it: refused while a server holds the folder. */
async function openSource(dir: string): Promise<Database> {
  try {
    return await openDatabase({ pgliteDir: dir });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      throw new RefusedError(`${error.message}\nDetén el servidor antes de mover la base de datos.`);
    throw error;
  }
}

/** The move's writes: the uploads into the bucket, the migrations, then every row in one transaction. */
async function copyEverything(
  opts: MoveOptions,
  source: Database,
  bucket: BucketTarget | undefined,
  log: Log,
): Promise<CopyReport & { uploads: number }> {
  let uploads = 0;
  if (bucket) {
    // Each object with the type its upload declared (what a browser's upload to S3 would have stored).
    const types = new Map(
      (await source.db.select({ key: files.s3Key, type: files.fileType }).from(files)).map((f) => [
        f.key,
        f.type,
      ]),
    );
    const root = uploadsDir(opts.env);
    uploads = await bucket.upload(root, await uploadKeys(root), (key) => types.get(key));
    log(`Archivos subidos a s3://${bucket.bucket}: ${uploads}`);
  }
  log(`Migraciones en ${redact(opts.to)}…`);
  const migrated = await openDatabase({ databaseUrl: opts.to });
  await migrated.close();
  const pglite = (source.db as unknown as { $client: PgliteLike }).$client;
  const report = await withClient(opts.to, (target) =>
    copyRows({
      source: (work) => pglite.transaction((tx) => work((text, params) => tx.query(text, params))),
      target,
    }),
  );
  return { ...report, uploads };
}

interface PgliteLike {
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
}

// ——— backup ———

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
