/**
 * The S3 driver against a real S3-protocol server (s3rver, in-process on 127.0.0.1): a browser-style PUT to the
 * presigned URL, then a GET through the presigned download URL, then delete.
 *
 * What s3rver can and cannot verify (measured): it stores what a presigned PUT sends and serves it back, copies
 * objects and answers a missing source with NoSuchKey; it checks NO signature (a zeroed X-Amz-Signature is
 * accepted), ignores `If-None-Match: *` (a second PUT or a copy onto an existing key replaces it) and does not
 * compare Content-Length or Content-Type with the signed values. So the binding of type, exact size and "only if
 * absent" is proved here by verifying the URL's SigV4 signature the way a store does (`sigV4Accepts`), and the
 * refusal a conditional-write store answers (412) is mapped by the driver to a 409 (stubbed answer).
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKey } from '../src/services/storage/index.ts';
import { createS3Driver } from '../src/services/storage/s3.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { uploadFlow } from './support/uploads.ts';

/**
 * Whether a store holding `secret` accepts this request for a presigned URL: AWS Signature V4 recomputed over
 * the request's method, path, query and the headers the URL signed (a signed header that is missing or has
 * another value changes the signature), as S3 does. Payload unsigned, as for every presigned PUT.
 */
function sigV4Accepts(
  url: string,
  request: { method: string; headers: Record<string, string> },
  secret: string,
): boolean {
  const u = new URL(url);
  const q = u.searchParams;
  const rfc3986 = (v: string) =>
    encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signed = q.get('X-Amz-SignedHeaders')!.split(';');
  const headers: Record<string, string> = { host: u.host };
  for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = v;
  if (signed.some((h) => headers[h] === undefined)) return false;
  const canonical = [
    request.method,
    u.pathname,
    query,
    signed.map((h) => `${h}:${headers[h]!.trim()}\n`).join(''),
    signed.join(';'),
    q.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = q.get('X-Amz-Credential')!.split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    q.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', signingKey).update(toSign).digest('hex') === q.get('X-Amz-Signature');
}

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
    const body = new Uint8Array([1, 2, 3, 4, 5]);
    const put = await driver.presignPut(key, { contentType: 'video/mp4', size: body.length, expiresIn: 60 });
    expect(put.headers).toEqual({ 'Content-Type': 'video/mp4', 'If-None-Match': '*' });
    const uploaded = await fetch(put.url, { method: 'PUT', body, headers: put.headers });
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

  it('signs the type, the exact length and "only if absent" into the upload URL', async () => {
    // s3rver does not verify SigV4 signatures, so what a real store enforces is checked on the URL itself:
    // the store recomputes the signature over these headers and refuses other values or their absence.
    const put = await driver.presignPut(makeKey('item-2', 'foto.png'), {
      contentType: 'image/png',
      size: 3,
      expiresIn: 60,
    });
    const query = new URL(put.url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-type', 'content-length', 'if-none-match']),
    );
    // No checksum of an empty body signed in (a real store would refuse every real upload).
    expect([...query.keys()].some((k) => k.toLowerCase().startsWith('x-amz-checksum'))).toBe(false);

    // The browser's request (the answered headers, and the Content-Length it sets itself) is accepted...
    const browser = { ...put.headers, 'Content-Length': '3' };
    expect(sigV4Accepts(put.url, { method: 'PUT', headers: browser }, 'S3RVER')).toBe(true);
    // ...and every deviation a store would see is refused: more or fewer bytes, another type, no
    // "only if absent", another method, another secret.
    const refused = [
      { ...browser, 'Content-Length': '4' },
      { ...browser, 'Content-Length': '2' },
      { ...browser, 'Content-Type': 'text/html' },
      { 'Content-Type': 'image/png', 'Content-Length': '3' },
    ];
    for (const headers of refused)
      expect(sigV4Accepts(put.url, { method: 'PUT', headers }, 'S3RVER'), JSON.stringify(headers)).toBe(
        false,
      );
    expect(sigV4Accepts(put.url, { method: 'POST', headers: browser }, 'S3RVER')).toBe(false);
    expect(sigV4Accepts(put.url, { method: 'PUT', headers: browser }, 'otro')).toBe(false);
  });

  it('copies an object to a new key and reports a missing source as not found', async () => {
    const from = makeKey('item-3', 'a.pdf');
    const put = await driver.presignPut(from, { contentType: 'application/pdf', size: 2, expiresIn: 60 });
    await fetch(put.url, { method: 'PUT', body: new Uint8Array([7, 8]), headers: put.headers });
    const to = makeKey('item-4', 'a.pdf');
    await driver.copy(from, to);
    const head = await driver.client.send(new HeadObjectCommand({ Bucket: 'contenido', Key: to }));
    expect(head.ContentLength).toBe(2);
    await expect(
      driver.copy(makeKey('item-3', 'nunca.pdf'), makeKey('item-5', 'x.pdf')),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('answers 409 when the store refuses to copy over an existing object', async () => {
    // What AWS S3 (and other stores with conditional writes) answers to If-None-Match: * on an existing key;
    // s3rver ignores the condition, so its answer is stubbed here.
    const other = createS3Driver({
      bucket: 'contenido',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const sent: unknown[] = [];
    other.client.send = (async (command: unknown) => {
      sent.push(command);
      throw Object.assign(new Error('At least one of the pre-conditions you specified did not hold'), {
        name: 'PreconditionFailed',
        $metadata: { httpStatusCode: 412 },
      });
    }) as typeof other.client.send;
    await expect(other.copy(makeKey('item-6', 'a.pdf'), makeKey('item-7', 'a.pdf'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(sent).toHaveLength(1);
    expect((sent[0] as { input: { IfNoneMatch?: string } }).input.IfNoneMatch).toBe('*');
    other.client.destroy();
  });
});

describe('uploads per specification on S3 (signed-url with and without size)', () => {
  const MAX = 1000;
  let server: S3rver;
  let ctx: TestContext;
  let s3: ReturnType<typeof createS3Driver>;
  let api: Awaited<ReturnType<typeof uploadFlow>>;

  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 's3rver-spec-')),
    });
    const address = (await server.run()) as AddressInfo;
    ctx = await createTestApp({
      S3_BUCKET: 'subidas',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_MAX_BYTES: String(MAX),
    });
    expect(ctx.app.storage.kind).toBe('s3');
    s3 = ctx.app.storage as typeof s3;
    await s3.client.send(new CreateBucketCommand({ Bucket: 'subidas' }));
    api = await uploadFlow(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await server?.close();
  });

  const put = (signed: { url: string; headers: Record<string, string> }, bytes: number) =>
    fetch(signed.url, { method: 'PUT', body: new Uint8Array(bytes).fill(5), headers: signed.headers });
  const exists = (key: string) =>
    s3.client.send(new HeadObjectCommand({ Bucket: 'subidas', Key: key })).then(
      () => true,
      () => false,
    );
  const signedHeaders = (url: string) => new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';');

  it('takes the specification call without size and records the stored size (HEAD) when the file joins a version', async () => {
    const itemId = await api.newItem();
    const res = await api.sign(itemId, { fileName: 'Vídeo.mp4', fileType: 'video/mp4' });
    expect(res.statusCode).toBe(200);
    const signed = res.json();
    expect(Object.keys(signed).sort()).toEqual(['expiresAt', 'headers', 's3Key', 'url']);
    // No length to sign; type and "only if absent" still are.
    expect(signedHeaders(signed.url)).toEqual(expect.arrayContaining(['content-type', 'if-none-match']));
    expect(signedHeaders(signed.url)).not.toContain('content-length');
    expect((await api.row(signed.s3Key))?.size).toBeNull();

    expect((await put(signed, 321)).status).toBe(200);
    const file = { s3Key: signed.s3Key, fileName: 'Vídeo.mp4', fileType: 'video/mp4' };
    const joined = await api.join(itemId, 'create-material-version', file);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().materialData.files).toEqual([{ ...file, size: 321 }]);
    expect((await api.row(signed.s3Key))?.size).toBe(321);
    expect((await api.versions(itemId)).at(-1)?.files).toEqual([{ ...file, size: 321 }]);
  });

  it('deletes and refuses an oversize object uploaded without size when it would join a version (413)', async () => {
    const itemId = await api.newItem();
    const signed = (await api.sign(itemId, { fileName: 'enorme.mp4', fileType: 'video/mp4' })).json();
    // The store takes it (nothing bounds an unsized presigned PUT)...
    expect((await put(signed, MAX + 1)).status).toBe(200);
    expect(await exists(signed.s3Key)).toBe(true);
    // ...and the server refuses it before it joins a version, naming the file, and deletes it.
    const file = { s3Key: signed.s3Key, fileName: 'enorme.mp4', fileType: 'video/mp4' };
    for (const action of ['mark-for-internal-review', 'update-material'] as const) {
      const refused = await api.join(itemId, action, file);
      expect(refused.statusCode).toBe(action === 'mark-for-internal-review' ? 413 : 409);
      if (action === 'mark-for-internal-review') {
        expect(refused.json()).toMatchObject({
          code: 'PAYLOAD_TOO_LARGE',
          message: 'El archivo «enorme.mp4» supera el tamaño máximo permitido (1000 bytes)',
        });
      } else {
        // Gone from the store: a second attempt is told the file is not there.
        expect(refused.json().message).toContain('«enorme.mp4» no está en el almacenamiento');
      }
    }
    expect(await exists(signed.s3Key)).toBe(false);
    const item = await api.item(itemId);
    expect(item.status).toBe('draft');
    expect(item.materialData.files).toEqual([]);
    expect((await api.versions(itemId)).every((m) => m.files.length === 0)).toBe(true);
  });

  it('honours a given size: over the limit is 413 at once, and the length is signed into the PUT', async () => {
    const itemId = await api.newItem();
    const tooBig = await api.sign(itemId, { fileName: 'grande.png', fileType: 'image/png', size: MAX + 1 });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('«grande.png»'),
    });

    const signed = (await api.sign(itemId, { fileName: 'foto.png', fileType: 'image/png', size: 3 })).json();
    expect(signedHeaders(signed.url)).toEqual(
      expect.arrayContaining(['content-type', 'content-length', 'if-none-match']),
    );
    const browser = { ...signed.headers, 'Content-Length': '3' };
    expect(sigV4Accepts(signed.url, { method: 'PUT', headers: browser }, 'S3RVER')).toBe(true);
    expect(
      sigV4Accepts(signed.url, { method: 'PUT', headers: { ...browser, 'Content-Length': '4' } }, 'S3RVER'),
    ).toBe(false);
    expect((await api.row(signed.s3Key))?.size).toBe(3);
    expect((await put(signed, 3)).status).toBe(200);
    const file = { s3Key: signed.s3Key, fileName: 'foto.png', fileType: 'image/png' };
    const joined = await api.join(itemId, 'update-material', file);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().materialData.files).toEqual([{ ...file, size: 3 }]);
    expect((await api.row(signed.s3Key))?.size).toBe(3);
  });

  it('refuses a file that was never uploaded, naming it (409)', async () => {
    const itemId = await api.newItem();
    const signed = (await api.sign(itemId, { fileName: 'nunca.pdf', fileType: 'application/pdf' })).json();
    const res = await api.join(itemId, 'update-material', {
      s3Key: signed.s3Key,
      fileName: 'nunca.pdf',
      fileType: 'application/pdf',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('«nunca.pdf»') });
  });
});
