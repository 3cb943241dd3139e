import { and, count, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cycleItemTallies, cycles, portfolios } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { clientVisibleStatuses } from '../../policy.ts';
import { toCycle } from './views.ts';

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
  if (!row) throw new AppError('NOT_FOUND', 'Portafolio no encontrado');
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

export async function createCycle(
  db: Db,
  input: { portfolioId: string; startDate: string; endDate: string },
) {
  for (const field of ['startDate', 'endDate'] as const) {
    if (!validDay(input[field])) {
      throw new AppError('VALIDATION', `El campo '${field}' no es una fecha válida`, [
        { field, message: 'Fecha inválida' },
      ]);
    }
  }
  if (input.endDate <= input.startDate) {
    throw new AppError('VALIDATION', "El campo 'endDate' debe ser posterior a 'startDate'", [
      { field: 'endDate', message: 'Debe ser posterior a la fecha de inicio' },
    ]);
  }
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, input.portfolioId);
    const [overlap] = await tx
      .select()
      .from(cycles)
      .where(
        and(
          eq(cycles.portfolioId, input.portfolioId),
          lte(cycles.startDate, input.endDate),
          gte(cycles.endDate, input.startDate),
        ),
      )
      .limit(1);
    if (overlap) {
      throw new AppError(
        'CONFLICT',
        `Las fechas se solapan con el ciclo del ${overlap.startDate} al ${overlap.endDate}`,
      );
    }
    const [row] = await tx.insert(cycles).values(input).returning();
    return toCycle(row!);
  });
}

export async function currentCycle(db: DbOrTx, portfolioId: string) {
  const day = today();
  const [row] = await db
    .select()
    .from(cycles)
    .where(and(eq(cycles.portfolioId, portfolioId), lte(cycles.startDate, day), gte(cycles.endDate, day)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'No hay un ciclo en curso');
  return toCycle(row);
}

/**
 * The cycle after the portfolio's latest one: it starts the day after that one ends and lasts
 * `cycleDuration` days (default: as long as the latest).
 */
export async function createNextCycle(db: Db, portfolioId: string, cycleDuration?: number) {
  return db.transaction(async (tx) => {
    await lockPortfolio(tx, portfolioId);
    const [latest] = await tx
      .select()
      .from(cycles)
      .where(eq(cycles.portfolioId, portfolioId))
      .orderBy(desc(cycles.endDate))
      .limit(1);
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

/** One page of the portfolio's cycles, newest first, with how many items of each the viewer may see. */
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
  const [rows, [total]] = await Promise.all([
    db
      .select({ cycle: cycles, itemCount })
      .from(cycles)
      .where(where)
      .orderBy(desc(cycles.startDate))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(cycles).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...toCycle(r.cycle), itemCount: Number(r.itemCount) })),
    total: Number(total?.n ?? 0),
    page: q.page,
    limit: q.limit,
  };
}
