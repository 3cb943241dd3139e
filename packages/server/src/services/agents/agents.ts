import { OPEN_TASK_STATUSES } from '@crw/contracts/tasks';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedTotal, withTotal } from '../../db/pages.ts';
import { agents, items, type TaskStatus, tasks, tools } from '../../db/schema.ts';
import { AppError, notFound, notFoundMessages } from '../../errors.ts';
import { type Actor, type PortfolioPermission, requirePortfolio, visiblePortfolioIds } from '../../policy.ts';
import { assertPortfolioExists } from '../review/index.ts';
import type { Ports } from '../ports.ts';
import { notifyNewTask } from '../notify/index.ts';

export type AgentRow = typeof agents.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;

export const toAgent = (row: AgentRow) => ({
  _id: row.id,
  portfolioId: row.portfolioId,
  name: row.name,
  description: row.description,
  instructions: row.instructions,
  tools: row.tools,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toTask = (row: TaskRow) => ({
  _id: row.id,
  title: row.title,
  instructions: row.instructions,
  agentId: row.agentId,
  portfolioId: row.portfolioId,
  itemId: row.itemId,
  status: row.status,
  result: row.result,
  attempts: row.attempts,
  error: row.error,
  errorDetail: row.errorDetail,
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  dueDate: row.dueDate,
  proposedMaterial: row.proposedMaterial ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The trimmed text, or a 400 naming the field when nothing but spaces was sent. */
function nonBlank(field: string, value: string) {
  const text = value.trim();
  if (!text)
    throw new AppError('VALIDATION', `El campo '${field}' está vacío`, [{ field, message: 'Está vacío' }]);
  return text;
}

/** Unknown or disabled tool ids → 400 naming them. */
async function assertTools(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db.select().from(tools).where(inArray(tools.id, ids));
  const bad = ids.filter((id) => !found.some((t) => t.id === id && t.enabled));
  if (bad.length > 0) {
    throw new AppError(
      'VALIDATION',
      `El campo 'tools' contiene herramientas desconocidas o desactivadas: ${bad.join(', ')}`,
      [{ field: 'tools', message: `Herramientas no válidas: ${bad.join(', ')}` }],
    );
  }
}

export async function loadAgent(
  db: DbOrTx,
  actor: Actor,
  portfolioId: string,
  agentId: string,
  permission: PortfolioPermission,
) {
  await requirePortfolio(db, actor, portfolioId, permission);
  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.portfolioId, portfolioId)));
  if (!agent) throw notFound('agent');
  return agent;
}

/**
 * A portfolio's agents, each with its open tasks counted: only the open ones are read (`tasks_portfolio_status_idx`),
 * a few rows whatever the years of finished work behind them.
 */
export async function listAgents(db: DbOrTx, portfolioId: string) {
  const [rows, open] = await Promise.all([
    db.select().from(agents).where(eq(agents.portfolioId, portfolioId)).orderBy(asc(agents.name)),
    db
      .select({ agentId: tasks.agentId, n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(eq(tasks.portfolioId, portfolioId), inArray(tasks.status, [...OPEN_TASK_STATUSES])))
      .groupBy(tasks.agentId),
  ]);
  const openOf = new Map(open.map((r) => [r.agentId, Number(r.n)]));
  return rows.map((row) => ({ ...toAgent(row), openTasks: openOf.get(row.id) ?? 0 }));
}

export interface AgentInput {
  name: string;
  description?: string;
  instructions?: string;
  tools?: string[];
  active?: boolean;
}

export async function createAgent(db: DbOrTx, portfolioId: string, input: AgentInput) {
  const name = nonBlank('name', input.name);
  await assertPortfolioExists(db, portfolioId);
  const toolIds = [...new Set(input.tools ?? [])];
  await assertTools(db, toolIds);
  const [row] = await db
    .insert(agents)
    .values({
      portfolioId,
      name,
      description: input.description ?? '',
      instructions: input.instructions ?? '',
      tools: toolIds,
      active: input.active ?? true,
    })
    .returning();
  return toAgent(row!);
}

/** How many of an agent's tasks its detail carries, the newest: the rest are paged (`GET /tasks?agentId=`). */
export const AGENT_DETAIL_TASKS = 20;

export async function agentDetail(db: DbOrTx, agent: AgentRow) {
  const [toolRows, taskRows] = await Promise.all([
    agent.tools.length ? db.select().from(tools).where(inArray(tools.id, agent.tools)) : Promise.resolve([]),
    // Newest first, read backwards along `tasks_agent_idx`: a year of an agent's work is not sent with it.
    db
      .select()
      .from(tasks)
      .where(eq(tasks.agentId, agent.id))
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(AGENT_DETAIL_TASKS),
  ]);
  return {
    ...toAgent(agent),
    tools: toolRows.map((t) => ({ _id: t.id, name: t.name, kind: t.kind })),
    tasks: taskRows.map(toTask),
  };
}

/** Edits an agent's texts and whether it is active; re-activating it lets the runner take its tasks again. */
export async function updateAgent(db: DbOrTx, agent: AgentRow, input: Partial<Omit<AgentInput, 'tools'>>) {
  const set = {
    ...(input.name !== undefined ? { name: nonBlank('name', input.name) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  const [row] = await db.update(agents).set(set).where(eq(agents.id, agent.id)).returning();
  if (!row) throw notFound('agent'); // deleted meanwhile
  return toAgent(row);
}

export async function setAgentTools(db: DbOrTx, agent: AgentRow, toolIds: string[]) {
  const ids = [...new Set(toolIds)];
  await assertTools(db, ids);
  const [row] = await db.update(agents).set({ tools: ids }).where(eq(agents.id, agent.id)).returning();
  if (!row) throw notFound('agent'); // deleted meanwhile
  return toAgent(row);
}

// ——— Tasks ———

export interface TaskInput {
  title: string;
  instructions?: string;
  itemId?: string | null;
  dueDate?: string | null;
  status?: TaskStatus;
  result?: string | null;
}

async function assertItem(db: DbOrTx, portfolioId: string, itemId: string | null | undefined) {
  if (!itemId) return undefined;
  const [item] = await db.select().from(items).where(eq(items.id, itemId));
  if (!item || item.portfolioId !== portfolioId) {
    throw new AppError('VALIDATION', "El campo 'itemId' no es una pieza de este portafolio", [
      { field: 'itemId', message: notFoundMessages.itemInPortfolio },
    ]);
  }
  return item;
}

export async function createTask(
  ports: Pick<Ports, 'db' | 'notifier'>,
  actor: Actor,
  agent: AgentRow,
  input: TaskInput,
) {
  const { db, notifier } = ports;
  const title = nonBlank('title', input.title);
  const item = await assertItem(db, agent.portfolioId, input.itemId);
  const [row] = await db
    .insert(tasks)
    .values({
      portfolioId: agent.portfolioId,
      agentId: agent.id,
      itemId: input.itemId ?? null,
      title,
      instructions: input.instructions ?? '',
      dueDate: input.dueDate ?? null,
      createdBy: actor.id,
    })
    .returning();
  // Its item's assignee may be told (notify's tell.ts decides who: tasks are internal work).
  if (item)
    await notifyNewTask(db, notifier, {
      actorId: actor.id,
      assigneeId: item.assigneeId,
      portfolioId: agent.portfolioId,
      agentId: agent.id,
      task: row!,
      itemTitle: item.title,
    });
  return toTask(row!);
}

export async function loadTask(db: DbOrTx, actor: Actor, id: string, permission: PortfolioPermission) {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, id));
  if (!task) throw notFound('task');
  const perms = await requirePortfolio(db, actor, task.portfolioId, 'portfolio.view', 'task');
  // Tasks are internal work: without agents.manage they are not visible at all.
  if (!perms.has('agents.manage')) throw notFound('task');
  if (!perms.has(permission)) throw new AppError('FORBIDDEN');
  return task;
}

export async function updateTask(db: DbOrTx, task: TaskRow, input: Partial<TaskInput>) {
  await assertItem(db, task.portfolioId, input.itemId);
  const set = {
    ...(input.title !== undefined ? { title: nonBlank('title', input.title) } : {}),
    ...(input.instructions !== undefined ? { instructions: input.instructions } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    // Back to pending (a retry by hand): due now, with a fresh budget of attempts.
    ...(input.status === 'pending'
      ? {
          runAfter: new Date(),
          attempts: 0,
          error: null,
          errorDetail: null,
          lockedUntil: null,
          finishedAt: null,
        }
      : {}),
    ...(input.result !== undefined ? { result: input.result } : {}),
    ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
    ...(input.itemId !== undefined ? { itemId: input.itemId } : {}),
  };
  if (Object.keys(set).length === 0) {
    throw new AppError('VALIDATION', 'El cuerpo no contiene ningún campo que cambiar', [
      { field: 'body', message: 'El cuerpo no contiene ningún campo que cambiar' },
    ]);
  }
  const [row] = await db.update(tasks).set(set).where(eq(tasks.id, task.id)).returning();
  if (!row) throw notFound('task'); // deleted meanwhile
  return toTask(row);
}

/** Portfolios where the actor may see tasks (agents.manage); undefined = all (admin). */
const taskScope = (db: DbOrTx, actor: Actor): Promise<string[] | undefined> =>
  visiblePortfolioIds(db, actor, ({ perms }) => perms.has('agents.manage'));

export async function listTasks(
  db: DbOrTx,
  actor: Actor,
  q: {
    page: number;
    limit: number;
    status?: TaskStatus;
    agentId?: string;
    portfolioId?: string;
    itemId?: string;
  },
) {
  const scope = await taskScope(db, actor);
  if (scope && scope.length === 0) return { items: [], total: 0, page: q.page, limit: q.limit };
  const where = and(
    scope ? inArray(tasks.portfolioId, scope) : undefined,
    q.status ? eq(tasks.status, q.status) : undefined,
    q.agentId ? eq(tasks.agentId, q.agentId) : undefined,
    q.portfolioId ? eq(tasks.portfolioId, q.portfolioId) : undefined,
    q.itemId ? eq(tasks.itemId, q.itemId) : undefined,
  );
  const offset = (q.page - 1) * q.limit;
  // Newest first from an index (an agent's, with or without its status); the total counted up to its cap.
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.limit)
      .offset(offset),
    // Counted along the list's own index order: the walk stops at the cap.
    cappedTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(tasks)
        .where(where)
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .$dynamic(),
    ),
  ]);
  return { items: rows.map(toTask), ...withTotal(total, offset + rows.length), page: q.page, limit: q.limit };
}
