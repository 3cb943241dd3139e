import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTx, rowsOf } from '../db/client.ts';
import { items, notionSyncs, portfolioIntegrations } from '../db/schema.ts';
import { createDrainLoop, type DrainLoop } from '../lib/drain-loop.ts';
import { claimNext, heldBy as heldByRun, type QueueTable } from '../lib/queue-claim.ts';
import type { NotionClient } from './notion.ts';
import { itemToBlocks, NOTION_BLOCKS_PER_APPEND } from './notion-blocks.ts';

type SyncRow = typeof notionSyncs.$inferSelect;

/** An item is tried this many times before it waits for «Sincronizar ahora». */
export const NOTION_MAX_ATTEMPTS = 5;
/** 30 s, 2 min, 8 min, 32 min… unless Notion says how long to wait (429 Retry-After). */
export const notionBackoffMs = (attempt: number) => 30_000 * 4 ** (attempt - 1);
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

export function createNotionSync(deps: {
  db: Db;
  log: FastifyBaseLogger;
  /** Null without a token: nothing is sent, the screen says what is missing. */
  client: NotionClient | null;
  /** The public origin of the app, for links back to each item (PUBLIC_URL). */
  appOrigin?: string;
  timeoutMs: number;
  backoffMs?: (attempt: number) => number;
}): NotionSync {
  const backoff = deps.backoffMs ?? notionBackoffMs;
  const loop = createDrainLoop({
    pollMs: NOTION_POLL_MS,
    onError: (err) => deps.log.error({ err }, 'no se pudo sincronizar con Notion'),
    // On shutdown it claims nothing more; an append under way finishes (Notion has no idempotency key, so
    // cutting a call could append twice), and its progress is kept per append.
    drainOnce: async (signal) => {
      const client = deps.client;
      if (!client) return 0;
      let n = 0;
      while (!signal.aborted) {
        const row = await claim(deps.db, deps.timeoutMs);
        if (!row) return n;
        n += 1;
        await send(deps, client, row, backoff, signal).catch(async (err) => {
          deps.log.error({ err, syncId: row.id }, 'la sincronización con Notion falló de forma inesperada');
          await finish(deps.db, row, {
            status: 'failed',
            error:
              'Error interno al sincronizar con Notion: vuelve a intentarlo con «Sincronizar ahora»; si se repite, avisa a quien administra el servidor',
            errorDetail: null,
          });
        });
      }
      return n;
    },
  });
  return { ...loop, configured: deps.client !== null };
}

const queue: QueueTable = {
  table: notionSyncs,
  id: notionSyncs.id,
  status: notionSyncs.status,
  attempts: notionSyncs.attempts,
  running: 'running',
};

/** The oldest due sync, or one whose instance died mid-way (lease over): exclusive across instances. */
async function claim(db: Db, timeoutMs: number): Promise<SyncRow | undefined> {
  // Long enough for the largest item (100 KB of copy ≈ a few appends) at the time limit of each.
  const leaseSeconds = Math.ceil(timeoutMs / 1000) * 10 + 60;
  const id = await claimNext(db, queue, { leaseSeconds, set: sql`updated_at = now()` });
  if (!id) return undefined;
  const [row] = await db.select().from(notionSyncs).where(eq(notionSyncs.id, id));
  return row;
}

/** The sync is still this run's: running, on the attempt this run claimed. */
const heldBy = (row: SyncRow) => heldByRun(queue, row);

/** Writes this run's progress or outcome, unless the sync changed hands meanwhile (a later claim). */
async function finish(
  db: DbOrTx,
  row: SyncRow,
  set: Partial<Pick<SyncRow, 'status' | 'error' | 'errorDetail' | 'runAfter' | 'blocksSent' | 'syncedAt'>>,
): Promise<boolean> {
  const final = set.status !== undefined;
  const updated = await db
    .update(notionSyncs)
    .set({ ...set, ...(final ? { lockedUntil: null } : {}) })
    .where(heldBy(row))
    .returning({ id: notionSyncs.id });
  return updated.length > 0;
}

async function send(
  deps: Parameters<typeof createNotionSync>[0],
  client: NotionClient,
  row: SyncRow,
  backoff: (attempt: number) => number,
  signal: AbortSignal,
) {
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
      if (outcome.retryable && row.attempts < NOTION_MAX_ATTEMPTS) {
        const wait = outcome.retryAfterMs ?? backoff(row.attempts);
        await finish(deps.db, row, {
          status: 'pending',
          error: outcome.error,
          errorDetail: outcome.detail ?? null,
          runAfter: new Date(Date.now() + wait),
        });
      } else {
        await finish(deps.db, row, {
          status: 'failed',
          error: outcome.error,
          errorDetail: outcome.detail ?? null,
        });
      }
      return;
    }
    sent += part.length;
    // Progress is kept, so a retry after a later failure continues here instead of appending twice.
    if (!(await finish(deps.db, row, { blocksSent: sent }))) return;
    if (signal.aborted && sent < blocks.length) {
      // Shutting down: back to the queue as before this claim, due at once, its progress kept.
      await deps.db
        .update(notionSyncs)
        .set({ status: 'pending', attempts: row.attempts - 1, lockedUntil: null, runAfter: new Date() })
        .where(heldBy(row));
      return;
    }
  }
  await finish(deps.db, row, { status: 'done', error: null, errorDetail: null, syncedAt: new Date() });
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
 * and approved items not yet on a linked page (approved before the page was linked) are queued.
 */
export async function syncNow(db: Db, portfolioId: string) {
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
      where it.portfolio_id = ${portfolioId} and it.status = 'approved'
      on conflict (item_id, integration_id) do nothing
      returning id`);
    return { retried: retried.length, queued: rowsOf(queued).length };
  });
}
