/**
 * Copies every row of an embedded database into an empty PostgreSQL database (`npm run db:move`), without
 * knowing the tables: they, their columns, their foreign keys and the sequences are read from the catalogues,
 * so a table added by a later migration is copied too. Values travel as PostgreSQL's own text form (what COPY
 * uses) and are cast back to each column's type on the target: jsonb, arrays, timestamps and bytea arrive
 * exactly as they were. Drizzle's bookkeeping (schema `drizzle`) is not copied: the migrator writes it.
 */
import type pg from 'pg';

/** Runs one statement and answers its rows (PGlite through drizzle, or a pg client). */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

export class RefusedError extends Error {}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables: the base tables of schema public. */
export async function appTables(query: Query): Promise<string[]> {
  const { rows } = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => String(r.name));
}

/** The application tables that hold at least one row. */
export async function tablesWithRows(query: Query): Promise<string[]> {
  const found: string[] = [];
  for (const table of await appTables(query)) {
    const { rows } = await query(`select exists (select 1 from public.${ident(table)}) as has`);
    if (rows[0]?.has === true || rows[0]?.has === 't') found.push(table);
  }
  return found;
}

interface Column {
  name: string;
  type: string;
  /** A stored generated column: computed by the target, never inserted. */
  generated: boolean;
  /** `generated always as identity`: inserting a value needs `overriding system value`. */
  identityAlways: boolean;
}

async function columnsOf(query: Query, table: string): Promise<Column[]> {
  const { rows } = await query(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            a.attgenerated::text as generated, a.attidentity::text as identity
     from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => ({
    name: String(r.name),
    type: String(r.type),
    generated: r.generated === 's',
    identityAlways: r.identity === 'a',
  }));
}

interface ForeignKey {
  name: string;
  table: string;
  references: string;
  deferrable: boolean;
}

async function foreignKeys(query: Query): Promise<ForeignKey[]> {
  const { rows } = await query(
    `select con.conname as name, c.relname as "table", r.relname as "references",
            con.condeferrable as deferrable
     from pg_constraint con
     join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_class r on r.oid = con.confrelid
     where con.contype = 'f' and n.nspname = 'public'`,
  );
  return rows.map((r) => ({
    name: String(r.name),
    table: String(r.table),
    references: String(r.references),
    deferrable: r.deferrable === true || r.deferrable === 't',
  }));
}

/**
 * Tables in foreign-key order (a table after every table it references). A table in a cycle (or referencing
 * itself) cannot be ordered: those constraints are checked at commit instead (`deferred`).
 */
export function foreignKeyOrder(
  tables: string[],
  keys: ForeignKey[],
): { order: string[]; deferred: ForeignKey[] } {
  const pending = new Set(tables);
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((t) =>
      keys.every((k) => k.table !== t || k.references === t || !pending.has(k.references)),
    );
    // A cycle: take the first remaining table; its constraints are deferred below.
    const next = ready.length > 0 ? ready : [[...pending].sort()[0]!];
    for (const t of next.sort()) {
      order.push(t);
      pending.delete(t);
    }
  }
  const position = new Map(order.map((t, i) => [t, i]));
  const deferred = keys.filter((k) => position.get(k.references)! >= position.get(k.table)!);
  return { order, deferred };
}

export interface CopyReport {
  tables: Array<{ table: string; rows: number }>;
  sequences: number;
}

const BATCH = 1000;

/**
 * Copies every row of `source` (read in one transaction) into `target`, whose schema is already the same (both
 * migrated by the project's migrator), inside one transaction on the target: all or nothing. Refuses a target
 * whose tables hold rows. `progress` is told each table as it is done.
 */
export async function copyRows(opts: {
  /** Runs `work` inside one read transaction of the source, with a query function bound to it. */
  source: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
  target: pg.ClientBase;
  progress?: (table: string, rows: number) => void;
}): Promise<CopyReport> {
  const target: Query = (text, params) => opts.target.query(text, params as unknown[]);
  return opts.source(async (source) => {
    const sourceTables = await appTables(source);
    const targetTables = await appTables(target);
    const missing = sourceTables.filter((t) => !targetTables.includes(t));
    if (missing.length > 0)
      throw new RefusedError(
        `El destino no tiene las tablas ${missing.join(', ')}: las migraciones del destino no coinciden con el origen`,
      );
    const keys = await foreignKeys(target);
    const { order, deferred } = foreignKeyOrder(targetTables, keys);
    const report: CopyReport = { tables: [], sequences: 0 };
    await target('begin');
    try {
      // The rows arrive as they were: triggers that keep derived rows (tallies) or fill columns in would count
      // or change them a second time. Only the table's owner may do this (the migrator made the tables as the
      // target's user); committed or rolled back with the rest.
      const triggered = await tablesWithTriggers(target);
      for (const table of triggered) await target(`alter table public.${ident(table)} disable trigger user`);
      const full = await tablesWithRows(target);
      if (full.length > 0) {
        // Rows made by the migrations themselves (the source has them too, migrated alike): replaced.
        for (const table of [...order].reverse()) await target(`delete from public.${ident(table)}`);
      }
      for (const k of deferred) {
        if (!k.deferrable)
          await target(
            `alter table public.${ident(k.table)} alter constraint ${ident(k.name)} deferrable initially deferred`,
          );
      }
      for (const table of order) {
        if (!sourceTables.includes(table)) {
          report.tables.push({ table, rows: 0 });
          continue;
        }
        const rows = await copyTable(source, target, table);
        report.tables.push({ table, rows });
        opts.progress?.(table, rows);
      }
      for (const k of deferred) {
        if (!k.deferrable) {
          await target('set constraints all immediate');
          await target(
            `alter table public.${ident(k.table)} alter constraint ${ident(k.name)} not deferrable`,
          );
        }
      }
      for (const table of triggered) await target(`alter table public.${ident(table)} enable trigger user`);
      report.sequences = await copySequences(source, target);
      // What arrived is what left: every table's count on the target, before the commit.
      for (const { table, rows } of report.tables) {
        const { rows: counted } = await target(`select count(*)::int as n from public.${ident(table)}`);
        if (Number(counted[0]?.n) !== rows)
          throw new Error(
            `La tabla ${table} tiene ${counted[0]?.n} filas en el destino y ${rows} en el origen`,
          );
      }
      await target('commit');
    } catch (error) {
      await target('rollback').catch(() => undefined);
      throw error;
    }
    return report;
  });
}

/** Tables of schema public with triggers of their own (not the ones that enforce foreign keys). */
async function tablesWithTriggers(query: Query): Promise<string[]> {
  const { rows } = await query(
    `select distinct c.relname as name from pg_trigger t
     join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not t.tgisinternal order by 1`,
  );
  return rows.map((r) => String(r.name));
}

async function copyTable(source: Query, target: Query, table: string): Promise<number> {
  const targetColumns = (await columnsOf(target, table)).filter((c) => !c.generated);
  const sourceNames = new Set(
    (await columnsOf(source, table)).filter((c) => !c.generated).map((c) => c.name),
  );
  const missing = targetColumns.filter((c) => !sourceNames.has(c.name)).map((c) => c.name);
  if (missing.length > 0)
    throw new RefusedError(`La tabla ${table} del origen no tiene las columnas ${missing.join(', ')}`);
  const extra = [...sourceNames].filter((n) => !targetColumns.some((c) => c.name === n));
  if (extra.length > 0)
    throw new RefusedError(`La tabla ${table} del destino no tiene las columnas ${extra.join(', ')}`);
  if (targetColumns.length === 0) return 0;
  const list = targetColumns.map((c) => ident(c.name)).join(', ');
  const overriding = targetColumns.some((c) => c.identityAlways) ? ' overriding system value' : '';
  const insert =
    `insert into public.${ident(table)} (${list})${overriding} select ` +
    targetColumns.map((c, i) => `u.c${i}::${c.type}`).join(', ') +
    ` from unnest(${targetColumns.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as u(${targetColumns
      .map((_, i) => `c${i}`)
      .join(', ')})`;
  const cursor = `crw_copy_${table.replace(/\W/g, '_')}`;
  await source(
    `declare ${cursor} no scroll cursor for select ${targetColumns
      .map((c, i) => `${ident(c.name)}::text as c${i}`)
      .join(', ')} from public.${ident(table)}`,
  );
  let copied = 0;
  try {
    for (;;) {
      const { rows } = await source(`fetch forward ${BATCH} from ${cursor}`);
      if (rows.length === 0) break;
      const columns = targetColumns.map((_, i) => rows.map((r) => (r[`c${i}`] ?? null) as string | null));
      await target(insert, columns);
      copied += rows.length;
    }
  } finally {
    await source(`close ${cursor}`);
  }
  return copied;
}

/** Every sequence of schema public gets the source's position (serial and identity columns included). */
async function copySequences(source: Query, target: Query): Promise<number> {
  const { rows } = await source(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S'`,
  );
  for (const { name } of rows) {
    const seq = `public.${ident(String(name))}`;
    const { rows: at } = await source(`select last_value::text as v, is_called from ${seq}`);
    const called = at[0]?.is_called === true || at[0]?.is_called === 't';
    await target(`select setval($1::regclass, $2::bigint, $3)`, [seq, at[0]?.v, called]);
  }
  return rows.length;
}
