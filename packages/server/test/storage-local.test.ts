/**
 * The local store's signed upload URLs, through the real server (its own /api/storage route) and a real socket on
 * loopback: exactly the declared size and type, once, never over an existing object; and `copy` for duplicates.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type createLocalDriver, makeKey } from '../src/services/storage/index.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { uploadFlow } from './support/uploads.ts';

type LocalDriver = ReturnType<typeof createLocalDriver>;

describe('local uploads through signed URLs', () => {
  let ctx: TestContext;
  let driver: LocalDriver;
  let dataDir: string;
  let origin: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crw-uploads-'));
    ctx = await createTestApp({ DATA_DIR: dataDir });
    expect(ctx.app.storage.kind).toBe('local');
    driver = ctx.app.storage as LocalDriver;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const signPut = async (key: string, contentType: string, size: number) =>
    (await driver.presignPut(key, { contentType, size, expiresIn: 60 })).url;
  const put = (url: string, body: Buffer | string, contentType: string) =>
    ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
  const contents = async (key: string) => {
    const { url } = await driver.presignGet(key, { expiresIn: 60 });
    const res = await ctx.app.inject({ method: 'GET', url });
    return res.statusCode === 200 ? res.rawPayload : res.statusCode;
  };
  const leftovers = () => {
    try {
      return readdirSync(join(dataDir, 'uploads', '.tmp'));
    } catch {
      return [];
    }
  };

  it('takes exactly the declared bytes of the declared type, and only once', async () => {
    const key = makeKey('item-once', 'foto.png');
    const url = await signPut(key, 'image/png', 4);
    const first = await put(url, Buffer.from([1, 2, 3, 4]), 'image/png');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, size: 4 });
    const second = await put(url, Buffer.from([9, 9, 9, 9]), 'image/png');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('ya se usó') });
    expect(await contents(key)).toEqual(Buffer.from([1, 2, 3, 4]));
  });

  it('lets only one of two simultaneous uploads with the same URL through', async () => {
    const key = makeKey('item-race', 'a.txt');
    const url = await signPut(key, 'text/plain', 3);
    const answers = await Promise.all([put(url, 'aaa', 'text/plain'), put(url, 'bbb', 'text/plain')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(winner).toBeDefined();
    expect(['aaa', 'bbb']).toContain(String(await contents(key)));
  });

  it('never replaces an existing object, even with a valid URL for its key', async () => {
    // As if a URL for an approved version's file leaked or a key were reused: its object stays as it was.
    const key = makeKey('item-approved', 'final.pdf');
    expect((await put(await signPut(key, 'application/pdf', 5), 'final', 'application/pdf')).statusCode).toBe(
      200,
    );
    const again = await put(await signPut(key, 'application/pdf', 5), 'OTHER', 'application/pdf');
    expect(again.statusCode).toBe(409);
    expect(String(await contents(key))).toBe('final');
  });

  it('refuses more bytes than declared (413), by Content-Length or as they stream in, storing nothing', async () => {
    const key = makeKey('item-big', 'big.png');
    const url = await signPut(key, 'image/png', 4);
    const declaredMore = await put(url, Buffer.alloc(5), 'image/png');
    expect(declaredMore.statusCode).toBe(413);
    expect(declaredMore.json().message).toContain('4 bytes declarados');
    // A chunked body has no Content-Length: the bytes are counted as they arrive, over a real socket.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${origin}${url}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write(Buffer.alloc(3));
      req.write(Buffer.alloc(3));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(await contents(key)).toBe(404);
    expect(leftovers()).toEqual([]);
    // Nothing was kept: the right body still goes through the same URL.
    expect((await put(url, Buffer.from([1, 2, 3, 4]), 'image/png')).statusCode).toBe(200);
  });

  it('refuses fewer bytes than declared (400 naming size), storing nothing', async () => {
    const key = makeKey('item-short', 'short.png');
    const url = await signPut(key, 'image/png', 10);
    const res = await put(url, Buffer.alloc(3), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', details: [{ field: 'size' }] });
    expect(await contents(key)).toBe(404);
    expect(leftovers()).toEqual([]);
  });

  it('refuses another content type (415) and a URL whose type or size was altered (403)', async () => {
    const key = makeKey('item-type', 'doc.pdf');
    const url = await signPut(key, 'application/pdf', 3);
    const other = await put(url, 'abc', 'text/html');
    expect(other.statusCode).toBe(415);
    expect(other.json().message).toContain('text/html');
    expect((await put(url.replace('max=3', 'max=3000'), 'abc', 'application/pdf')).statusCode).toBe(403);
    expect(
      (await put(url.replace('type=application%2Fpdf', 'type=text%2Fhtml'), 'abc', 'text/html')).statusCode,
    ).toBe(403);
    expect((await put(url.replace(/&?max=3/, ''), 'abc', 'application/pdf')).statusCode).toBe(403);
    // A download URL for the key is no upload URL.
    const { url: download } = await driver.presignGet(key, { expiresIn: 60 });
    expect((await put(download, 'abc', 'application/pdf')).statusCode).toBe(403);
    expect(await contents(key)).toBe(404);
  });

  it('accepts an empty file when 0 bytes were declared', async () => {
    const key = makeKey('item-empty', 'vacio.txt');
    const url = await signPut(key, 'text/plain', 0);
    expect(new URL(url, origin).searchParams.get('max')).toBe('0');
    const res = await put(url, '', 'text/plain');
    expect(res.statusCode).toBe(200);
    expect(await contents(key)).toEqual(Buffer.alloc(0));
  });
});

describe('local storage copy', () => {
  let driver: LocalDriver;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'crw-copy-')) });
    driver = ctx.app.storage as LocalDriver;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const write = async (key: string, text: string) => {
    const { url } = await driver.presignPut(key, {
      contentType: 'text/plain',
      size: Buffer.byteLength(text),
      expiresIn: 60,
    });
    const res = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: text,
    });
    expect(res.statusCode).toBe(200);
  };
  const text = async (key: string) => {
    const { stream } = await driver.read(key);
    let out = '';
    for await (const chunk of stream) out += chunk;
    return out;
  };

  it('copies an object to a new key; both live on when the other is deleted', async () => {
    const from = makeKey('item-orig', 'guion.txt');
    const to = makeKey('item-copy', 'guion.txt');
    await write(from, 'original');
    await driver.copy(from, to);
    expect(await text(to)).toBe('original');
    await driver.delete([from]);
    expect(await text(to)).toBe('original');
    await expect(driver.read(from)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never copies over an existing object, and reports a missing source or a bad key as not found', async () => {
    const a = makeKey('item-a', 'a.txt');
    const b = makeKey('item-b', 'b.txt');
    await write(a, 'A');
    await write(b, 'B');
    await expect(driver.copy(a, b)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await text(b)).toBe('B');
    await expect(
      driver.copy(makeKey('item-a', 'nunca.txt'), makeKey('item-c', 'c.txt')),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(driver.copy(a, '../../etc/passwd')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(driver.copy('items/x/../../secret', makeKey('item-d', 'd.txt'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('uploads per specification on the local store (signed-url with and without size)', () => {
  const MAX = 64 * 1024;
  let ctx: TestContext;
  let dataDir: string;
  let origin: string;
  let api: Awaited<ReturnType<typeof uploadFlow>>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crw-spec-uploads-'));
    ctx = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX) });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    api = await uploadFlow(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const put = (url: string, body: Buffer, contentType = 'image/png') =>
    ctx.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });
  const stored = (s3Key: string) => existsSync(join(dataDir, 'uploads', s3Key));
  const leftovers = () => {
    try {
      return readdirSync(join(dataDir, 'uploads', '.tmp'));
    } catch {
      return [];
    }
  };

  it('takes the specification call without size and records the stored size when the file joins a version', async () => {
    const itemId = await api.newItem();
    const signed = await api.sign(itemId, { fileName: 'Portada.png', fileType: 'image/png' });
    expect(signed.statusCode).toBe(200);
    const { url, headers, s3Key, expiresAt } = signed.json();
    expect(Object.keys(signed.json()).sort()).toEqual(['expiresAt', 'headers', 's3Key', 'url']);
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    expect(new URL(url, origin).searchParams.has('max')).toBe(false);
    // Before the upload nothing is known of its size.
    expect((await api.row(s3Key))?.size).toBeNull();

    const uploaded = await put(url, Buffer.alloc(1234, 7));
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toEqual({ success: true, size: 1234 });
    // Once, like a sized URL.
    expect((await put(url, Buffer.alloc(10))).statusCode).toBe(409);

    // The client claims 1 byte: the version and the row carry the stored object's size.
    const file = { s3Key, fileName: 'Portada.png', fileType: 'image/png' };
    const joined = await api.join(itemId, 'mark-for-internal-review', file);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().materialData.files).toEqual([{ ...file, size: 1234 }]);
    expect((await api.row(s3Key))?.size).toBe(1234);
    expect((await api.versions(itemId)).at(-1)?.files).toEqual([{ ...file, size: 1234 }]);
  });

  it('refuses an upload over UPLOAD_MAX_BYTES without size as the bytes arrive (413), keeping nothing', async () => {
    const itemId = await api.newItem();
    const { url, s3Key } = (await api.sign(itemId, { fileName: 'enorme.png', fileType: 'image/png' })).json();
    // Declared by Content-Length: refused before a byte is read.
    const declared = await put(url, Buffer.alloc(MAX + 1));
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: expect.stringContaining('supera el tamaño máximo permitido'),
    });
    // Streamed without a length, over a real socket: the answer comes while the client is still sending
    // (the server reads no further than the limit), and nothing is on disk.
    const streamed = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = httpRequest(`${origin}${url}`, {
          method: 'PUT',
          headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
        });
        req.on('response', (res) => {
          answered = true;
          const sentWhenAnswered = sent;
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered });
            req.destroy();
          });
        });
        req.on('error', (error) => {
          if (!answered) reject(error);
        });
        // Up to 64 times the limit, 16 KiB at a time, ending the body only if the server read it all.
        const pump = () => {
          while (sent < 64 * MAX && !answered) {
            sent += 16 * 1024;
            if (!req.write(Buffer.alloc(16 * 1024))) return void req.once('drain', pump);
          }
          if (!answered) req.end();
        };
        pump();
      },
    );
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'El archivo supera el tamaño máximo permitido (65536 bytes)',
    });
    expect(streamed.sentWhenAnswered).toBeLessThan(64 * MAX);
    expect(stored(s3Key)).toBe(false);
    expect(leftovers()).toEqual([]);
    // Nothing was kept and the URL is still unused: a file within the limit goes through it.
    expect((await put(url, Buffer.alloc(MAX, 1))).json()).toEqual({ success: true, size: MAX });
    const joined = await api.join(itemId, 'update-material', {
      s3Key,
      fileName: 'enorme.png',
      fileType: 'image/png',
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().materialData.files[0].size).toBe(MAX);
  });

  it('honours a given size: over the limit is 413 at once, and the upload must be exactly that long', async () => {
    const itemId = await api.newItem();
    const tooBig = await api.sign(itemId, { fileName: 'grande.png', fileType: 'image/png', size: MAX + 1 });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toContain('«grande.png»');

    const { url, s3Key } = (
      await api.sign(itemId, { fileName: 'justa.png', fileType: 'image/png', size: 4 })
    ).json();
    expect(new URL(url, origin).searchParams.get('max')).toBe('4');
    expect((await api.row(s3Key))?.size).toBe(4);
    expect((await put(url, Buffer.alloc(5))).statusCode).toBe(413);
    expect((await put(url, Buffer.alloc(3))).statusCode).toBe(400);
    expect((await put(url, Buffer.from([1, 2, 3, 4]))).statusCode).toBe(200);
    const joined = await api.join(itemId, 'update-material', {
      s3Key,
      fileName: 'justa.png',
      fileType: 'image/png',
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().materialData.files[0].size).toBe(4);
    expect((await api.row(s3Key))?.size).toBe(4);
  });

  it('refuses a file that was never uploaded, naming it (409)', async () => {
    const itemId = await api.newItem();
    const { s3Key } = (await api.sign(itemId, { fileName: 'nunca.png', fileType: 'image/png' })).json();
    const res = await api.join(itemId, 'update-material', {
      s3Key,
      fileName: 'nunca.png',
      fileType: 'image/png',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('«nunca.png»') });
    expect((await api.item(itemId)).materialData.files).toEqual([]);
  });
});
