import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  listPendingMail: vi.fn(),
  listMailFailures: vi.fn(),
  getHealth: vi.fn(),
  retryFailedMail: vi.fn(),
  retryAllFailedMail: vi.fn(),
}));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { logout } = await import('../auth/store.ts');
const { systemStore } = await import('../system/store.ts');
const s = store.mailQueueStore;

const pendingMail = {
  _id: 'm1',
  to: 'ana@estudio.test',
  template: 'action',
  status: 'pending' as const,
  attempts: 2,
  error: 'No se pudo conectar con el servidor de correo',
  errorDetail: 'ECONNECTION: connect ECONNREFUSED',
  nextAttemptAt: '2026-03-02T14:05:00.000Z',
};
const failure = {
  _id: 'f1',
  to: 'luis@estudio.test',
  template: 'action',
  error: 'El servidor de correo rechazó la dirección',
  errorDetail: '550 No such mailbox',
  attempts: 1,
  failedAt: '2026-03-02T13:00:00.000Z',
};
const health = (smtp: 'ok' | 'down' | 'off') => ({
  status: smtp === 'down' ? 'degraded' : 'ok',
  checks: { smtp: { state: smtp, since: '2026-03-02T13:00:00.000Z' } },
});

beforeEach(() => {
  logout();
  vi.resetAllMocks();
  systemStore.toasts = [];
  sdk.listPendingMail.mockResolvedValue({ enabled: true, total: 1, items: [pendingMail] });
  sdk.listMailFailures.mockResolvedValue({ enabled: true, items: [failure] });
  sdk.getHealth.mockResolvedValue({ data: health('ok') });
});

describe('mail queue store', () => {
  it('reads the pending mail, the failed mail and whether SMTP is down (from the health check)', async () => {
    sdk.getHealth.mockResolvedValueOnce({ data: health('down') });
    await store.loadMailQueue();
    expect(s).toMatchObject({ loaded: true, enabled: true, pendingTotal: 1, smtpDown: true, error: null });
    expect(s.pending.map((m) => m._id)).toEqual(['m1']);
    expect(s.failures.map((m) => m._id)).toEqual(['f1']);
    // SMTP back: the banner goes.
    await store.loadMailQueue();
    expect(s.smtpDown).toBe(false);
  });

  it('reads SMTP’s state from a 503 health answer too, and keeps the last one when health cannot be read', async () => {
    sdk.getHealth.mockResolvedValueOnce({ error: { ...health('down'), status: 'down' } });
    await store.loadMailQueue();
    expect(s.smtpDown).toBe(true);
    sdk.getHealth.mockRejectedValueOnce(new TypeError('fetch failed'));
    await store.loadMailQueue();
    expect(s.smtpDown).toBe(true);
  });

  it('says why the lists could not be read', async () => {
    sdk.listPendingMail.mockRejectedValueOnce(new Error('Sin conexión'));
    await store.loadMailQueue();
    expect(s.error).toBe('Sin conexión');
    expect(s.loaded).toBe(false);
  });

  it('«Reintentar» sends one failed mail again, says so and reads the queue again', async () => {
    sdk.retryFailedMail.mockResolvedValueOnce({ retried: 1 });
    sdk.listMailFailures.mockResolvedValueOnce({ enabled: true, items: [] });
    await store.retryMail('f1');
    expect(sdk.retryFailedMail).toHaveBeenCalledWith(expect.objectContaining({ path: { id: 'f1' } }));
    expect(systemStore.toasts.map((t) => t.message)).toEqual(['El correo vuelve a la cola de envío']);
    expect(s.failures).toEqual([]);
    expect(s.retrying).toBeNull();
  });

  it('«Reintentar todos» sends every failed mail again; a refusal is a toast with the server’s message', async () => {
    sdk.retryAllFailedMail.mockResolvedValueOnce({ retried: 3 });
    await store.retryAllMail();
    expect(systemStore.toasts.at(-1)?.message).toBe('3 correos vuelven a la cola de envío');
    sdk.retryAllFailedMail.mockRejectedValueOnce(new Error('No tienes permiso'));
    await store.retryAllMail();
    expect(systemStore.toasts.at(-1)).toMatchObject({ type: 'error', message: 'No tienes permiso' });
    expect(s.retrying).toBeNull();
  });
});
