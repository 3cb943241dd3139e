import {
  type Agent,
  type AgentDetail,
  type AgentSummary,
  isAbortError,
  type Task,
  type Tool,
} from '@crw/api-client';
import * as sdk from '@crw/api-client/sdk';
import { proxy } from 'valtio';
import { api } from '../../lib/api.ts';
import { onLogout } from '../auth/store.ts';
import { agentsMsg as t } from './messages.ts';

const client = api.client;

export type TaskStatus = Task['status'];

export interface AgentInput {
  name: string;
  description: string;
  instructions: string;
  active: boolean;
}

interface AgentsState {
  /** The list screen: one portfolio's agents, each with its open tasks as the server counted them (one request). */
  list: {
    portfolioId: string | null;
    items: AgentSummary[];
    loading: boolean;
    error: string | null;
  };
  /** The detail screen: one agent, its tasks (filtered by status) and, for admins, the tool catalogue. */
  detail: {
    agentId: string | null;
    agent: AgentDetail | null;
    loading: boolean;
    error: string | null;
    status: TaskStatus | null;
    tasks: Task[];
    tasksLoading: boolean;
    tasksError: string | null;
  };
  catalogue: { items: Tool[]; loaded: boolean; error: string | null };
}

const initial = (): AgentsState => ({
  list: { portfolioId: null, items: [], loading: false, error: null },
  detail: {
    agentId: null,
    agent: null,
    loading: false,
    error: null,
    status: null,
    tasks: [],
    tasksLoading: false,
    tasksError: null,
  },
  catalogue: { items: [], loaded: false, error: null },
});

export const agentsStore = proxy<AgentsState>(initial());
onLogout(() => Object.assign(agentsStore, initial()));

const message = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

// ——— List ———

let listRequest = 0;
export async function loadAgents(portfolioId: string) {
  const request = ++listRequest;
  const list = agentsStore.list;
  if (list.portfolioId !== portfolioId) Object.assign(list, { portfolioId, items: [] });
  Object.assign(list, { loading: true, error: null });
  try {
    // The open tasks come counted: the portfolio's tasks (years of an agent's work) are not downloaded to count them.
    const agents = await api.call(sdk.listAgents({ client, path: { portfolioId } }), t.loadError);
    if (request !== listRequest) return;
    Object.assign(list, { items: agents, loading: false });
  } catch (error) {
    if (request !== listRequest) return;
    Object.assign(list, { loading: false, error: message(error, t.loadError) });
  }
}

export async function createAgent(portfolioId: string, input: AgentInput) {
  const agent = await api.call(
    sdk.createAgent({ client, path: { portfolioId }, body: input }),
    t.createError,
  );
  if (agentsStore.list.portfolioId === portfolioId) agentsStore.list.items.push({ ...agent, openTasks: 0 });
  return agent;
}

export async function updateAgent(agent: Pick<Agent, '_id' | 'portfolioId'>, input: Partial<AgentInput>) {
  const saved = await api.call(
    sdk.updateAgent({ client, path: { portfolioId: agent.portfolioId, agentId: agent._id }, body: input }),
    t.updateError,
  );
  const items = agentsStore.list.items;
  const index = items.findIndex((a) => a._id === saved._id);
  // Its open tasks stay as counted: editing an agent changes none.
  if (index >= 0) items[index] = { ...items[index]!, ...saved };
  const detail = agentsStore.detail.agent;
  if (detail?._id === saved._id) {
    Object.assign(detail, {
      name: saved.name,
      description: saved.description,
      instructions: saved.instructions,
      active: saved.active,
    });
  }
  return saved;
}

export async function deleteAgent(agent: Pick<Agent, '_id' | 'portfolioId'>) {
  await api.call(
    sdk.deleteAgent({ client, path: { portfolioId: agent.portfolioId, agentId: agent._id } }),
    t.deleteError,
  );
  agentsStore.list.items = agentsStore.list.items.filter((a) => a._id !== agent._id);
}

// ——— Detail ———

let detailRequest = 0;
export async function loadAgent(portfolioId: string, agentId: string) {
  const request = ++detailRequest;
  const detail = agentsStore.detail;
  if (detail.agentId !== agentId) {
    Object.assign(detail, { agentId, agent: null, status: null, tasks: [], tasksError: null });
  }
  Object.assign(detail, { loading: true, error: null });
  try {
    const agent = await api.call(
      sdk.getAgent({ client, path: { portfolioId, agentId } }),
      t.detail.loadError,
    );
    if (request !== detailRequest) return;
    Object.assign(detail, { agent, loading: false });
  } catch (error) {
    if (request !== detailRequest) return;
    Object.assign(detail, { loading: false, error: message(error, t.detail.loadError) });
  }
}

let tasksRequest: AbortController | null = null;
/** The agent's tasks with the chosen status (newest first); a newer call aborts an older one. */
export async function loadTasks(agentId: string, status = agentsStore.detail.status) {
  tasksRequest?.abort();
  const controller = new AbortController();
  tasksRequest = controller;
  const detail = agentsStore.detail;
  Object.assign(detail, { status, tasksLoading: true, tasksError: null });
  try {
    const page = await api.call(
      sdk.listTasks({
        client,
        query: { agentId, page: 1, limit: 100, ...(status ? { status } : {}) },
        signal: controller.signal,
      }),
      t.tasks.loadError,
    );
    Object.assign(detail, { tasks: page.items, tasksLoading: false });
  } catch (error) {
    if (isAbortError(error) || controller.signal.aborted) return;
    Object.assign(detail, { tasksLoading: false, tasksError: message(error, t.tasks.loadError) });
  }
}

export interface TaskInput {
  title: string;
  instructions: string;
  itemId: string | null;
  dueDate: string | null;
}

export async function createTask(agent: Pick<Agent, '_id' | 'portfolioId'>, input: TaskInput) {
  const task = await api.call(
    sdk.createAgentTask({
      client,
      path: { portfolioId: agent.portfolioId, agentId: agent._id },
      body: input,
    }),
    t.tasks.createError,
  );
  await loadTasks(agent._id);
  return task;
}

/** Cancels a pending or running task, or puts a failed or cancelled one back in the queue. */
export async function setTaskStatus(task: Task, status: 'cancelled' | 'pending') {
  const saved = await api.call(
    sdk.updateTask({ client, path: { id: task._id }, body: { status } }),
    t.tasks.updateError,
  );
  const tasks = agentsStore.detail.tasks;
  const index = tasks.findIndex((x) => x._id === saved._id);
  if (index >= 0) tasks[index] = saved;
  return saved;
}

/**
 * «Aplicar como nueva versión»: the material an agent proposed while its piece was under review becomes a
 * new version of the piece (the server checks the piece may change now).
 */
export async function applyProposal(task: Task) {
  const saved = await api.call(sdk.applyTaskProposal({ client, path: { id: task._id } }), t.tasks.applyError);
  const tasks = agentsStore.detail.tasks;
  const index = tasks.findIndex((x) => x._id === saved._id);
  if (index >= 0) tasks[index] = saved;
  return saved;
}

/** The catalogue's enabled tools plus those already assigned (admins only: the server refuses others). */
export async function loadCatalogue() {
  try {
    const tools = await api.call(sdk.listTools({ client }), t.detail.loadError);
    Object.assign(agentsStore.catalogue, { items: tools, loaded: true, error: null });
  } catch (error) {
    Object.assign(agentsStore.catalogue, { loaded: true, error: message(error, t.detail.loadError) });
  }
}

export async function setAgentTools(agent: Pick<Agent, '_id' | 'portfolioId'>, tools: string[]) {
  await api.call(
    sdk.setAgentTools({
      client,
      path: { portfolioId: agent.portfolioId, agentId: agent._id },
      body: { tools },
    }),
    t.detail.toolsError,
  );
  await loadAgent(agent.portfolioId, agent._id);
}
