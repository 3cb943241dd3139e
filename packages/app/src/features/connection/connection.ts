import { proxy } from 'valtio';
import { toast } from '../system/store.ts';
import { connectionMessages as m } from './messages.ts';

/**
 * Whether the server can be reached (issue 49, point 6). Lost when the socket is down and a request fails: the
 * socket's drop (or a save's network error) makes the app ask `/api/health` at once, and a failed answer shows
 * the shell's bar («Sin conexión con el servidor. Reintentando…»). While lost it asks again every
 * `PROBE_MS`; the first answer (any HTTP answer but a 502, 503 or 504) ends it, says «Conexión restablecida»
 * and lets the saves and sends that waited go (`whenConnected`). Loaded with the signed-in shell, never /auth.
 */
export const connectionStore = proxy({ lost: false });

export const PROBE_MS = 1_000;
/** The probe's own limit: a server that does not answer within it counts as gone. */
export const PROBE_TIMEOUT_MS = 2_000;

let probing: Promise<boolean> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let waiters: Array<() => void> = [];

/**
 * One request to the server: true when it answered. A gateway's 502 or 504 means it did not; a 503 is a server
 * that is stopping (draining) or has lost its database: nothing could be saved there either.
 */
export async function reachable(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.status < 502 || response.status > 504;
  } catch {
    return false;
  }
}

function restored() {
  clearTimeout(timer);
  timer = undefined;
  if (connectionStore.lost) {
    connectionStore.lost = false;
    toast.success(m.restored);
  }
  const go = waiters;
  waiters = [];
  for (const resolve of go) resolve();
}

/** Asks the server once (one question at a time); lost → keeps asking until it answers. Answers whether it did. */
export function check(): Promise<boolean> {
  probing ??= reachable().then((up) => {
    probing = undefined;
    if (up) restored();
    else {
      connectionStore.lost = true;
      clearTimeout(timer);
      timer = setTimeout(() => void check(), PROBE_MS);
    }
    return up;
  });
  return probing;
}

/** The socket's state (features/notifications/realtime.ts): its drop makes the app ask at once. */
export function socketChanged(up: boolean) {
  if (!up || connectionStore.lost) void check();
}

/** Resolves at once while connected; else when the server answers again. */
export function connected(): Promise<void> {
  if (!connectionStore.lost) return Promise.resolve();
  return new Promise((resolve) => waiters.push(resolve));
}

const isNetworkError = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === 'NETWORK';

/**
 * A save or a send that waits out a lost connection: made while lost, it goes when the server is back; failing
 * for want of the server (no answer at all), the app asks the server, and if it is gone, the same request goes
 * again once it answers. A request the server answered is never repeated; one that reached it and lost only its
 * answer carries the item's `version`, so the repeat is refused (409) rather than applied twice.
 */
export async function whenConnected<T>(send: () => Promise<T>): Promise<T> {
  for (;;) {
    await connected();
    try {
      return await send();
    } catch (e) {
      if (!isNetworkError(e) || (await check())) throw e;
    }
  }
}

/** For tests: back to the first state. */
export function resetConnection() {
  clearTimeout(timer);
  timer = undefined;
  probing = undefined;
  waiters = [];
  connectionStore.lost = false;
}
