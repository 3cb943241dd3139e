import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { agents, items, portfolios, tasks, tools, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { createDrainLoop, type DrainLoop } from '../lib/drain-loop.ts';
import { claimNext, heldBy as heldByRun, type QueueTable } from '../lib/queue-claim.ts';
import { sanitizeRichText } from '../lib/sanitize.ts';
import type { Actor } from '../policy.ts';
import type { Notifier } from './notifier.ts';
import { notifyTaskFinished } from './notify/events.ts';
import type { Ports } from './ports.ts';
import type { ProductionPublisher } from './production/events.ts';
import { runTransition } from './production/review.ts';
import { editableStatuses } from './transitions.ts';
import type { WebhookOutcome, WebhookSender } from './webhooks.ts';

type TaskRow = typeof tasks.$inferSelect;

/** A task is tried at most this many times (network errors, timeouts, 408/429/5xx answers). */
export const MAX_ATTEMPTS = 4;
/** The wait before the next try: 30 s, 2 min, 8 min… (attempt = tries so far). */
export const defaultBackoffMs = (attempt: number) => 30_000 * 4 ** (attempt - 1);
/** How often each instance looks for due tasks when nothing told it to. */
export const RUNNER_POLL_MS = 5_000;

/**
 * What a tool may answer (JSON, all optional): a result to show on the task and, when the task is about an
 * item, material (copy in HTML, links) that becomes a new version of it, to be reviewed like any other.
 */
const ToolAnswer = Type.Object({
  result: Type.Optional(Type.String({ maxLength: 20_000 })),
  material: Type.Optional(
    Type.Object({
      copy: Type.Optional(Type.String({ maxLength: 100_000 })),
      links: Type.Optional(
        Type.Array(Type.String({ pattern: '^https?://', maxLength: 2000 }), { maxItems: 50 }),
      ),
    }),
  ),
});
type ToolAnswer = typeof ToolAnswer.static;

/** Tasks are one of the project's queues (lib/queue-claim.ts). */
const taskQueue: QueueTable = {
  table: tasks,
  id: tasks.id,
  status: tasks.status,
  attempts: tasks.attempts,
  running: 'running',
};

/** Runs due tasks one after another; `kick()` after a task was created or re-queued. */
export type AgentRunner = DrainLoop;

export function createAgentRunner(deps: {
  db: Db;
  notifier: Notifier;
  events: ProductionPublisher;
  webhooks: WebhookSender;
  log: FastifyBaseLogger;
  timeoutMs: number;
  backoffMs?: (attempt: number) => number;
}): AgentRunner {
  const backoff = deps.backoffMs ?? defaultBackoffMs;
  const drainOnce = async (signal: AbortSignal) => {
    let n = 0;
    while (!signal.aborted) {
      const task = await claim(deps.db, deps.timeoutMs);
      if (!task) return n;
      n += 1;
      deps.events.task(task);
      const done = await execute(deps, task, backoff, signal).catch(async (err) => {
        deps.log.error({ err, taskId: task.id }, 'la tarea falló de forma inesperada');
        return finish(deps.db, task, {
          status: 'failed',
          error:
            'Error interno al ejecutar la tarea: vuelve a intentarlo y, si se repite, avisa a quien administra el servidor',
          errorDetail: null,
        });
      });
      if (done) {
        deps.events.task(done);
        if (done.status === 'done' || done.status === 'failed')
          await notifyTaskFinished(deps.db, deps.notifier, done).catch((err) =>
            deps.log.error({ err, taskId: done.id }, 'no se pudo avisar del final de la tarea'),
          );
      }
    }
    return n;
  };
  return createDrainLoop({
    drainOnce,
    pollMs: RUNNER_POLL_MS,
    onError: (err) => deps.log.error({ err }, 'no se pudieron ejecutar las tareas de los agentes'),
  });
}

/**
 * Claims the oldest due task of an active agent with at least one enabled webhook tool, or a running one
 * whose lease ran out (its instance died). `FOR UPDATE SKIP LOCKED` makes the claim exclusive across
 * instances (PostgreSQL's queue idiom, as pg-boss uses): two instances never take the same task.
 */
async function claim(db: Db, timeoutMs: number): Promise<TaskRow | undefined> {
  const runnable = sql`exists (
    select 1 from ${agents} a join ${tools} tl on tl.id = any(
      select jsonb_array_elements_text(a.tools))
    where a.id = q.agent_id and a.active and tl.enabled and tl.kind = 'webhook')`;
  const id = await claimNext(db, taskQueue, {
    leaseSeconds: Math.ceil(timeoutMs / 1000) * 4 + 60,
    set: sql`started_at = coalesce(started_at, now()), updated_at = now()`,
    where: runnable,
  });
  if (!id) return undefined;
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/**
 * Ends this run of the task, unless it changed hands meanwhile (cancelled, edited by hand, or taken over
 * after the lease): only the run that claimed attempt N may write its outcome.
 */
async function finish(
  db: Db,
  task: TaskRow,
  set: Partial<Pick<TaskRow, 'status' | 'result' | 'error' | 'errorDetail' | 'runAfter'>>,
): Promise<TaskRow | undefined> {
  const final = set.status === 'done' || set.status === 'failed';
  const [row] = await db
    .update(tasks)
    .set({ ...set, lockedUntil: null, ...(final ? { finishedAt: new Date() } : {}) })
    .where(heldBy(task))
    .returning();
  return row;
}

/** The task is still this run's: running, on the attempt this run claimed. */
const heldBy = (task: TaskRow) => heldByRun(taskQueue, task);

/**
 * This instance is shutting down in the middle of the task: it goes back to the queue as it was before this
 * claim (same attempt number, so the tool sees the same delivery id again), due at once for another instance.
 */
async function handBack(db: Db, task: TaskRow): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({ status: 'pending', attempts: task.attempts - 1, lockedUntil: null, runAfter: new Date() })
    .where(heldBy(task))
    .returning();
  return row;
}

async function execute(
  deps: Parameters<typeof createAgentRunner>[0],
  task: TaskRow,
  backoff: (attempt: number) => number,
  signal: AbortSignal,
): Promise<TaskRow | undefined> {
  const { db } = deps;
  const [agent] = await db.select().from(agents).where(eq(agents.id, task.agentId));
  if (!agent) return undefined;
  const toolRows = agent.tools.length
    ? (
        await db
          .select()
          .from(tools)
          .where(and(inArray(tools.id, agent.tools), eq(tools.enabled, true), eq(tools.kind, 'webhook')))
      ).sort((a, b) => agent.tools.indexOf(a.id) - agent.tools.indexOf(b.id))
    : [];
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, task.portfolioId));
  const [item] = task.itemId ? await db.select().from(items).where(eq(items.id, task.itemId)) : [];
  const payload = {
    event: 'task.run',
    task: {
      id: task.id,
      title: task.title,
      instructions: task.instructions,
      dueDate: task.dueDate,
      attempt: task.attempts,
    },
    agent: { id: agent.id, name: agent.name, instructions: agent.instructions },
    portfolio: portfolio
      ? {
          id: portfolio.id,
          identifier: portfolio.identifier,
          businessName: portfolio.accountData.businessName,
        }
      : null,
    item: item
      ? {
          id: item.id,
          title: item.title,
          format: item.format,
          status: item.status,
          publishDate: item.publishDate,
          material: {
            copy: item.materialData.copy,
            links: item.materialData.links,
            files: item.materialData.files.map((f) => ({
              fileName: f.fileName,
              fileType: f.fileType,
              size: f.size,
            })),
          },
        }
      : null,
  };

  const results: string[] = [];
  let material: ToolAnswer['material'];
  for (const tool of toolRows) {
    const outcome: WebhookOutcome = await deps.webhooks.send({
      url: tool.config.url ?? '',
      method: tool.config.method ?? 'POST',
      secret: tool.secret,
      event: 'task.run',
      deliveryId: `${task.id}:${task.attempts}:${tool.id}`,
      payload,
      signal,
    });
    if (signal.aborted) return handBack(db, task);
    if (!outcome.ok) {
      const error = `${tool.name}: ${outcome.error}`;
      const errorDetail = outcome.detail;
      if (outcome.retryable && task.attempts < MAX_ATTEMPTS)
        return finish(db, task, {
          status: 'pending',
          error,
          errorDetail,
          runAfter: new Date(Date.now() + backoff(task.attempts)),
        });
      return finish(db, task, { status: 'failed', error, errorDetail });
    }
    const answer = parseAnswer(outcome.body);
    if (answer.result) results.push(toolRows.length > 1 ? `${tool.name}: ${answer.result}` : answer.result);
    if (answer.material) material = answer.material;
  }

  let note: string | undefined;
  if (material && item) note = await newVersion(deps, task, item.id, material);
  const result = [...results, ...(note ? [note] : [])].join('\n\n') || 'Hecho';
  return finish(db, task, { status: 'done', result, error: null, errorDetail: null });
}

/** A tool's answer: JSON in the documented shape, or its text as the result. */
function parseAnswer(body: string): ToolAnswer {
  if (!body.trim()) return {};
  try {
    const json: unknown = JSON.parse(body);
    if (Value.Check(ToolAnswer, json)) return json;
  } catch {
    // Not JSON: the text is the result.
  }
  return { result: body.slice(0, 20_000) };
}

/**
 * The agent's material, for the task's item, written as the person who created the task (with their
 * permissions). A piece with the team (a draft, or changes requested) gets it as a new version sent to
 * internal review. A piece under review never changes behind its reviewers: the material is kept on the task
 * as a proposal, applied by hand («Aplicar como nueva versión»). An approved piece is left alone. Answers a
 * note for the task's result.
 */
async function newVersion(
  deps: Parameters<typeof createAgentRunner>[0],
  task: TaskRow,
  itemId: string,
  material: NonNullable<ToolAnswer['material']>,
): Promise<string> {
  const [creator] = task.createdBy
    ? await deps.db
        .select({ id: users.id, role: users.role, permissions: users.permissions, name: users.name })
        .from(users)
        .where(and(eq(users.id, task.createdBy), sql`${users.deletedAt} is null`))
    : [];
  if (!creator) return 'El material no se guardó: quien creó la tarea ya no existe.';
  const [item] = await deps.db.select().from(items).where(eq(items.id, itemId));
  if (!item || item.status === 'approved') return 'El material no se guardó: la pieza ya está aprobada.';
  if (!editableStatuses.includes(item.status)) {
    const proposal = {
      ...material,
      ...(material.copy !== undefined ? { copy: sanitizeRichText(material.copy) } : {}),
    };
    await deps.db.update(tasks).set({ proposedMaterial: proposal }).where(eq(tasks.id, task.id));
    return `«${item.title}» está en revisión: el material quedó en la tarea como propuesta («Aplicar como nueva versión»).`;
  }
  try {
    const { item: updated, previousStatus } = await runTransition(
      deps,
      creator,
      itemId,
      'mark-for-internal-review',
      {
        materialData: material,
        changeReason: `Agente: ${task.title}`,
        changeDescription: `Material propuesto por un agente (tarea «${task.title}»)`,
      },
    );
    deps.events.publish([{ kind: 'item.updated', item: updated, previousStatus, actorId: creator.id }]);
    return `Nueva versión ${updated.currentVersion} de «${item.title}», enviada a revisión interna.`;
  } catch (err) {
    return `El material no se guardó: ${(err as Error).message}`;
  }
}

/**
 * «Aplicar como nueva versión»: the agent's proposal kept on a task becomes a new version of its item,
 * written by the person who applies it (its author for the four-eyes rule), through the review flow's own
 * checks (a piece in client review must be withdrawn first). The proposal is then cleared; a second apply
 * finds none (409).
 */
export async function applyProposal(
  ports: Pick<Ports, 'db' | 'notifier' | 'productionEvents'>,
  actor: Actor & { name?: string },
  task: TaskRow,
) {
  const { db, productionEvents: events } = ports;
  const proposal = task.proposedMaterial;
  if (!proposal || !task.itemId)
    throw new AppError('CONFLICT', 'Esta tarea no tiene material propuesto que aplicar');
  const { item, previousStatus } = await runTransition(ports, actor, task.itemId, 'create-material-version', {
    materialData: proposal,
    changeReason: `Agente: ${task.title}`,
    changeDescription: `Material propuesto por un agente (tarea «${task.title}»), aplicado a mano`,
  });
  events.publish([{ kind: 'item.updated', item, previousStatus, actorId: actor.id }]);
  const [updated] = await db
    .update(tasks)
    .set({ proposedMaterial: null })
    .where(and(eq(tasks.id, task.id), sql`${tasks.proposedMaterial} is not null`))
    .returning();
  return updated ?? task;
}
