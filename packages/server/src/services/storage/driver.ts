import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, copyFile, link, mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, notFound } from '../../errors.ts';

/** One interface for where uploads live: the local disk (default) or any S3-compatible store. */
export interface StorageDriver {
  kind: 'local' | 's3';
  /**
   * A URL for one upload of `contentType` to a new object: it never replaces an existing object (a second PUT
   * with the same URL is refused). With `size`, the upload must be exactly that many bytes; without it, the
   * local store takes at most UPLOAD_MAX_BYTES, and an S3 store anything, so the object's size is read
   * (`head`) before the file joins a version.
   */
  presignPut(
    key: string,
    opts: { contentType: string; size?: number; expiresIn: number },
  ): Promise<Presigned & { headers: Record<string, string> }>;
  presignGet(key: string, opts: { expiresIn: number; fileName?: string }): Promise<Presigned>;
  /** The stored object's size, or null when there is no object under the key. */
  head(key: string): Promise<{ size: number } | null>;
  /** Copies an object to a new key (never over an existing one); a missing source throws NOT_FOUND. */
  copy(fromKey: string, toKey: string): Promise<void>;
  delete(keys: string[]): Promise<void>;
  /** The health check's probe: the store can be written now (local: the folder; S3: the bucket answers). */
  ping(): Promise<boolean>;
}

export interface Presigned {
  url: string;
  expiresAt: string;
}

export const PRESIGN_SECONDS = 15 * 60;

/** The 413 message for a file over UPLOAD_MAX_BYTES, naming the limit in the units people read. */
export function tooLargeMessage(maxBytes: number, fileName?: string): string {
  const mb = maxBytes / (1024 * 1024);
  const limit =
    mb >= 1
      ? `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(mb)} MB`
      : `${maxBytes} bytes`;
  return fileName
    ? `El archivo «${fileName}» supera el tamaño máximo permitido (${limit})`
    : `El archivo supera el tamaño máximo permitido (${limit})`;
}

/**
 * Allowed upload types (product-design §4: type allow-list), by the file extensions that carry them: the one
 * list, read as types by uploads and as extensions by `npm run restore` (a file it puts in a bucket gets the
 * type its upload declared).
 */
export const uploadTypesByExtension: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  pdf: 'application/pdf',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const allowedTypes = new Set(Object.values(uploadTypesByExtension));

/** Keys are made by the server and scoped to the item: `items/{itemId}/{uuid}-{safe name}`. */
export function makeKey(itemId: string, fileName: string): string {
  const safe =
    fileName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-zA-Z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(-120) || 'archivo';
  return `items/${itemId}/${randomUUID()}-${safe}`;
}

const keyPattern = /^items\/[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/;
export const isValidKey = (key: string) => keyPattern.test(key) && !key.includes('..');

// ——— Local driver ———

export interface LocalSignature {
  method: 'PUT' | 'GET';
  key: string;
  expires: number;
  type?: string;
  max?: number;
}

export function createLocalDriver(opts: {
  root: string;
  secret: string;
  publicUrl?: string;
}): StorageDriver & {
  verify(sig: LocalSignature, signature: string): boolean;
  /**
   * Stores an upload as a new object: exactly `size` bytes when the URL was signed with one (fewer at the end:
   * 400), at most `maxBytes` otherwise. More bytes are refused as they arrive, reading no further than one byte
   * past the limit (413); an existing object is never replaced (409). Nothing is left behind on refusal.
   */
  write(key: string, body: Readable, limits: { size?: number; maxBytes: number }): Promise<number>;
  read(key: string): Promise<{ stream: Readable; size: number }>;
} {
  const root = resolve(opts.root);
  // Partial files live outside the key space (keys start with `items/`), on the same file system as the
  // objects so that link() can publish them.
  const tmpDir = join(root, '.tmp');
  const base = `${opts.publicUrl ?? ''}/api/storage/`;
  const sign = (s: LocalSignature) =>
    createHmac('sha256', opts.secret)
      .update(`${s.method}\n${s.key}\n${s.expires}\n${s.type ?? ''}\n${s.max ?? ''}`)
      .digest('base64url');
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw notFound('file');
    const full = resolve(root, key);
    if (!full.startsWith(root + sep)) throw notFound('file');
    return full;
  };
  const url = (s: LocalSignature) => {
    const q = new URLSearchParams({
      expires: String(s.expires),
      ...(s.type !== undefined ? { type: s.type } : {}),
      ...(s.max !== undefined ? { max: String(s.max) } : {}),
      signature: sign(s),
    });
    return `${base}${s.key}?${q}`;
  };
  /** Publishes a finished temporary file under `full` without ever replacing what is there. */
  const publish = async (tmp: string, full: string) => {
    await mkdir(dirname(full), { recursive: true });
    // link() fails with EEXIST instead of replacing: a second use of an upload URL, or any key that already
    // holds an object (an approved version's file above all), keeps the object it has.
    await link(tmp, full).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST')
        throw new AppError('CONFLICT', 'Este enlace de subida ya se usó: pide uno nuevo');
      throw error;
    });
  };
  const tmpPath = async () => {
    await mkdir(tmpDir, { recursive: true });
    return join(tmpDir, `${randomUUID()}.part`);
  };
  return {
    kind: 'local',
    async ping() {
      await mkdir(tmpDir, { recursive: true });
      await access(tmpDir, constants.W_OK);
      return true;
    },
    async presignPut(key, o) {
      const expires = Math.floor(Date.now() / 1000) + o.expiresIn;
      return {
        url: url({ method: 'PUT', key, expires, type: o.contentType, max: o.size }),
        expiresAt: new Date(expires * 1000).toISOString(),
        headers: { 'Content-Type': o.contentType },
      };
    },
    async presignGet(key, o) {
      const expires = Math.floor(Date.now() / 1000) + o.expiresIn;
      return { url: url({ method: 'GET', key, expires }), expiresAt: new Date(expires * 1000).toISOString() };
    },
    verify(s, signature) {
      if (!isValidKey(s.key) || !Number.isFinite(s.expires) || s.expires < Date.now() / 1000) return false;
      // An upload URL always carries its type (and its size when one was given): see presignPut.
      if (s.method === 'PUT' && s.type === undefined) return false;
      const expected = Buffer.from(sign(s));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async write(key, body, { size, maxBytes }) {
      const full = pathOf(key);
      const limit = Math.min(size ?? maxBytes, maxBytes);
      const tooLarge = () =>
        size === undefined
          ? new AppError('PAYLOAD_TOO_LARGE', tooLargeMessage(maxBytes))
          : new AppError(
              'PAYLOAD_TOO_LARGE',
              `El archivo ocupa más de los ${size} bytes declarados al pedir el enlace de subida`,
            );
      let received = 0;
      const tmp = await tmpPath();
      try {
        await pipeline(
          // Not destroyed when the upload is refused: the request is left unread (no more bytes are taken
          // from it) and its socket closed after the 413 answer, which a destroyed request would never carry.
          body.iterator({ destroyOnReturn: false }),
          async function* limited(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              received += chunk.length;
              // The chunk that crosses the limit is the last one read: pipeline() then destroys the request.
              if (received > limit) throw tooLarge();
              yield chunk;
            }
          },
          // wx: a fresh file, never one that exists; flush: on disk before the upload is acknowledged.
          createWriteStream(tmp, { flags: 'wx', flush: true }),
        );
        if (size !== undefined && received !== size)
          throw new AppError(
            'VALIDATION',
            `El archivo ocupa ${received} bytes y se declararon ${size} al pedir el enlace de subida`,
            [{ field: 'size', message: 'no coincide con el archivo enviado' }],
          );
        await publish(tmp, full);
        return received;
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async copy(fromKey, toKey) {
      const from = pathOf(fromKey);
      const to = pathOf(toKey);
      const tmp = await tmpPath();
      try {
        await copyFile(from, tmp, constants.COPYFILE_EXCL).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') throw notFound('file');
          throw error;
        });
        await publish(tmp, to).catch((error) => {
          if (error instanceof AppError && error.code === 'CONFLICT')
            throw new AppError('CONFLICT', 'Ya existe un archivo con esa clave: no se reemplaza');
          throw error;
        });
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async head(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    async read(key) {
      const full = pathOf(key);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw notFound('file');
      return { stream: createReadStream(full), size: info.size };
    },
    async delete(keys) {
      await Promise.all(keys.filter(isValidKey).map((k) => rm(join(root, k), { force: true })));
    },
  };
}
