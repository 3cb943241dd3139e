import type { Agent, Task } from '@crw/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({
  listAgents: vi.fn(),
  listPortfolioTasks: vi.fn(),
  updateAgent: vi.fn(),
  deleteAgent: vi.fn(),
}));
vi.mock('@crw/api-client/sdk', () => sdk);
vi.mock('../../lib/api.ts', () => import('../../test/fake-api.ts'));

const store = await import('./store.ts');
const { logout } = await import('../auth/store.ts');
const { agentsStore: s } = store;

const agent = (id: string, name = id) => ({ _id: id, name, portfolioId: 'p' }) as Agent;
const task = (agentId: string, status: Task['status']) =>
  ({ _id: `${agentId}-${status}`, agentId, status }) as Task;

beforeEach(() => {
  logout();
  vi.resetAllMocks();
});

describe('agents store', () => {
  it('counts the open tasks (pending or running) of each agent', async () => {
    sdk.listAgents.mockResolvedValueOnce([agent('a'), agent('b')]);
    sdk.listPortfolioTasks.mockResolvedValueOnce([
      task('a', 'pending'),
      task('a', 'running'),
      task('a', 'done'),
      task('b', 'failed'),
      task('b', 'cancelled'),
    ]);
    await store.loadAgents('p');
    expect(s.list).toMatchObject({ portfolioId: 'p', loading: false, openTasks: { a: 2 } });
    expect(s.list.openTasks.b).toBeUndefined();
  });

  it("a list asked for another portfolio before is not shown after this one's", async () => {
    let answerOld!: (v: Agent[]) => void;
    sdk.listAgents
      .mockReturnValueOnce(new Promise((r) => (answerOld = r)))
      .mockResolvedValueOnce([agent('de-q')]);
    sdk.listPortfolioTasks.mockResolvedValue([]);
    const old = store.loadAgents('p');
    await store.loadAgents('q');
    answerOld([agent('de-p')]);
    await old;
    expect(s.list.portfolioId).toBe('q');
    expect(s.list.items.map((a) => a._id)).toEqual(['de-q']);
  });

  it('a saved agent replaces its entry; a deleted one leaves the list', async () => {
    sdk.listAgents.mockResolvedValueOnce([agent('a'), agent('b')]);
    sdk.listPortfolioTasks.mockResolvedValueOnce([]);
    await store.loadAgents('p');
    sdk.updateAgent.mockResolvedValueOnce(agent('a', 'Redactora'));
    await store.updateAgent(agent('a'), { name: 'Redactora' });
    expect(s.list.items.map((a) => a.name)).toEqual(['Redactora', 'b']);
    sdk.deleteAgent.mockResolvedValueOnce(undefined);
    await store.deleteAgent(agent('b'));
    expect(s.list.items.map((a) => a._id)).toEqual(['a']);
  });
});
