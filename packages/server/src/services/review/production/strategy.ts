import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { cycleItemTallies, cycles, itemHistory, items, portfolios } from '../../../db/schema.ts';
import { type Actor, clientVisibleStatuses } from '../../../policy.ts';
import { awarenessLevels, funnelPhases, planStrategy } from '../strategy.ts';
import { type CycleRow, toItem } from './views.ts';

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const numbered = /^(.*) \((\d+)\)$/;

/**
 * Titles unique within the cycle, deterministically: the first of a base title is the base itself, the next
 * ones «base (2)», «base (3)»… after the highest the cycle already holds (any author), in the run's order.
 */
async function uniqueTitles(tx: DbOrTx, cycleId: string, bases: readonly string[]) {
  const distinct = [...new Set(bases)];
  const taken = await tx
    .select({ title: items.title })
    .from(items)
    .where(
      and(
        eq(items.cycleId, cycleId),
        or(
          inArray(items.title, distinct),
          ...distinct.map((b) => like(items.title, `${likeLiteral(b)} (%)`)),
        ),
      ),
    );
  const highest = new Map<string, number>();
  const names = new Set(distinct);
  for (const { title } of taken) {
    const match = numbered.exec(title);
    const [base, n] = names.has(title)
      ? [title, 1]
      : match && names.has(match[1]!)
        ? [match[1]!, Number(match[2])]
        : [null, 0];
    if (base) highest.set(base, Math.max(highest.get(base) ?? 0, n));
  }
  return bases.map((base) => {
    const n = (highest.get(base) ?? 0) + 1;
    highest.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export async function generateStrategy(db: Db, actor: Actor, cycle: CycleRow, itemsCount: number) {
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, cycle.portfolioId));
  const data = portfolio!.productionCycleData;
  const plan = planStrategy(itemsCount, {
    pilares: data.pilaresContenido,
    angulos: data.angulosVenta,
    formatos: data.formatosCreativos,
  });
  // Kept under the title's 200 characters with room for « (n)».
  const bases = plan.map((slot) => {
    const base = [slot.format, slot.pilar, slot.angulo].filter(Boolean).join(' · ') || 'Pieza';
    return base.length > 190 ? `${base.slice(0, 189)}…` : base;
  });
  return db.transaction(async (tx) => {
    // One run at a time per cycle, so two runs never number their titles from the same state.
    await tx.select({ id: cycles.id }).from(cycles).where(eq(cycles.id, cycle.id)).for('update');
    const titles = await uniqueTitles(tx, cycle.id, bases);
    const rows = await tx
      .insert(items)
      .values(
        plan.map((slot, i) => ({
          portfolioId: cycle.portfolioId,
          cycleId: cycle.id,
          title: titles[i]!,
          format: slot.format,
          pilar: slot.pilar,
          angulo: slot.angulo,
          funnelPhase: slot.funnelPhase,
          awarenessLevel: slot.awarenessLevel,
          authorId: actor.id,
        })),
      )
      .returning();
    await tx.insert(itemHistory).values(
      rows.map((r) => ({
        itemId: r.id,
        actorId: actor.id,
        action: 'strategy',
        toStatus: 'draft' as const,
      })),
    );
    return rows.map(toItem);
  });
}

/**
 * The cycle's coverage: counts per pilar, ángulo, formato, funnel phase and awareness level, and the
 * pilar × ángulo matrix. Counted over the items the viewer may see (a client's counts never reveal drafts),
 * grouped in the database.
 */
export async function strategyCoverage(db: DbOrTx, cycle: CycleRow, internal: boolean) {
  const [portfolio] = await db.select().from(portfolios).where(eq(portfolios.id, cycle.portfolioId));
  // Added up from the cycle's tallies (kept with each write of an item): a few rows, whatever the cycle's size.
  const t = cycleItemTallies;
  const groups = await db
    .select({
      pilar: t.pilar,
      angulo: t.angulo,
      format: t.format,
      funnelPhase: t.funnelPhase,
      awarenessLevel: t.awarenessLevel,
      n: sql<number>`sum(${t.n})::int`,
    })
    .from(t)
    .where(and(eq(t.cycleId, cycle.id), internal ? undefined : inArray(t.status, [...clientVisibleStatuses])))
    .groupBy(t.pilar, t.angulo, t.format, t.funnelPhase, t.awarenessLevel);
  const data = portfolio!.productionCycleData;
  type Group = (typeof groups)[number];
  const tally = (keys: readonly string[], pick: (g: Group) => string | null) =>
    Object.fromEntries(
      keys.map((k) => [k, groups.reduce((sum, g) => sum + (pick(g) === k ? Number(g.n) : 0), 0)]),
    );
  return {
    total: groups.reduce((sum, g) => sum + Number(g.n), 0),
    pilares: tally(data.pilaresContenido, (g) => g.pilar),
    angulos: tally(data.angulosVenta, (g) => g.angulo),
    formatos: tally(data.formatosCreativos, (g) => g.format),
    funnelPhases: tally(funnelPhases, (g) => g.funnelPhase),
    awarenessLevels: tally(awarenessLevels, (g) => g.awarenessLevel),
    matrix: Object.fromEntries(
      data.pilaresContenido.map((p) => [
        p,
        tally(data.angulosVenta, (g) => (g.pilar === p ? g.angulo : null)),
      ]),
    ),
  };
}
