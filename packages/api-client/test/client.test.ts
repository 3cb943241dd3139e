/**
 * createApiClient against a real HTTP peer (node:http on 127.0.0.1): Bearer token, error message rules
 * (server message, else the Spanish default), 401 removes the stored token, 403 only logged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as sdk from '../src/gen/sdk.gen.ts';
import { ApiError, createApiClient } from '../src/index.ts';

let server: Server;
let baseURL = '';
const seen: Array<{ url?: string; auth?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // The database lost for a moment: every call of this token answers 503 SERVICE_UNAVAILABLE, but its second
    // read of /auth/me.
    if (req.headers.authorization === 'Bearer sin-base') {
      const tries = seen.filter((s) => s.url === req.url && s.auth === 'Bearer sin-base').length;
      if (!(req.url === '/api/auth/me' && tries === 2))
        return send(503, { message: 'Sin conexión con la base de datos', code: 'SERVICE_UNAVAILABLE' });
    }
    if (req.url === '/api/auth/me' && /^Bearer (bueno|sin-base)$/.test(req.headers.authorization ?? '')) {
      return send(200, {
        _id: 'u1',
        email: 'a@b.c',
        name: 'A',
        role: 'admin',
        permissions: [],
        createdAt: new Date().toISOString(),
      });
    }
    if (req.url === '/api/auth/me')
      return send(401, { message: 'Sesión inválida o expirada', code: 'INVALID_TOKEN' });
    if (req.url === '/api/portfolios') return send(403, { message: 'No tienes permiso', code: 'FORBIDDEN' });
    if (req.url === '/api/health') return send(503, {});
    return send(404, { message: 'Ruta no encontrada', code: 'ROUTE_NOT_FOUND' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function memoryStorage(token: string | null) {
  const data = new Map<string, string>(token ? [['token', token]] : []);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
    has: (k: string) => data.has(k),
  };
}

describe('createApiClient', () => {
  it('sends the stored token as a Bearer header and returns the data', async () => {
    const storage = memoryStorage('bueno');
    const api = createApiClient({ baseURL, storage });
    const me = await api.call(sdk.getMe({ client: api.client }), 'Error al obtener usuario actual');
    expect(me.role).toBe('admin');
    expect(seen.at(-1)?.auth).toBe('Bearer bueno');
  });

  it("throws the server's message and removes the token on a 401", async () => {
    const storage = memoryStorage('malo');
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseURL, storage, onUnauthorized });
    const error = await api
      .call(sdk.getMe({ client: api.client }), 'Error al obtener usuario actual')
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Sesión inválida o expirada');
    expect(error.status).toBe(401);
    expect(storage.has('token')).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('only logs a 403 and keeps the token', async () => {
    const storage = memoryStorage('bueno');
    const onForbidden = vi.fn();
    const api = createApiClient({ baseURL, storage, onForbidden });
    const error = await api
      .call(sdk.listPortfolios({ client: api.client }), 'Error al obtener portafolios')
      .catch((e) => e);
    expect(error.status).toBe(403);
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(storage.has('token')).toBe(true);
  });

  it('uses the Spanish default when the server sends no message', async () => {
    const api = createApiClient({ baseURL, storage: memoryStorage(null) });
    const error = await api
      .call(sdk.getHealth({ client: api.client }), 'Error al comprobar el servicio')
      .catch((e) => e);
    expect(error.message).toBe('Error al comprobar el servicio');
    expect(error.status).toBe(503);
  });

  it('asks a read once more after a 503 SERVICE_UNAVAILABLE, saying so first; never a write', async () => {
    const onServiceUnavailable = vi.fn();
    const api = createApiClient({
      baseURL,
      storage: memoryStorage('sin-base'),
      onServiceUnavailable,
      unavailableRetryMs: 10,
    });
    const hits = (url: string) => seen.filter((s) => s.url === url && s.auth === 'Bearer sin-base').length;
    const me = await api.call(sdk.getMe({ client: api.client }), 'Error al obtener usuario actual');
    expect(me.role).toBe('admin');
    expect(hits('/api/auth/me')).toBe(2);
    expect(onServiceUnavailable).toHaveBeenCalledOnce();

    const write = await api
      .call(
        sdk.createPortfolio({ client: api.client, body: { identifier: 'x', accountData: {} } as never }),
        'Error',
      )
      .catch((e) => e);
    expect(write).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(hits('/api/portfolios')).toBe(1);
    // A read that fails again is the caller's error, after one second try.
    const again = await api.call(sdk.listPortfolios({ client: api.client }), 'Error').catch((e) => e);
    expect(again).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(hits('/api/portfolios')).toBe(3);
    expect(onServiceUnavailable).toHaveBeenCalledTimes(2);
  });

  it('does not ask again after another 503 (a server shutting down)', async () => {
    const onServiceUnavailable = vi.fn();
    const api = createApiClient({ baseURL, storage: memoryStorage(null), onServiceUnavailable });
    const before = seen.filter((s) => s.url === '/api/health').length;
    await api.call(sdk.getHealth({ client: api.client }), 'Error').catch(() => undefined);
    expect(seen.filter((s) => s.url === '/api/health').length).toBe(before + 1);
    expect(onServiceUnavailable).not.toHaveBeenCalled();
  });

  it('turns an unreachable server into the Spanish default', async () => {
    const api = createApiClient({ baseURL: 'http://127.0.0.1:9/api', storage: memoryStorage(null) });
    const error = await api.call(sdk.getHealth({ client: api.client }), 'Error al conectar').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Error al conectar');
  });
});
