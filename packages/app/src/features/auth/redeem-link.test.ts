import { TOKEN_KEY, type User } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What the server answers to POST /api/auth/link, and what the app sent it. */
const server = vi.hoisted(() => ({
  answer: { status: 200, body: {} as unknown },
  sent: [] as Array<Record<string, unknown>>,
}));

// The app's API client against a real HTTP peer on loopback (as packages/api-client's own tests do).
vi.mock('../../lib/api.ts', async () => {
  const { createServer } = await import('node:http');
  const { createApiClient } = await import('@crw/api-client');
  const peer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      server.sent.push(JSON.parse(body));
      res.writeHead(server.answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(server.answer.body));
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peer.unref();
  const { port } = peer.address() as { port: number };
  const api = createApiClient({ baseURL: `http://127.0.0.1:${port}/api` });
  return { api, client: api.client, onUnauthorized: () => () => {} };
});

const { authStore } = await import('./store.ts');
const { redeemLink } = await import('./redeem-link.ts');

const ana: User = {
  _id: 'u-ana',
  email: 'ana@cliente.test',
  name: 'Ana',
  role: 'client',
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ben: User = { ...ana, _id: 'u-ben', email: 'ben@agencia.test', name: 'Ben', role: 'employee' };

const signedInAs = (user: User | null) => {
  if (user) localStorage.setItem(TOKEN_KEY, `jwt-${user._id}`);
  else localStorage.removeItem(TOKEN_KEY);
  authStore.token = user ? `jwt-${user._id}` : null;
  authStore.user = user;
};

beforeEach(() => {
  server.sent = [];
  signedInAs(null);
});

describe('redeeming a one-time sign-in link', () => {
  it('stores the session as a login does and answers the target', async () => {
    server.answer = {
      status: 200,
      body: { token: 'jwt-new', user: ana, target: '/portfolios/p/review?item=i' },
    };
    expect(await redeemLink('enlace')).toEqual({
      kind: 'signedIn',
      user: ana,
      target: '/portfolios/p/review?item=i',
    });
    expect(server.sent).toEqual([{ token: 'enlace' }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-new');
    expect(authStore).toMatchObject({ token: 'jwt-new', user: ana });
  });

  it('tells the server who is signed in, and keeps that session when the link is someone else’s', async () => {
    signedInAs(ben);
    server.answer = {
      status: 409,
      body: { message: 'Hay otra sesión abierta en este navegador', code: 'OTHER_SESSION' },
    };
    expect(await redeemLink('enlace')).toEqual({ kind: 'otherSession', name: 'Ben' });
    expect(server.sent).toEqual([{ token: 'enlace', sessionUserId: 'u-ben' }]);
    expect(authStore.user).toEqual(ben);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('jwt-u-ben');
  });

  it('closes the other session first when asked to, then redeems without naming anyone', async () => {
    signedInAs(ben);
    server.answer = { status: 200, body: { token: 'jwt-ana', user: ana, target: '/' } };
    expect(await redeemLink('enlace', { closeOtherSession: true })).toMatchObject({ kind: 'signedIn' });
    expect(server.sent).toEqual([{ token: 'enlace' }]);
    expect(authStore).toMatchObject({ token: 'jwt-ana', user: ana });
  });

  it('a dead link answers its target when the server knows it, and nothing when not', async () => {
    const gone = { message: 'Este enlace ya se usó o caducó', code: 'SIGNIN_LINK_GONE' };
    server.answer = { status: 410, body: { ...gone, details: [{ field: 'target', message: '/settings' }] } };
    expect(await redeemLink('usado')).toEqual({ kind: 'gone', target: '/settings' });
    server.answer = { status: 410, body: gone };
    expect(await redeemLink('desconocido')).toEqual({ kind: 'gone', target: null });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('any other failure is thrown with the server’s message', async () => {
    server.answer = {
      status: 429,
      body: { message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.', code: 'RATE_LIMITED' },
    };
    await expect(redeemLink('enlace')).rejects.toThrow('Demasiados intentos');
  });
});
