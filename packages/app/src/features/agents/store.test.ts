import type { Agent, AgentSummary } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  listAgents: vi.fn(),
  updateAgent: vi.fn(),
  deleteAgent: vi.fn(),
}));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { logout } = await import('../auth/store.ts');
const { agentsStore: s } = store;

const agent = (id: string, name = id, openTasks = 0) =>
  ({ _id: id, name, portfolioId: 'p', openTasks }) as AgentSummary;

beforeEach(() => {
  logout();
  vi.resetAllMocks();
});

describe('agents store', () => {
  it("takes each agent's open tasks as the server counted them, in one request", async () => {
    sdk.listAgents.mockResolvedValueOnce([agent('a', 'a', 2), agent('b')]);
    await store.loadAgents('p');
    expect(s.list).toMatchObject({ portfolioId: 'p', loading: false });
    expect(s.list.items.map((a) => a.openTasks)).toEqual([2, 0]);
    expect(sdk.listAgents).toHaveBeenCalledTimes(1);
  });

  it("a list asked for another portfolio before is not shown after this one's", async () => {
    let answerOld!: (v: AgentSummary[]) => void;
    sdk.listAgents
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockResolvedValueOnce([agent('de-q')]);
    const old = store.loadAgents('p');
    await store.loadAgents('q');
    answerOld([agent('de-p')]);
    await old;
    expect(s.list.portfolioId).toBe('q');
    expect(s.list.items.map((a) => a._id)).toEqual(['de-q']);
  });

  it('a saved agent replaces its entry; a deleted one leaves the list', async () => {
    sdk.listAgents.mockResolvedValueOnce([agent('a', 'a', 3), agent('b')]);
    await store.loadAgents('p');
    // The update answers the agent without its count: the count shown stays.
    const { openTasks: _, ...saved } = agent('a', 'Redactora');
    sdk.updateAgent.mockResolvedValueOnce(saved as Agent);
    await store.updateAgent(agent('a'), { name: 'Redactora' });
    expect(s.list.items.map((a) => [a.name, a.openTasks])).toEqual([
      ['Redactora', 3],
      ['b', 0],
    ]);
    sdk.deleteAgent.mockResolvedValueOnce(undefined);
    await store.deleteAgent(agent('b'));
    expect(s.list.items.map((a) => a._id)).toEqual(['a']);
  });
});
