import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ listPortfolios: vi.fn(), getPortfolio: vi.fn() }));
vi.mock('@crw/api-client/sdk-startup', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const { activatePortfolio, forgetPortfolio, loadPortfolios, portfoliosStore, requireActive } = await import(
  './store.ts'
);
const { logout } = await import('../auth/store.ts');

const p = (id: string, name = id) => ({ _id: id, name });

beforeEach(() => logout());

describe('portfolios store', () => {
  it('the first load brings back the portfolio last made active', async () => {
    sdk.getPortfolio.mockResolvedValueOnce(p('b', 'Beta'));
    sdk.listPortfolios.mockResolvedValueOnce([p('a'), p('b')]);
    await loadPortfolios();
    await activatePortfolio('b');
    // A new tab: the store starts empty, the stored id remains.
    portfoliosStore.active = null;
    sdk.listPortfolios.mockResolvedValueOnce([p('a'), p('b', 'Beta')]);
    await loadPortfolios();
    expect(portfoliosStore).toMatchObject({ loaded: true, loading: false, active: { _id: 'b' } });
  });

  it('a revoked portfolio leaves the list and stops being active', async () => {
    sdk.listPortfolios.mockResolvedValueOnce([p('a'), p('b')]);
    await loadPortfolios();
    sdk.getPortfolio.mockResolvedValueOnce(p('a'));
    await activatePortfolio('a');
    forgetPortfolio('a');
    expect(portfoliosStore.portfolios.map((x) => x._id)).toEqual(['b']);
    expect(() => requireActive()).toThrow();
    expect(localStorage.getItem('activePortfolioId')).toBeNull();
  });

  it('reads that overlap keep the newest answer, even when an older one arrives after it', async () => {
    let answerFirst: (list: unknown) => void = () => undefined;
    sdk.listPortfolios.mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)));
    const first = loadPortfolios();
    // A grant arrives while the first read is still out: the second read sees the new portfolio.
    sdk.listPortfolios.mockResolvedValueOnce([p('a'), p('granted')]);
    await loadPortfolios();
    answerFirst([p('a')]);
    await first;
    expect(portfoliosStore.portfolios.map((x) => x._id)).toEqual(['a', 'granted']);
    expect(portfoliosStore.loading).toBe(false);
  });

  it('a failed load says so on screen and prefixes the reason', async () => {
    sdk.listPortfolios.mockRejectedValueOnce(new Error('Sin conexión'));
    await expect(loadPortfolios()).rejects.toThrow(/: Sin conexión$/);
    expect(portfoliosStore.error).toBeTruthy();
    expect(portfoliosStore.loading).toBe(false);
  });

  it('sign-out forgets the list, the active one and its stored id', async () => {
    sdk.listPortfolios.mockResolvedValueOnce([p('a')]);
    await loadPortfolios();
    sdk.getPortfolio.mockResolvedValueOnce(p('a'));
    await activatePortfolio('a');
    logout();
    expect(portfoliosStore).toMatchObject({ portfolios: [], active: null, loaded: false });
    expect(localStorage.getItem('activePortfolioId')).toBeNull();
  });
});
