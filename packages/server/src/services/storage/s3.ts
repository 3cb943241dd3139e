/**
 * The S3 driver, in a module of its own: the AWS SDK is loaded (about a quarter of a second) only by a server
 * configured with S3_BUCKET (app.ts imports this file on demand).
 */
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError, notFound } from '../../errors.ts';
import type { StorageDriver } from './driver.ts';

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
    // Otherwise the SDK signs a CRC32 of the empty body into every presigned PUT, and real stores refuse
    // the browser's upload as a checksum mismatch.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
  });
  const expiresAt = (s: number) => new Date(Date.now() + s * 1000).toISOString();
  return {
    kind: 's3',
    client,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: opts.bucket }));
      return true;
    },
    async presignPut(key, o) {
      // Type, exact length (when given) and "only if absent" are signed headers: the store recomputes the
      // signature over the headers the browser sends, so a request without them or with other values is
      // refused (403), and a store with conditional writes (AWS S3 since 2024, recent MinIO, R2) never
      // overwrites an object (412). Keys are fresh UUIDs besides, so a stale or replayed URL can only ever
      // name its own new object. Without a size a presigned PUT cannot bound the length: the object's size is
      // read (`head`) before the file joins a version, and an oversize object is deleted then.
      // s3rver (the tests' local store) verifies none of this: the test checks the signature itself.
      const signed = ['content-type', ...(o.size !== undefined ? ['content-length'] : []), 'if-none-match'];
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          ContentType: o.contentType,
          ...(o.size !== undefined ? { ContentLength: o.size } : {}),
          IfNoneMatch: '*',
        }),
        {
          expiresIn: o.expiresIn,
          signableHeaders: new Set(signed),
          unhoistableHeaders: new Set(signed),
        },
      );
      return {
        url,
        expiresAt: expiresAt(o.expiresIn),
        headers: { 'Content-Type': o.contentType, 'If-None-Match': '*' },
      };
    },
    async copy(fromKey, toKey) {
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: opts.bucket,
            Key: toKey,
            // Keys are made by makeKey (letters, digits, . _ - /): nothing to escape.
            CopySource: `${opts.bucket}/${fromKey}`,
            IfNoneMatch: '*',
          }),
        );
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) throw notFound('file');
        // If-None-Match: * refused because the key holds an object (412), or a concurrent write won (409).
        if (e.$metadata?.httpStatusCode === 412 || e.$metadata?.httpStatusCode === 409)
          throw new AppError('CONFLICT', 'Ya existe un archivo con esa clave: no se reemplaza');
        throw error;
      }
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
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
