import { and, eq, inArray, or } from 'drizzle-orm';
import { agents, comments, tasks } from '../../db/schema.ts';
import type { Actor } from '../../policy.ts';
import { applyProposal } from './agent-runner.ts';
import {
  type AgentInput,
  type AgentRow,
  createTask,
  type TaskInput,
  type TaskRow,
  toTask,
  updateAgent,
  updateTask,
} from './agents.ts';
import type { Ports } from '../ports.ts';

/**
 * What the agents and tasks routes call when a write sets something off (the runner wakes, the team's screens
 * hear of a task), and the deletions that take an agent's or a task's comments with them. The caller has been
 * authorised (`loadAgent`, `loadTask`).
 */

/** Edits an agent; active again, its pending tasks may run now. */
export async function editAgent(
  ports: Pick<Ports, 'db' | 'agentRunner'>,
  agent: AgentRow,
  input: Partial<Omit<AgentInput, 'tools'>>,
) {
  const updated = await updateAgent(ports.db, agent, input);
  if (updated.active && !agent.active) ports.agentRunner.kick();
  return updated;
}

/** Deletes an agent with its tasks (they cascade) and the comments on it and on them, in one transaction. */
export async function deleteAgent(ports: Pick<Ports, 'db'>, agent: AgentRow) {
  await ports.db.transaction(async (tx) => {
    const taskIds = (await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.agentId, agent.id))).map(
      (t) => t.id,
    );
    await tx
      .delete(comments)
      .where(
        or(
          and(eq(comments.entityType, 'agent'), eq(comments.entityId, agent.id)),
          taskIds.length
            ? and(eq(comments.entityType, 'task'), inArray(comments.entityId, taskIds))
            : undefined,
        ),
      );
    await tx.delete(agents).where(eq(agents.id, agent.id));
  });
}

/** A new task for the agent (its item's assignee may be told); the runner looks for work. */
export async function addTask(
  ports: Pick<Ports, 'db' | 'notifier' | 'agentRunner'>,
  actor: Actor,
  agent: AgentRow,
  input: TaskInput,
) {
  const task = await createTask(ports, actor, agent, input);
  ports.agentRunner.kick();
  return task;
}

/** All the tasks of a portfolio. */
export async function portfolioTasks(ports: Pick<Ports, 'db'>, portfolioId: string) {
  const rows = await ports.db.select().from(tasks).where(eq(tasks.portfolioId, portfolioId));
  return rows.map(toTask);
}

/**
 * Edits a task; a new status goes to the portfolio's team, and back to pending (a retry by hand) the runner
 * looks again.
 */
export async function editTask(
  ports: Pick<Ports, 'db' | 'productionEvents' | 'agentRunner'>,
  task: TaskRow,
  input: Partial<TaskInput>,
) {
  const updated = await updateTask(ports.db, task, input);
  if (updated.status !== task.status) {
    ports.productionEvents.task({ id: task.id, ...updated });
    if (updated.status === 'pending') ports.agentRunner.kick();
  }
  return updated;
}

/** Deletes a task and the comments on it, in one transaction. */
export async function deleteTask(ports: Pick<Ports, 'db'>, task: TaskRow) {
  await ports.db.transaction(async (tx) => {
    await tx.delete(comments).where(and(eq(comments.entityType, 'task'), eq(comments.entityId, task.id)));
    await tx.delete(tasks).where(eq(tasks.id, task.id));
  });
}

/**
 * «Aplicar como nueva versión» (agent-runner.ts `applyProposal`): the proposal becomes a version of its item,
 * whose screens and people hear of it after the commit; answers the task.
 */
export async function applyTaskProposal(
  ports: Pick<Ports, 'db' | 'notifier' | 'productionEvents'>,
  actor: Actor & { name?: string },
  task: TaskRow,
) {
  return toTask(await applyProposal(ports, actor, task));
}
