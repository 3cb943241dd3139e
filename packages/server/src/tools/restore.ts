/**
 * `npm run restore -- <backup folder>`, all or nothing (issue 45). Every target is checked before anything is
 * written: the database is new (PGlite: no data folder; PostgreSQL: no table at all, and the rights to create
 * them), the uploads folder can be written (or the bucket, with S3_BUCKET) and has room, and so has the data
 * folder for an embedded database. Then, in the order that keeps the undo simple:
 *
 *   1. the files to a staging place: `DATA_DIR/uploads/.tmp/restoring-<pid>` (the server's own place for
 *      partial uploads: outside the keys, skipped by backups, and on the same file system as the uploads even
 *      when `uploads` is a volume of its own, so the last step is a rename); with S3_BUCKET, put in the bucket;
 *   2. the database in one step that either happens whole or not at all (`pg_restore --single-transaction`;
 *      PGlite's copy unpacked beside its place and renamed into it);
 *   3. the staged files renamed into place.
 *
 * A failure in 2 removes the staged files (and the objects put in the bucket); a failure in 3 also drops what
 * the restore created in PostgreSQL (or removes the new data folder). Either way both are left as they were,
 * and a second run after fixing the cause starts afresh.
 */
import { execFile } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DataDirLockedError, lockDataDir, pgliteDirFor, restorePgliteSnapshot } from '../db/client.ts';
import type { Env } from '../env.ts';
import { type Manifest, sha256 } from './backup-format.ts';
import { RefusedError } from './db-copy.ts';
import { type Undo, undoAfter } from './failures.ts';
import {
  bucketTarget,
  fsRefusal,
  refuseShortSpace,
  refuseUnwritable,
  typeByExtension,
  uploadKeys,
} from './file-targets.ts';
import { majorOf, pgArgs, pgEnv, pgTool } from './pg-client-tools.ts';
import { dropCreatedSince, footprint, redact, refuseUsedDatabase, withClient } from './pg-target.ts';

const run = promisify(execFile);
type Log = (line: string) => void;

export interface RestoreOptions {
  env: Env;
  from: string;
  log?: Log;
  /** For tests: runs after the database is written, before the files go into place (a fault to inject). */
  beforePlacingFiles?: () => Promise<void> | void;
}

/** One of the two things a restore writes: checked first, then written, undone when the other fails. */
interface Target {
  /** Where its bytes land, for the free-space check. */
  needs: Array<{ path: string; bytes: number }>;
  write(): Promise<void>;
  undo: Undo;
}

interface FilesTarget extends Target {
  /** The last step: the staged files into place. */
  place(): Promise<void>;
  close(): void;
}

const UNCHANGED =
  'No se ha restaurado nada: la base de datos y la carpeta de archivos (o el bucket) quedan como estaban.';

/** Restores a backup folder: into a new data folder (PGlite) or the empty database of DATABASE_URL. */
export async function restore(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => undefined);
  const { manifest, from } = await openBackup(resolve(opts.from));
  const database =
    manifest.database === 'pglite'
      ? await pgliteTarget(opts.env, join(from, manifest.dump), log)
      : await postgresTarget(opts.env, manifest, join(from, manifest.dump), log);
  const files = await filesTarget(opts.env, manifest, from, log);
  try {
    await refuseShortSpace([...database.needs, ...files.needs]);
    const release = database.lock?.() ?? (() => undefined);
    try {
      await files.write().catch((error) => undoAfter(error, [files.undo], UNCHANGED));
      await database.write().catch((error) => undoAfter(error, [files.undo], UNCHANGED));
      await (async () => {
        await opts.beforePlacingFiles?.();
        await files.place();
      })().catch((error) => undoAfter(error, [files.undo, database.undo], UNCHANGED));
    } finally {
      release();
    }
  } finally {
    files.close();
  }
  return manifest;
}

/** The backup's manifest, refused when the folder is not a complete, intact backup. */
async function openBackup(from: string): Promise<{ manifest: Manifest; from: string }> {
  const manifestPath = join(from, 'manifest.json');
  if (!existsSync(manifestPath))
    throw new RefusedError(`${from} no es una copia de seguridad completa (falta manifest.json)`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  } catch (error) {
    throw new RefusedError(`No se puede leer ${manifestPath}: ${(error as Error).message}`);
  }
  if (manifest.format !== 1) throw new RefusedError(`Formato de copia desconocido: ${manifest.format}`);
  const dumpPath = join(from, manifest.dump);
  if (!existsSync(dumpPath) || (await sha256(dumpPath)) !== manifest.sha256)
    throw new RefusedError(`La copia está dañada: ${manifest.dump} no coincide con su suma sha256`);
  if (hasLocalFiles(manifest) && !existsSync(join(from, 'uploads')))
    throw new RefusedError(`La copia está incompleta: falta la carpeta ${join(from, 'uploads')}`);
  return { manifest, from };
}

const hasLocalFiles = (m: Manifest) => m.uploads === 'local' && m.files > 0;

// ——— the database ———

/** The embedded database: a new data folder, refused when one is there. */
async function pgliteTarget(env: Env, dumpPath: string, log: Log): Promise<Target & { lock(): () => void }> {
  if (env.DATABASE_URL)
    throw new RefusedError(
      'Esta copia es de la base de datos integrada (PGlite): restáurala sin DATABASE_URL en un DATA_DIR nuevo; ' +
        'para pasarla a PostgreSQL, después ejecuta npm run db:move -- --to postgres://…',
    );
  const dir = pgliteDirFor(env.dataDir);
  // An empty folder in its place (made by hand, a volume's mount point) is taken, and given back on undo.
  const emptyFolder = existsSync(dir) && (await stat(dir)).isDirectory() && (await readdir(dir)).length === 0;
  if (existsSync(dir) && !emptyFolder)
    throw new RefusedError(`Ya hay una base de datos en ${dir}: restaura en un DATA_DIR nuevo`);
  await refuseUnwritable(dirname(dir));
  const putBack = async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(`${dir}.new`, { recursive: true, force: true });
    if (emptyFolder) await mkdir(dir);
  };
  return {
    needs: [{ path: dir, bytes: await unpackedSize(dumpPath) }],
    lock() {
      try {
        return lockDataDir(dir);
      } catch (error) {
        if (error instanceof DataDirLockedError) throw new RefusedError(error.message);
        throw error;
      }
    },
    async write() {
      if (emptyFolder) await rmdir(dir);
      log(`Base de datos integrada en ${dir}…`);
      try {
        await restorePgliteSnapshot(dir, new Blob([await readFile(dumpPath)], { type: 'application/gzip' }));
      } catch (error) {
        await putBack();
        throw new RefusedError(
          `No se pudo restaurar la base de datos integrada en ${dir}: ${(error as Error).message}`,
        );
      }
    },
    undo: { leaves: `la base de datos restaurada en ${dir}`, run: putBack },
  };
}

/** A gzip's unpacked size, from its trailer (modulo 4 GiB: an embedded database is far smaller). */
async function unpackedSize(path: string): Promise<number> {
  const { size } = await stat(path);
  const file = await open(path, 'r');
  try {
    const trailer = Buffer.alloc(4);
    await file.read(trailer, 0, 4, Math.max(0, size - 4));
    return Math.max(trailer.readUInt32LE(0), size);
  } finally {
    await file.close();
  }
}

/** The PostgreSQL database of DATABASE_URL: new (no table of any kind), of the dump's major or newer. */
async function postgresTarget(
  env: Env,
  manifest: Manifest,
  dumpPath: string,
  log: Log,
): Promise<Target & { lock?: undefined }> {
  const url = env.DATABASE_URL;
  if (!url)
    throw new RefusedError(
      'Esta copia es de PostgreSQL: define DATABASE_URL con una base de datos vacía donde restaurarla',
    );
  const { version, before } = await withClient(url, async (client) => {
    await refuseUsedDatabase(client, url, 'npm run restore');
    return {
      version: String((await client.query('show server_version')).rows[0].server_version),
      before: await footprint(client),
    };
  });
  const from = manifest.serverVersion ? majorOf(manifest.serverVersion) : undefined;
  if (from !== undefined && from > majorOf(version))
    throw new RefusedError(
      `La copia es de PostgreSQL ${from} y la base de datos de destino es de PostgreSQL ${majorOf(version)}: ` +
        `restaura en un servidor de la versión ${from} o posterior`,
    );
  const tool = await pgTool('pg_restore', majorOf(version));
  return {
    needs: [],
    async write() {
      log(`pg_restore (${tool}) en ${redact(url)}…`);
      // One transaction that stops at the first error: the database gets the whole dump or nothing.
      const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
      await run(tool, [...args, ...pgArgs(url), dumpPath], {
        env: pgEnv(url),
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stderr?: string; message: string }) => {
        const detail = /ERROR:\s*(.*)$/m.exec(error.stderr ?? '')?.[1] ?? error.stderr ?? error.message;
        throw new RefusedError(
          `pg_restore no pudo restaurar la copia en ${redact(url)} (PostgreSQL respondió: ${detail.trim()})`,
        );
      });
    },
    undo: {
      leaves: `las tablas restauradas en ${redact(url)}`,
      run: () => dropCreatedSince(url, before),
    },
  };
}

// ——— the files ———

async function filesTarget(env: Env, manifest: Manifest, from: string, log: Log): Promise<FilesTarget> {
  if (!hasLocalFiles(manifest)) {
    if (manifest.uploads === 's3')
      log('Los archivos de esta copia están en S3 (se respaldan por su cuenta).');
    return nothing;
  }
  return env.S3_BUCKET ? bucketFiles(env, join(from, 'uploads'), log) : localFiles(env, manifest, from, log);
}

const nothing: FilesTarget = {
  needs: [],
  write: async () => undefined,
  place: async () => undefined,
  undo: { leaves: '', run: async () => undefined },
  close: () => undefined,
};

/**
 * DATA_DIR/uploads: a folder (or none yet) with no file and none of the backup's top folders, writable, with
 * room for the backup's files. Staged in `.tmp/restoring-<pid>`, renamed into place at the end.
 */
async function localFiles(env: Env, manifest: Manifest, from: string, log: Log): Promise<FilesTarget> {
  const root = resolve(env.dataDir, 'uploads');
  const source = join(from, 'uploads');
  const tops = await readdir(source);
  await refuseUnwritable(join(root, '.tmp'), root);
  if ((await uploadKeys(root)).length > 0 || tops.some((top) => existsSync(join(root, top))))
    throw new RefusedError(`La carpeta de archivos ${root} no está vacía: restaura en un DATA_DIR nuevo`);
  const staging = join(root, '.tmp', `restoring-${process.pid}`);
  // The folders the staging makes (a new DATA_DIR has none of them), removed again on undo.
  const made: string[] = [];
  for (let at = join(root, '.tmp'); !existsSync(at); at = dirname(at)) made.unshift(at);
  const putBack = async () => {
    await rm(staging, { recursive: true, force: true });
    for (const folder of [...made].reverse()) await rmdir(folder).catch(() => undefined);
  };
  const removeMadeTmp = () =>
    made.includes(join(root, '.tmp')) ? rmdir(join(root, '.tmp')).catch(() => undefined) : undefined;
  return {
    needs: [{ path: root, bytes: manifest.bytes }],
    async write() {
      log(`Archivos en ${staging}…`);
      const { files, bytes } = await copyTree(source, staging);
      if (files !== manifest.files || bytes !== manifest.bytes)
        throw new RefusedError(
          `La copia está incompleta: ${source} tiene ${files} archivos (${bytes} bytes) y su manifest.json dice ` +
            `${manifest.files} (${manifest.bytes} bytes)`,
        );
    },
    async place() {
      log(`Archivos en ${root}…`);
      const placed: string[] = [];
      try {
        for (const top of tops) {
          await rename(join(staging, top), join(root, top));
          placed.push(top);
        }
      } catch (error) {
        for (const top of placed.reverse()) await rename(join(root, top), join(staging, top));
        throw fsRefusal(error, root);
      }
      await fsyncPath(root);
      await rm(staging, { recursive: true, force: true });
      await removeMadeTmp();
    },
    undo: { leaves: `los archivos a medio copiar en ${staging}`, run: putBack },
    close: () => undefined,
  };
}

/** Copies every file under `source` to the same path under `target` (new files, each on disk when done). */
async function copyTree(source: string, target: string): Promise<{ files: number; bytes: number }> {
  let bytes = 0;
  const keys = await uploadKeys(source);
  for (const key of keys) {
    const to = join(target, key);
    await mkdir(dirname(to), { recursive: true });
    await copyFile(join(source, key), to, constants.COPYFILE_EXCL);
    await fsyncPath(to);
    bytes += (await stat(to)).size;
  }
  return { files: keys.length, bytes };
}

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The bucket of S3_BUCKET (the server reads its files there): probed, then the files put in it. */
async function bucketFiles(env: Env, source: string, log: Log): Promise<FilesTarget> {
  const bucket = await bucketTarget(env);
  try {
    await bucket.refuseUnwritable();
  } catch (error) {
    bucket.close();
    throw error;
  }
  return {
    needs: [],
    async write() {
      log(`Archivos en el bucket ${bucket.bucket}…`);
      await bucket.upload(source, await uploadKeys(source), typeByExtension);
    },
    place: async () => undefined,
    undo: { leaves: `los archivos subidos al bucket ${bucket.bucket}`, run: () => bucket.undo() },
    close: () => bucket.close(),
  };
}
