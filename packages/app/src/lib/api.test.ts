import * as sdk from '@crw/api-client/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSystem, systemStore } from '../features/system/store.ts';
import { msg } from '../messages.ts';
import { api } from './api.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unavailable = () =>
  json(503, {
    message: 'Sin conexión con la base de datos. Inténtalo de nuevo en unos segundos.',
    code: 'SERVICE_UNAVAILABLE',
  });

/** Issue 45: the server lost its database for a moment (503 SERVICE_UNAVAILABLE). */
describe('the app’s API client when the server has no database', () => {
  beforeEach(() => {
    resetSystem();
    // The app's client calls `/api` on its page's origin; outside a browser the origin is spelled out.
    api.client.setConfig({ baseUrl: 'http://localhost/api' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    api.client.setConfig({ baseUrl: '/api' });
  });

  it('says «Sin conexión con el servidor. Reintentando…» and asks a read once more, a second later', async () => {
    const calls: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls.push(Date.now());
        return calls.length === 1 ? unavailable() : json(200, { status: 'ok', checks: {} });
      }),
    );
    const health = await api.call(sdk.getHealth({ client: api.client }), 'Error');
    expect(health).toMatchObject({ status: 'ok' });
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(900);
    expect(systemStore.toasts.map((t) => [t.type, t.message])).toEqual([
      ['warning', 'Sin conexión con el servidor. Reintentando…'],
    ]);
    expect(msg.errors.serverUnavailable).toBe('Sin conexión con el servidor. Reintentando…');
  });

  it('never asks a write again: its error is the server’s Spanish message', async () => {
    const fetch = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetch);
    const error = await api
      .call(sdk.markAllNotificationsRead({ client: api.client }), 'Error al marcar como leídas')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Sin conexión con la base de datos. Inténtalo de nuevo en unos segundos.',
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(systemStore.toasts).toEqual([]);
  });
});
