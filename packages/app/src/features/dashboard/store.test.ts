import { beforeEach, describe, expect, it, vi } from 'vitest';

// The SDK answers what each test hands it; api.call passes the answer through.
const answers = vi.hoisted(() => ({ next: [] as Array<Promise<unknown>> }));
vi.mock('@crw/api-client/sdk', () => ({
  getPortfolioDashboard: () => answers.next.shift(),
  getClientDashboard: () => answers.next.shift(),
}));
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const { dashboardStore, loadPortfolioDashboard } = await import('./store.ts');
const { logout } = await import('../auth/store.ts');

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => logout());

describe('dashboard store', () => {
  it('an answer for a portfolio no longer on screen is dropped', async () => {
    const a = deferred<unknown>();
    const b = deferred<unknown>();
    answers.next.push(a.promise, b.promise);
    const first = loadPortfolioDashboard('A');
    const second = loadPortfolioDashboard('B');
    b.resolve({ name: 'B' });
    await second;
    a.resolve({ name: 'A' });
    await first;
    expect(dashboardStore.portfolio).toMatchObject({ portfolioId: 'B', data: { name: 'B' }, loading: false });
  });

  it('a refresh keeps what is shown (no loading), and a failure says why', async () => {
    answers.next.push(Promise.resolve({ name: 'A' }));
    await loadPortfolioDashboard('A');
    const again = deferred<unknown>();
    answers.next.push(again.promise);
    const refresh = loadPortfolioDashboard('A');
    expect(dashboardStore.portfolio).toMatchObject({ data: { name: 'A' }, loading: false });
    again.reject(new Error('Sin conexión'));
    await refresh;
    expect(dashboardStore.portfolio).toMatchObject({ data: { name: 'A' }, error: 'Sin conexión' });
  });

  it('sign-out empties it', async () => {
    answers.next.push(Promise.resolve({ name: 'A' }));
    await loadPortfolioDashboard('A');
    logout();
    expect(dashboardStore.portfolio).toEqual({ portfolioId: null, data: null, loading: false, error: null });
  });
});
