import { and, count, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { comments, cycleItemTallies, cycles, items, portfolios } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import { clientVisibleStatuses } from '../../../policy.ts';
import { type CycleRow, toCycle } from './views.ts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
};
export const today = () => isoDay(new Date());

/** Serialises cycle creation per portfolio (two starts at once cannot both open a first cycle). */
async function lockPortfolio(tx: DbOrTx, portfolioId: string) {
  const [row] = await tx
    .select({ id: portfolios.id })
    .from(portfolios)
    .where(eq(portfolios.id, portfolioId))
    .for('update');
  if (!row) throw notFound('portfolio');
}

export async function startProduction(db: Db, portfolioId: string, cycleDuration: number) {
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolioId);
    const [existing] = await tx
      .select({ id: cycles.id })
      .from(cycles)
      .where(eq(cycles.portfolioId, portfolioId))
      .limit(1);
    if (existing) throw new AppError('CONFLICT', 'La producción de este portafolio ya está iniciada');
    const start = today();
    const [row] = await tx
      .insert(cycles)
      .values({ portfolioId, startDate: start, endDate: addDays(start, cycleDuration - 1) })
      .returning();
    return toCycle(row!);
  });
}

const validDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;

/** The portfolio's last cycle (the latest start): the only one whose end may move or that may go. */
async function lastCycle(tx: DbOrTx, portfolioId: string) {
  const [row] = await tx
    .select()
    .from(cycles)
    .where(eq(cycles.portfolioId, portfolioId))
    .orderBy(desc(cycles.startDate))
    .limit(1);
  return row;
}

function assertValidDays(input: { startDate?: string; endDate: string }) {
  for (const field of ['startDate', 'endDate'] as const) {
    const day = input[field];
    if (day !== undefined && !validDay(day)) {
      throw new AppError('VALIDATION', `El campo '${field}' no es una fecha válida`, [
        { field, message: 'Fecha inválida' },
      ]);
    }
  }
}

/** A cycle may last one day (start = end) but never end before it starts. */
function assertEndNotBefore(startDate: string, endDate: string) {
  if (endDate < startDate) {
    throw new AppError('VALIDATION', "El campo 'endDate' no puede ser anterior a 'startDate'", [
      { field: 'endDate', message: 'No puede ser anterior a la fecha de inicio' },
    ]);
  }
}

/**
 * A new cycle. Cycles stay contiguous (product-design §4): the first one may start any day, every later one
 * starts the day after the last one ends (409 otherwise, naming the day it must start).
 */
export async function createCycle(
  db: Db,
  input: { portfolioId: string; startDate: string; endDate: string },
) {
  assertValidDays(input);
  assertEndNotBefore(input.startDate, input.endDate);
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, input.portfolioId);
    const last = await lastCycle(tx, input.portfolioId);
    if (last) {
      const expected = addDays(last.endDate, 1);
      if (input.startDate !== expected) {
        throw new AppError(
          'CONFLICT',
          `Los ciclos van seguidos: el nuevo ciclo debe empezar el ${expected}, el día después de que termine el último (${last.startDate} a ${last.endDate})`,
          [{ field: 'startDate', message: `Debe ser ${expected}` }],
        );
      }
    }
    const [row] = await tx.insert(cycles).values(input).returning();
    return toCycle(row!);
  });
}

/** The row of the cycle whose dates contain today, if there is one (the cycle answer and the dashboards read it). */
export async function findCurrentCycle(db: DbOrTx, portfolioId: string): Promise<CycleRow | undefined> {
  const day = today();
  const [row] = await db
    .select()
    .from(cycles)
    .where(and(eq(cycles.portfolioId, portfolioId), lte(cycles.startDate, day), gte(cycles.endDate, day)))
    .limit(1);
  return row;
}

/** The cycle whose dates contain today, or null: a portfolio without one is an expected, empty answer. */
export async function currentCycle(db: DbOrTx, portfolioId: string) {
  const row = await findCurrentCycle(db, portfolioId);
  return row ? toCycle(row) : null;
}

/**
 * Under the portfolio's lock: the cycle is still there (404 if a concurrent call deleted it) and is the last one
 * (409 with `message` otherwise).
 */
async function assertLast(tx: DbOrTx, cycle: CycleRow, message: string) {
  const last = await lastCycle(tx, cycle.portfolioId);
  if (last?.id === cycle.id) return;
  const [still] = await tx.select({ id: cycles.id }).from(cycles).where(eq(cycles.id, cycle.id));
  if (!still) throw notFound('cycle');
  throw new AppError('CONFLICT', message);
}

/** Moves the end of the portfolio's last cycle (never before its start; 409 for any other cycle). */
export async function updateCycleEnd(db: Db, cycle: CycleRow, endDate: string) {
  assertValidDays({ endDate });
  assertEndNotBefore(cycle.startDate, endDate);
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, cycle.portfolioId);
    await assertLast(
      tx,
      cycle,
      'Solo se puede cambiar la fecha de fin del último ciclo: los ciclos van seguidos',
    );
    const [row] = await tx.update(cycles).set({ endDate }).where(eq(cycles.id, cycle.id)).returning();
    return toCycle(row!);
  });
}

/** Deletes the portfolio's last cycle when it holds no items (409 otherwise), with the comments on it. */
export async function deleteCycle(db: Db, cycle: CycleRow) {
  await db.transaction(async (tx) => {
    await lockPortfolio(tx, cycle.portfolioId);
    await assertLast(tx, cycle, 'Solo se puede eliminar el último ciclo: los ciclos van seguidos');
    const [held] = await tx.select({ id: items.id }).from(items).where(eq(items.cycleId, cycle.id)).limit(1);
    if (held) {
      throw new AppError(
        'CONFLICT',
        'El ciclo tiene piezas: muévelas a otro ciclo o elimínalas antes de eliminar el ciclo',
      );
    }
    await tx.delete(comments).where(and(eq(comments.entityType, 'cycle'), eq(comments.entityId, cycle.id)));
    await tx.delete(cycles).where(eq(cycles.id, cycle.id));
  });
}

/**
 * The cycle after the portfolio's latest one: it starts the day after that one ends and lasts
 * `cycleDuration` days (default: as long as the latest).
 */
export async function createNextCycle(db: Db, portfolioId: string, cycleDuration?: number) {
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolioId);
    const latest = await lastCycle(tx, portfolioId);
    if (!latest) {
      throw new AppError(
        'CONFLICT',
        'La producción de este portafolio aún no está iniciada: inicia la producción primero',
      );
    }
    const previousDays =
      (Date.parse(`${latest.endDate}T00:00:00Z`) - Date.parse(`${latest.startDate}T00:00:00Z`)) / 86_400_000 +
      1;
    const startDate = addDays(latest.endDate, 1);
    const [row] = await tx
      .insert(cycles)
      .values({ portfolioId, startDate, endDate: addDays(startDate, (cycleDuration ?? previousDays) - 1) })
      .returning();
    return toCycle(row!);
  });
}

/**
 * One page of the portfolio's cycles, newest first, with how many items of each the viewer may see and which
 * one is the last (the only one whose end may change or that may be deleted, when empty).
 */
export async function listCycles(
  db: DbOrTx,
  portfolioId: string,
  internal: boolean,
  q: { page: number; limit: number; search?: string },
) {
  const term = q.search?.trim();
  const where = and(
    eq(cycles.portfolioId, portfolioId),
    term
      ? or(
          sql`${cycles.startDate}::text like ${`%${term}%`}`,
          sql`${cycles.endDate}::text like ${`%${term}%`}`,
        )
      : undefined,
  );
  // From the cycle's tallies (kept with each write of an item), not a count of its items. Qualified by hand:
  // inside a selection Drizzle prints bare column names.
  const itemCount = sql<number>`(select coalesce(sum(t.n), 0)::int from ${cycleItemTallies} t where t.cycle_id = "cycles"."id"${
    internal ? sql`` : sql` and t.status in ${[...clientVisibleStatuses]}`
  })`;
  const [rows, [total], last] = await Promise.all([
    db
      .select({ cycle: cycles, itemCount })
      .from(cycles)
      .where(where)
      .orderBy(desc(cycles.startDate))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(cycles).where(where),
    lastCycle(db, portfolioId),
  ]);
  return {
    items: rows.map((r) => ({
      ...toCycle(r.cycle),
      itemCount: Number(r.itemCount),
      isLast: r.cycle.id === last?.id,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}
