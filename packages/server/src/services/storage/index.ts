import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../../errors.ts';

/** One interface for where uploads live: the local disk (default) or any S3-compatible store. */
export interface StorageDriver {
  kind: 'local' | 's3';
  presignPut(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresIn: number },
  ): Promise<Presigned>;
  presignGet(key: string, opts: { expiresIn: number; fileName?: string }): Promise<Presigned>;
  delete(keys: string[]): Promise<void>;
}

export interface Presigned {
  url: string;
  expiresAt: string;
}

export const PRESIGN_SECONDS = 15 * 60;

/** Allowed upload types (product-design §4: type allow-list). */
export const allowedTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'application/pdf',
  'text/plain',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

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
  write(key: string, body: Readable, maxBytes: number): Promise<number>;
  read(key: string): Promise<{ stream: Readable; size: number }>;
} {
  const root = resolve(opts.root);
  const base = `${opts.publicUrl ?? ''}/api/storage/`;
  const sign = (s: LocalSignature) =>
    createHmac('sha256', opts.secret)
      .update(`${s.method}\n${s.key}\n${s.expires}\n${s.type ?? ''}\n${s.max ?? ''}`)
      .digest('base64url');
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
    const full = resolve(root, key);
    if (!full.startsWith(root + sep)) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
    return full;
  };
  const url = (s: LocalSignature) => {
    const q = new URLSearchParams({
      expires: String(s.expires),
      ...(s.type ? { type: s.type } : {}),
      ...(s.max ? { max: String(s.max) } : {}),
      signature: sign(s),
    });
    return `${base}${s.key}?${q}`;
  };
  return {
    kind: 'local',
    async presignPut(key, o) {
      const expires = Math.floor(Date.now() / 1000) + o.expiresIn;
      return {
        url: url({ method: 'PUT', key, expires, type: o.contentType, max: o.maxBytes }),
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    async presignGet(key, o) {
      const expires = Math.floor(Date.now() / 1000) + o.expiresIn;
      return { url: url({ method: 'GET', key, expires }), expiresAt: new Date(expires * 1000).toISOString() };
    },
    verify(s, signature) {
      if (!isValidKey(s.key) || !Number.isFinite(s.expires) || s.expires < Date.now() / 1000) return false;
      const expected = Buffer.from(sign(s));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async write(key, body, maxBytes) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      let size = 0;
      const tmp = `${full}.${randomUUID()}.part`;
      try {
        await pipeline(
          body,
          async function* limit(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
              yield chunk;
            }
          },
          createWriteStream(tmp),
        );
        const { rename } = await import('node:fs/promises');
        await rename(tmp, full);
        return size;
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
    async read(key) {
      const full = pathOf(key);
      const info = await stat(full).catch(() => null);
      if (!info) throw new AppError('NOT_FOUND', 'Archivo no encontrado');
      return { stream: createReadStream(full), size: info.size };
    },
    async delete(keys) {
      await Promise.all(keys.filter(isValidKey).map((k) => rm(join(root, k), { force: true })));
    },
  };
}

// ——— S3 driver ———

export function createS3Driver(opts: {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}): StorageDriver & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });
  const expiresAt = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  return {
    kind: 's3',
    client,
    async presignPut(key, o) {
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: opts.bucket, Key: key, ContentType: o.contentType }),
        {
          expiresIn: o.expiresIn,
        },
      );
      return { url, expiresAt: expiresAt(o.expiresIn) };
    },
    async presignGet(key, o) {
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          ...(o.fileName
            ? { ResponseContentDisposition: `attachment; filename="${o.fileName.replace(/"/g, '')}"` }
            : {}),
        }),
        { expiresIn: o.expiresIn },
      );
      return { url, expiresAt: expiresAt(o.expiresIn) };
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({ Bucket: opts.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
      );
    },
  };
}
