import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { agents, items, portfolios, tasks, tools, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { DrainLoop } from '../../lib/drain-loop.ts';
import { type Backoff, createQueueWorker, type Job, type Queue } from '../../lib/queue-worker.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { Actor } from '../../policy.ts';
import type { Notifier, ProductionPublisher } from '../notify/index.ts';
import { notifyTaskFinished } from '../notify/index.ts';
import type { Ports } from '../ports.ts';
import { editableStatuses, runTransition } from '../review/index.ts';
import type { WebhookOutcome, WebhookSender } from './webhooks.ts';

type TaskRow = typeof tasks.$inferSelect;

/** A task is tried at most this many times (network errors, timeouts, 408/429/5xx answers). */
export const MAX_ATTEMPTS = 4;
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

/** Tasks are one of the project's queues (lib/queue-worker.ts). */
export const taskQueue: Queue<typeof tasks> = { table: tasks, running: 'running', done: 'done' };

/** Runs due tasks one after another; `kick()` after a task was created or re-queued. */
export type AgentRunner = DrainLoop;

interface RunnerDeps {
  db: Db;
  notifier: Notifier;
  events: ProductionPublisher;
  webhooks: WebhookSender;
  log: FastifyBaseLogger;
  timeoutMs: number;
  /** Default: the `outbound` schedule (lib/queue-worker.ts). */
  backoffMs?: Backoff;
}

/**
 * Claims the oldest due task of an active agent with at least one enabled webhook tool, or a running one whose
 * lease ran out (its instance died), and runs it. Every change of the task is published; a finished one is told
 * to whoever created it.
 */
export function createAgentRunner(deps: RunnerDeps): AgentRunner {
  const runnable = sql`exists (
    select 1 from ${agents} a join ${tools} tl on tl.id = any(
      select jsonb_array_elements_text(a.tools))
    where a.id = q.agent_id and a.active and tl.enabled and tl.kind = 'webhook')`;
  return createQueueWorker({
    db: deps.db,
    log: deps.log,
    queue: taskQueue,
    leaseSeconds: Math.ceil(deps.timeoutMs / 1000) * 4 + 60,
    claim: { set: sql`started_at = coalesce(started_at, now()), updated_at = now()`, where: runnable },
    backoff: deps.backoffMs ?? 'outbound',
    maxAttempts: MAX_ATTEMPTS,
    pollMs: RUNNER_POLL_MS,
    failedSet: () => ({ finishedAt: new Date() }),
    messages: {
      drainFailed: 'no se pudieron ejecutar las tareas de los agentes',
      jobCrashed: 'la tarea falló de forma inesperada',
      idField: 'taskId',
      crashError:
        'Error interno al ejecutar la tarea: vuelve a intentarlo y, si se repite, avisa a quien administra el servidor',
    },
    handle: async (job) => {
      deps.events.task(job.row);
      const done = await execute(deps, job).catch((err: unknown) => job.crash(err));
      if (!done) return;
      deps.events.task(done);
      if (done.status === 'done' || done.status === 'failed')
        await notifyTaskFinished(deps.db, deps.notifier, done).catch((err) =>
          deps.log.error({ err, taskId: done.id }, 'no se pudo avisar del final de la tarea'),
        );
    },
  });
}

/**
 * One claimed task: its tools called in order. On shutdown the call under way is cut and the task handed back
 * (same attempt number, so the tool sees the same delivery id again).
 */
async function execute(deps: RunnerDeps, job: Job<TaskRow>): Promise<TaskRow | undefined> {
  const { db } = deps;
  const { row: task, signal } = job;
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
    if (signal.aborted) return job.handBack();
    if (!outcome.ok) {
      const error = `${tool.name}: ${outcome.error}`;
      return (await job.fail({ error, errorDetail: outcome.detail, retryable: outcome.retryable })).row;
    }
    const answer = parseAnswer(outcome.body);
    if (answer.result) results.push(toolRows.length > 1 ? `${tool.name}: ${answer.result}` : answer.result);
    if (answer.material) material = answer.material;
  }

  let note: string | undefined;
  if (material && item) note = await newVersion(deps, task, item.id, material);
  const result = [...results, ...(note ? [note] : [])].join('\n\n') || 'Hecho';
  return job.complete({ result, finishedAt: new Date() });
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
  deps: RunnerDeps,
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
