import { and, desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type cycles, type items, itemVersions, type MaterialData } from '../../db/schema.ts';
import { visibleVersions } from '../../policy.ts';

export type ItemRow = typeof items.$inferSelect;
export type CycleRow = typeof cycles.$inferSelect;

export const toCycle = (row: CycleRow) => ({
  _id: row.id,
  portfolioId: row.portfolioId,
  startDate: row.startDate,
  endDate: row.endDate,
  createdAt: row.createdAt.toISOString(),
});

export function toItem(row: ItemRow) {
  return {
    _id: row.id,
    portfolioId: row.portfolioId,
    cycleId: row.cycleId,
    title: row.title,
    description: row.description,
    format: row.format,
    pilar: row.pilar,
    angulo: row.angulo,
    funnelPhase: row.funnelPhase,
    awarenessLevel: row.awarenessLevel,
    publishDate: row.publishDate,
    assigneeId: row.assigneeId,
    authorId: row.authorId,
    status: row.status,
    currentVersion: row.currentVersion,
    materialData: row.materialData,
    changeDescription: row.changeDescription,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type ItemView = ReturnType<typeof toItem>;

const emptyMaterial: MaterialData = { copy: '', files: [], links: [] };

/**
 * Items as the viewer may read them. Staff read the working state; a client reads the newest version that
 * was sent to it (never the working copy, never a later internal version) and no internal change notes.
 */
export async function itemsForViewer(db: DbOrTx, rows: ItemRow[], internal: boolean): Promise<ItemView[]> {
  if (internal || rows.length === 0) return rows.map(toItem);
  const sent = await db
    .selectDistinctOn([itemVersions.itemId], {
      itemId: itemVersions.itemId,
      number: itemVersions.number,
      materialData: itemVersions.materialData,
    })
    .from(itemVersions)
    .where(
      and(
        inArray(
          itemVersions.itemId,
          rows.map((r) => r.id),
        ),
        visibleVersions(false),
      ),
    )
    .orderBy(itemVersions.itemId, desc(itemVersions.number));
  const byItem = new Map(sent.map((v) => [v.itemId, v]));
  return rows.map((row) => {
    const version = byItem.get(row.id);
    return {
      ...toItem(row),
      currentVersion: version?.number ?? 0,
      materialData: version?.materialData ?? emptyMaterial,
      changeDescription: null,
    };
  });
}

export async function itemForViewer(db: DbOrTx, row: ItemRow, internal: boolean): Promise<ItemView> {
  const [view] = await itemsForViewer(db, [row], internal);
  return view!;
}
