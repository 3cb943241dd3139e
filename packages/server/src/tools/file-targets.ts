/**
 * The folders and the bucket that `npm run restore` and `npm run db:move` write files into, checked before
 * anything is written: a folder must be one (not a file), writable (a probe file is written and removed, which
 * asks the file system itself: permissions, a read-only mount, root's limits alike) and have room for what
 * is coming; a bucket must take a probe object and let it be deleted. Every refusal is a Spanish sentence
 * naming the path and what to do.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, rmdir, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Env } from '../env.ts';
import { uploadTypesByExtension } from '../services/storage/index.ts';
import { RefusedError } from './db-copy.ts';

/** A file-system error while writing under `path`, as a sentence that says what to fix. */
export function fsRefusal(error: unknown, path: string): RefusedError {
  const e = error as NodeJS.ErrnoException;
  const where = e.path ? dirname(e.path) : path;
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return new RefusedError(
        `No se puede escribir en ${where}: da permisos de escritura a ese directorio o usa otro DATA_DIR`,
      );
    case 'EROFS':
      return new RefusedError(
        `No se puede escribir en ${where}: está en un sistema de archivos de solo lectura; usa otro DATA_DIR`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new RefusedError(
        `No se puede escribir en ${path}: hay un archivo donde debe haber una carpeta; muévelo o usa otro DATA_DIR`,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new RefusedError(`No queda espacio en ${where}: libera espacio o usa otro DATA_DIR`);
    default:
      return new RefusedError(
        `No se puede escribir en ${where} (${e.code ?? e.message}): revisa esa carpeta o usa otro DATA_DIR`,
      );
  }
}

/** `path` itself, or the nearest of its parents that exists. */
function nearestExisting(path: string): string {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return at;
}

/**
 * Refuses unless files can be written in folder `dir` (made when missing): the folders it lacks are made, a
 * probe file is written there and everything the probe made is removed again. `shown` is the folder the
 * message names (the one a person would fix).
 */
export async function refuseUnwritable(dir: string, shown = dir): Promise<void> {
  const existing = nearestExisting(dir);
  if (!(await stat(existing)).isDirectory())
    throw new RefusedError(
      `No se puede escribir en ${shown}: ${existing === shown ? 'es' : `${existing} es`} un archivo, no una ` +
        'carpeta; muévelo o usa otro DATA_DIR',
    );
  const made: string[] = [];
  try {
    for (let at = dir; at !== existing; at = dirname(at)) made.unshift(at);
    for (const folder of made) await mkdir(folder);
    const probe = join(dir, `.probe-${process.pid}-${randomUUID()}`);
    await writeFile(probe, 'probe');
    await rm(probe);
  } catch (error) {
    throw fsRefusal(error, shown);
  } finally {
    for (const folder of made.reverse()) await rmdir(folder).catch(() => undefined);
  }
}

const bytesText = (bytes: number) => {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
};

/**
 * Refuses when a file system lacks room for what goes there: each need is summed with the others that land
 * on the same file system (a DATA_DIR whose uploads are a volume of their own is two), against the space an
 * unprivileged writer has left (statfs's `bavail`).
 */
export async function refuseShortSpace(needs: Array<{ path: string; bytes: number }>): Promise<void> {
  const byDevice = new Map<number, { at: string; bytes: number }>();
  for (const need of needs) {
    const at = nearestExisting(need.path);
    const device = (await stat(at)).dev;
    const entry = byDevice.get(device) ?? { at, bytes: 0 };
    entry.bytes += need.bytes;
    byDevice.set(device, entry);
  }
  for (const { at, bytes } of byDevice.values()) {
    const fs = await statfs(at);
    const free = fs.bavail * fs.bsize;
    if (bytes > free)
      throw new RefusedError(
        `No hay espacio suficiente en ${at}: la copia necesita ${bytesText(bytes)} y quedan ${bytesText(free)} ` +
          'libres; libera espacio o usa otro DATA_DIR',
      );
  }
}

/** The local uploads folder's files (keys relative to it), without the partial uploads of `.tmp`. */
export async function uploadKeys(root: string): Promise<string[]> {
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

/** The type a browser's upload of such a file declared, by its extension (keys end in the file's name). */
export const typeByExtension = (key: string) =>
  uploadTypesByExtension[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * The bucket of the S3_* variables as a place to copy local files into, all or nothing: `refuseUnwritable`
 * probes it, `upload` puts each file under its key (one already there with the same size is kept, one with
 * another size refuses the copy), and `undo` deletes again exactly the objects this run created.
 */
export interface BucketTarget {
  bucket: string;
  refuseUnwritable(): Promise<void>;
  upload(root: string, keys: string[], typeOf: (key: string) => string | undefined): Promise<number>;
  undo(): Promise<void>;
  close(): void;
}

export async function bucketTarget(env: Env): Promise<BucketTarget> {
  const { S3Client, PutObjectCommand, HeadObjectCommand, DeleteObjectCommand } = await import(
    '@aws-sdk/client-s3'
  );
  const bucket = env.S3_BUCKET!;
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  const created: string[] = [];
  const sizeOf = (key: string) =>
    client
      .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
      .then((head) => head.ContentLength ?? 0)
      .catch((error: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
        if (error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404) return undefined;
        throw error;
      });
  return {
    bucket,
    async refuseUnwritable() {
      // A key outside the uploads' `items/` space: nothing the server reads is ever touched.
      const key = `.restore-probe/${process.pid}-${randomUUID()}`;
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'probe' }));
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw s3Refusal(bucket, error);
      }
    },
    async upload(root, keys, typeOf) {
      for (const key of keys) {
        const body = await readFile(join(root, key));
        let size: number | undefined;
        try {
          size = await sizeOf(key);
          if (size === undefined) {
            await client.send(
              new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: typeOf(key) }),
            );
            created.push(key);
          }
        } catch (error) {
          throw s3Refusal(bucket, error);
        }
        if (size !== undefined && size !== body.length)
          throw new RefusedError(
            `El bucket «${bucket}» ya tiene ${key} con otro contenido (${size} bytes, la copia ${body.length}): ` +
              'copia los archivos a un bucket vacío',
          );
      }
      return keys.length;
    },
    async undo() {
      while (created.length > 0) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: created.at(-1)! }));
        created.pop();
      }
    },
    close: () => client.destroy(),
  };
}

/** An S3 failure on the bucket as a sentence: the store's own error name and what to check. */
function s3Refusal(bucket: string, error: unknown): RefusedError {
  const e = error as { name?: string; message?: string; Code?: string };
  return new RefusedError(
    `No se puede escribir en el bucket «${bucket}» de S3 (${e.Code ?? e.name ?? 'error'}: ${e.message ?? String(error)}): ` +
      'revisa S3_BUCKET, S3_ENDPOINT, las claves y los permisos del bucket',
  );
}
