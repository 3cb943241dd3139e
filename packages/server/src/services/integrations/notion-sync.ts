import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTx, rowsOf } from '../../db/client.ts';
import { items, notionSyncs, portfolioIntegrations } from '../../db/schema.ts';
import type { DrainLoop } from '../../lib/drain-loop.ts';
import { type Backoff, createQueueWorker, type Job, type Queue } from '../../lib/queue-worker.ts';
import type { NotionClient } from './notion.ts';
import { itemToBlocks, NOTION_BLOCKS_PER_APPEND } from './notion-blocks.ts';
import type { ItemStatus } from '../../db/schema.ts';

type SyncRow = typeof notionSyncs.$inferSelect;

/** An item is tried this many times before it waits for «Sincronizar ahora». */
export const NOTION_MAX_ATTEMPTS = 5;
export const NOTION_POLL_MS = 5_000;

export interface NotionSync extends DrainLoop {
  /** Whether a Notion integration token is configured (without one, items wait in the queue). */
  readonly configured: boolean;
}

/**
 * Queues a client-approved item for every Notion page its portfolio links, in the approval's transaction: the
 * approval and its sync are written together or not at all. An item already queued for a page is not again.
 */
export async function enqueueNotionSync(tx: DbOrTx, item: { id: string; portfolioId: string }) {
  const rows = await tx.execute(sql`
    insert into ${notionSyncs} (id, portfolio_id, item_id, integration_id)
    select gen_random_uuid()::text, ${item.portfolioId}, ${item.id}, i.id
    from ${portfolioIntegrations} i where i.portfolio_id = ${item.portfolioId}
    on conflict (item_id, integration_id) do nothing
    returning id`);
  return rowsOf(rows).length;
}

/** The Notion syncs as one of the project's queues (lib/queue-worker.ts). */
export const notionQueue: Queue<typeof notionSyncs> = {
  table: notionSyncs,
  running: 'running',
  done: 'done',
};

interface SyncDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Null without a token: nothing is sent, the screen says what is missing. */
  client: NotionClient | null;
  /** The public origin of the app, for links back to each item (PUBLIC_URL). */
  appOrigin?: string;
  timeoutMs: number;
  /** Default: the `outbound` schedule (lib/queue-worker.ts); Notion's 429 Retry-After comes first. */
  backoffMs?: Backoff;
}

export function createNotionSync(deps: SyncDeps): NotionSync {
  const client = deps.client;
  const loop = createQueueWorker({
    db: deps.db,
    log: deps.log,
    queue: notionQueue,
    // Long enough for the largest item (100 KB of copy ≈ a few appends) at the time limit of each.
    leaseSeconds: Math.ceil(deps.timeoutMs / 1000) * 10 + 60,
    claim: { set: sql`updated_at = now()` },
    backoff: deps.backoffMs ?? 'outbound',
    maxAttempts: NOTION_MAX_ATTEMPTS,
    pollMs: NOTION_POLL_MS,
    ready: async () => client !== null,
    messages: {
      drainFailed: 'no se pudo sincronizar con Notion',
      jobCrashed: 'la sincronización con Notion falló de forma inesperada',
      idField: 'syncId',
      crashError:
        'Error interno al sincronizar con Notion: vuelve a intentarlo con «Sincronizar ahora»; si se repite, avisa a quien administra el servidor',
    },
    handle: async (job) => {
      if (client) await send(deps, client, job);
    },
  });
  return { ...loop, configured: client !== null };
}

/**
 * One claimed sync. On shutdown, an append under way finishes (Notion has no idempotency key, so cutting a call
 * could append twice), and its progress is kept per append.
 */
async function send(deps: SyncDeps, client: NotionClient, job: Job<SyncRow>) {
  const { row } = job;
  const [item] = await deps.db.select().from(items).where(eq(items.id, row.itemId));
  const [integration] = await deps.db
    .select()
    .from(portfolioIntegrations)
    .where(eq(portfolioIntegrations.id, row.integrationId));
  // Deleted meanwhile: the row goes with them (cascade); nothing to do.
  if (!item || !integration) return;
  const blocks = itemToBlocks({
    title: item.title,
    format: item.format,
    publishDate: item.publishDate,
    copy: item.materialData.copy,
    links: item.materialData.links,
    files: item.materialData.files,
    appUrl: deps.appOrigin
      ? `${deps.appOrigin.replace(/\/$/, '')}/portfolios/${item.portfolioId}/production?item=${item.id}`
      : undefined,
  });
  let sent = Math.min(row.blocksSent, blocks.length);
  while (sent < blocks.length) {
    const part = blocks.slice(sent, sent + NOTION_BLOCKS_PER_APPEND);
    const outcome = await client.appendChildren(integration.paginaNotionId, part);
    if (!outcome.ok) {
      await job.fail({
        error: outcome.error,
        errorDetail: outcome.detail ?? null,
        retryable: outcome.retryable,
        retryAfterMs: outcome.retryAfterMs,
      });
      return;
    }
    sent += part.length;
    // Progress is kept, so a retry after a later failure continues here instead of appending twice.
    if (!(await job.progress({ blocksSent: sent }))) return;
    // Shutting down: back to the queue as before this claim, due at once, its progress kept.
    if (job.signal.aborted && sent < blocks.length) {
      await job.handBack();
      return;
    }
  }
  await job.complete({ syncedAt: new Date() });
}

export async function listNotionSyncs(db: DbOrTx, portfolioId: string) {
  const rows = await db
    .select({
      s: notionSyncs,
      itemTitle: items.title,
      paginaNotionId: portfolioIntegrations.paginaNotionId,
    })
    .from(notionSyncs)
    .innerJoin(items, eq(items.id, notionSyncs.itemId))
    .innerJoin(portfolioIntegrations, eq(portfolioIntegrations.id, notionSyncs.integrationId))
    .where(eq(notionSyncs.portfolioId, portfolioId))
    .orderBy(desc(notionSyncs.updatedAt))
    .limit(500);
  return rows.map(({ s, itemTitle, paginaNotionId }) => ({
    _id: s.id,
    itemId: s.itemId,
    itemTitle,
    integrationId: s.integrationId,
    paginaNotionId,
    status: s.status,
    attempts: s.attempts,
    error: s.error,
    errorDetail: s.errorDetail,
    syncedAt: s.syncedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt.toISOString(),
  }));
}

/**
 * «Sincronizar ahora»: what failed is tried again (from where it stopped), what waits for a retry goes now,
 * and approved items not yet on a linked page (approved before the page was linked) are queued: those in
 * `statuses`, the workflow's statuses that sync (review's `notionStatuses`; integrations import no review).
 */
export async function syncNow(db: Db, portfolioId: string, statuses: readonly ItemStatus[]) {
  return db.transaction(async (tx) => {
    const retried = await tx
      .update(notionSyncs)
      .set({ status: 'pending', attempts: 0, runAfter: new Date(), error: null, errorDetail: null })
      .where(and(eq(notionSyncs.portfolioId, portfolioId), eq(notionSyncs.status, 'failed')))
      .returning({ id: notionSyncs.id });
    await tx
      .update(notionSyncs)
      .set({ runAfter: new Date() })
      .where(and(eq(notionSyncs.portfolioId, portfolioId), eq(notionSyncs.status, 'pending')));
    const queued = await tx.execute(sql`
      insert into ${notionSyncs} (id, portfolio_id, item_id, integration_id)
      select gen_random_uuid()::text, it.portfolio_id, it.id, i.id
      from ${items} it join ${portfolioIntegrations} i on i.portfolio_id = it.portfolio_id
      where it.portfolio_id = ${portfolioId} and it.status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})
      on conflict (item_id, integration_id) do nothing
      returning id`);
    return { retried: retried.length, queued: rowsOf(queued).length };
  });
}
