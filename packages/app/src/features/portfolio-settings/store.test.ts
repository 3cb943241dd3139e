import type { Portfolio } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Integration } from './store.ts';

const sdk = vi.hoisted(() => ({
  listIntegrations: vi.fn(),
  createNotionIntegration: vi.fn(),
  getMyPermissions: vi.fn(),
}));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('@crw/api-client/sdk-startup', () => ({}));
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { portfoliosStore } = await import('../portfolios/store.ts');
const { logout } = await import('../auth/store.ts');
const { integrationsStore: s } = store;

const integration = (id: string) => ({ _id: id, paginaNotionId: id }) as Integration;

beforeEach(() => {
  logout();
  vi.resetAllMocks();
});

describe('portfolio settings store', () => {
  it("a portfolio's integrations asked before another's are not shown for it", async () => {
    let answerOld!: (v: Integration[]) => void;
    sdk.listIntegrations
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockResolvedValueOnce([integration('de-q')]);
    const old = store.loadIntegrations('p');
    await store.loadIntegrations('q');
    answerOld([integration('de-p')]);
    await old;
    expect(s).toMatchObject({ portfolioId: 'q', loading: false });
    expect(s.items.map((i) => i._id)).toEqual(['de-q']);
  });

  it('an integration is added only to the active portfolio, which then lists it', async () => {
    await expect(store.addNotionIntegration('p', 'x')).rejects.toMatchObject({ code: 'NO_ACTIVE' });
    expect(sdk.createNotionIntegration).not.toHaveBeenCalled();

    portfoliosStore.active = { _id: 'p', name: 'P', integraciones: [] } as unknown as Portfolio;
    sdk.listIntegrations.mockResolvedValueOnce([]);
    await store.loadIntegrations('p');
    sdk.createNotionIntegration.mockResolvedValueOnce(integration('n1'));
    await store.addNotionIntegration('p', 'n1');
    expect(s.items.map((i) => i._id)).toEqual(['n1']);
    expect(portfoliosStore.active?.integraciones).toEqual([integration('n1')]);
  });

  it("a failed read of one's permissions offers everything (null) and lets the server answer", async () => {
    sdk.getMyPermissions.mockRejectedValueOnce(new Error('Sin conexión'));
    expect(await store.portfolioPermissions('p')).toBeNull();
    sdk.getMyPermissions.mockResolvedValueOnce({
      portfolios: [{ portfolioId: 'p', permissions: ['production.view'] }],
    });
    expect(await store.portfolioPermissions('p')).toEqual(new Set(['production.view']));
  });
});
