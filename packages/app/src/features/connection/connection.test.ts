import { ApiError } from '@crw/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemStore } from '../system/store.ts';
import {
  check,
  connectionStore,
  PROBE_MS,
  resetConnection,
  socketChanged,
  whenConnected,
} from './connection.ts';
import { connectionMessages as m } from './messages.ts';

/** The server as the probe sees it: up answers 200, down refuses the connection. */
let serverUp = true;
const probe = vi.fn(async (_url: string, _init?: RequestInit) => {
  if (!serverUp) throw new TypeError('Failed to fetch');
  return new Response('{}', { status: 200 });
});

beforeEach(() => {
  vi.useFakeTimers();
  serverUp = true;
  probe.mockClear();
  vi.stubGlobal('fetch', probe);
  resetConnection();
  systemStore.toasts.splice(0);
});
afterEach(() => {
  resetConnection();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const networkError = () => new ApiError('Error al guardar la pieza', 0, 'NETWORK');

describe('the connection (issue 49, point 6)', () => {
  it('the socket dropping makes the app ask the server at once; no answer → lost, asked again every second', async () => {
    serverUp = false;
    socketChanged(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionStore.lost).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(probe.mock.calls[0]?.[0]).toBe('/api/health');
    await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
    expect(probe.mock.calls.length).toBeGreaterThanOrEqual(3);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(connectionStore.lost).toBe(false);
    expect(systemStore.toasts.map((t) => t.message)).toContain(m.restored);
    // Back: no more questions.
    const asked = probe.mock.calls.length;
    await vi.advanceTimersByTimeAsync(PROBE_MS * 5);
    expect(probe).toHaveBeenCalledTimes(asked);
  });

  it('the socket dropping while the server still answers (a restart of the socket alone) shows nothing', async () => {
    socketChanged(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionStore.lost).toBe(false);
    expect(systemStore.toasts).toHaveLength(0);
  });

  it('a gateway answering 502 for the server counts as no answer', async () => {
    probe.mockResolvedValueOnce(new Response('', { status: 502 }));
    expect(await check()).toBe(false);
    expect(connectionStore.lost).toBe(true);
  });

  it('a save made while lost waits, then goes exactly once when the server is back', async () => {
    serverUp = false;
    socketChanged(false);
    await vi.advanceTimersByTimeAsync(0);
    const send = vi.fn(async () => ({ _id: 'i1', version: 4 }));
    const saved = whenConnected(send);
    await vi.advanceTimersByTimeAsync(PROBE_MS * 4);
    expect(send).not.toHaveBeenCalled();
    serverUp = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    await expect(saved).resolves.toEqual({ _id: 'i1', version: 4 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a save the server did not answer goes again once it is back; one it answered is never repeated', async () => {
    serverUp = false;
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValueOnce('guardado');
    const saved = whenConnected(send);
    await vi.advanceTimersByTimeAsync(0);
    expect(connectionStore.lost).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    await expect(saved).resolves.toBe('guardado');
    expect(send).toHaveBeenCalledTimes(2);

    const refused = vi.fn(async () => {
      throw new ApiError('La pieza cambió mientras la editabas', 409, 'CONFLICT');
    });
    await expect(whenConnected(refused)).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('a network error while the server answers the probe is the caller’s error, not a wait', async () => {
    const send = vi.fn(async () => {
      throw networkError();
    });
    await expect(whenConnected(send)).rejects.toMatchObject({ code: 'NETWORK' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(connectionStore.lost).toBe(false);
  });
});
