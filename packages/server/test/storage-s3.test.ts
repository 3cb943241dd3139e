/**
 * The S3 driver against a real S3-protocol server (s3rver, in-process on 127.0.0.1): a browser-style PUT to the
 * presigned URL, then a GET through the presigned download URL, then delete.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Driver, makeKey } from '../src/services/storage/index.ts';

describe('S3 storage driver', () => {
  let server: S3rver;
  let driver: ReturnType<typeof createS3Driver>;

  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    });
    const address = (await server.run()) as AddressInfo;
    driver = createS3Driver({
      bucket: 'contenido',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await driver.client.send(new CreateBucketCommand({ Bucket: 'contenido' }));
  });
  afterAll(async () => {
    driver?.client.destroy();
    await server?.close();
  });

  it('uploads through a presigned PUT and reads back through a presigned GET', async () => {
    const key = makeKey('item-1', 'Vídeo final (v2).mp4');
    expect(key).toMatch(/^items\/item-1\/[0-9a-f-]{36}-Video-final-v2-\.mp4$/);
    const put = await driver.presignPut(key, { contentType: 'video/mp4', maxBytes: 1024, expiresIn: 60 });
    const body = new Uint8Array([1, 2, 3, 4, 5]);
    const uploaded = await fetch(put.url, { method: 'PUT', body, headers: { 'content-type': 'video/mp4' } });
    expect(uploaded.status).toBe(200);
    const head = await driver.client.send(new HeadObjectCommand({ Bucket: 'contenido', Key: key }));
    expect(head.ContentLength).toBe(5);
    const get = await driver.presignGet(key, { expiresIn: 60, fileName: 'Vídeo final.mp4' });
    const downloaded = await fetch(get.url);
    expect(downloaded.status).toBe(200);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(body);
    await driver.delete([key]);
    await expect(
      driver.client.send(new HeadObjectCommand({ Bucket: 'contenido', Key: key })),
    ).rejects.toThrow();
  });
});
