/**
 * A local push service: an HTTPS server (self-signed certificate made with openssl) that checks the VAPID
 * Authorization header (ES256 JWT, audience = its origin, key = the server's public key) and decrypts the
 * aes128gcm body (RFC 8188 + RFC 8291) with the subscription's private key, as a real push service and
 * browser together would.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, jwtVerify } from 'jose';

export interface PushDelivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted JSON the service worker would read. */
  payload: Record<string, unknown>;
  vapidAudience: string;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

export interface PushClient {
  ecdh: ECDH;
  auth: Buffer;
  subscription(endpoint: string): { endpoint: string; keys: { auth: string; p256dh: string } };
}

export function makePushClient(): PushClient {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: (endpoint) => ({
      endpoint,
      keys: { auth: b64url(auth), p256dh: b64url(ecdh.getPublicKey()) },
    }),
  };
}

export function decryptAes128gcm(body: Buffer, client: PushClient): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdhSecret = client.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), client.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, client.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

export type Misbehaviour = 'error' | 'reset' | 'redirect' | 'trickle';

export interface PushPeer {
  origin: string;
  agent: Agent;
  /** The peer's self-signed certificate, for the server to trust. */
  ca: Buffer;
  deliveries: PushDelivery[];
  /** Endpoint paths answered 410 Gone (an expired subscription). */
  gone: Set<string>;
  clients: Map<string, PushClient>;
  /** Every request received (delivered or not), the paths asked for, and the most open at once. */
  stats: { received: number; open: number; maxOpen: number; paths: string[] };
  /**
   * How the peer misbehaves: a delay before answering, and paths that fail: 500, a reset connection, a
   * redirect to another path of the peer, or an answer that trickles a byte every 50 ms and never ends.
   */
  behaviour: { delayMs: number; broken: Map<string, Misbehaviour> };
  waitFor(count: number, timeoutMs?: number): Promise<PushDelivery[]>;
  close(): Promise<void>;
}

export async function startPushPeer(vapidPublicKey: () => string): Promise<PushPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'push-peer-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const deliveries: PushDelivery[] = [];
  const waiters: Array<() => void> = [];
  const gone = new Set<string>();
  const clients = new Map<string, PushClient>();
  let origin = '';
  const stats = { received: 0, open: 0, maxOpen: 0, paths: [] as string[] };
  const behaviour = { delayMs: 0, broken: new Map<string, Misbehaviour>() };
  const trickles = new Set<NodeJS.Timeout>();

  const server: Server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    stats.received += 1;
    stats.paths.push(req.url ?? '/');
    stats.open += 1;
    stats.maxOpen = Math.max(stats.maxOpen, stats.open);
    res.on('close', () => {
      stats.open -= 1;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const path = req.url ?? '/';
        if (behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
        const broken = behaviour.broken.get(path);
        if (broken === 'reset') {
          req.socket.destroy();
          return;
        }
        if (broken === 'error') {
          res.writeHead(500).end();
          return;
        }
        if (broken === 'redirect') {
          res.writeHead(307, { location: `${origin}/push/redirected` }).end();
          return;
        }
        if (broken === 'trickle') {
          res.writeHead(201, { 'content-type': 'text/plain' });
          const timer = setInterval(() => res.write('.'), 50);
          trickles.add(timer);
          res.on('close', () => {
            clearInterval(timer);
            trickles.delete(timer);
          });
          return;
        }
        if (gone.has(path)) {
          res.writeHead(410).end();
          return;
        }
        const authz = String(req.headers.authorization ?? '');
        const match = /^vapid t=([^,]+), k=(.+)$/.exec(authz);
        if (!match) throw new Error(`no VAPID header: ${authz}`);
        const jwt = match[1]!;
        const k = match[2]!;
        if (k !== vapidPublicKey()) throw new Error('unknown VAPID key');
        const raw = Buffer.from(k, 'base64url');
        const key = await importJWK(
          { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
          'ES256',
        );
        const { payload } = await jwtVerify(jwt, key, { audience: origin });
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const client = clients.get(path);
        if (!client) throw new Error(`no client for ${path}`);
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), client);
        deliveries.push({
          path,
          headers: req.headers,
          payload: JSON.parse(plaintext.toString('utf8')),
          vapidAudience: String(payload.aud),
        });
        res.writeHead(201).end();
        for (const w of waiters.splice(0)) w();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    agent: new Agent({ ca: cert }),
    ca: cert,
    stats,
    behaviour,
    deliveries,
    gone,
    clients,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${deliveries.length} of ${count} pushes arrived`)),
          timeoutMs,
        );
        const check = () => {
          if (deliveries.length >= count) {
            clearTimeout(timer);
            resolve(deliveries);
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of trickles) clearInterval(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
