import { getTableColumns, type InferSelectModel, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import { type Db, rowsOf } from './client.ts';

/**
 * Prepared statements of the hot reads, built once per database (the pool or the embedded PGlite) and name:
 * the SQL is put together once, and PostgreSQL plans it once per connection.
 */
const byDatabase = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: (name: string) => T): T {
  const statements = byDatabase.get(db) ?? new Map<string, unknown>();
  byDatabase.set(db, statements);
  const statement = (statements.get(name) as T | undefined) ?? build(name);
  statements.set(name, statement);
  return statement;
}

type RawRow = Record<string, unknown>;
interface DrizzleInternals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * A prepared statement answering the driver's rows as they come (objects keyed by column name), without the
 * ORM's per-column mapping: on the hottest page (50 items of ~20 columns) that mapping cost as much as the rest
 * of the handler (issue 30's floor). The statement is drizzle's own raw prepared query (the one `db.execute`
 * runs), so its placeholders, its name and the drivers' type parsers are drizzle's. Columns are decoded by
 * `rowDecoder`.
 */
export function preparedRows(db: Db, name: string, build: () => SQLWrapper) {
  return prepared(db, `rows:${name}`, () => {
    const { dialect, session } = db as unknown as DrizzleInternals;
    const statement = session.prepareQuery(dialect.sqlToQuery(build().getSQL()), undefined, name, false);
    return async (values: Record<string, unknown>) => rowsOf<RawRow>(await statement.execute(values));
  });
}

/**
 * A table's rows from the driver's: each column decoded as drizzle decodes it (`mapFromDriverValue`, null kept),
 * with the columns listed once rather than checked row by row. The columns named in `asText` keep the driver's
 * text (timestamps the answer only prints: see db/timestamps.ts).
 *
 * The decoder is compiled from the table's own column list into one object literal: built key by key, a row of
 * ~20 columns passed through V8's slow property transitions on every page (a page of 50 decoded in 40 µs; as a
 * literal in 13 µs). Only the schema's names reach the generated source, each as a JSON string.
 */
export function rowDecoder<T extends Table, K extends keyof InferSelectModel<T> = never>(
  table: T,
  asText: readonly K[] = [],
): (raw: RawRow) => Omit<InferSelectModel<T>, K> & { [P in K]: InferSelectModel<T>[P] | string } {
  const text = new Set<PropertyKey>(asText);
  const columns = Object.entries(getTableColumns(table));
  const fields = columns.map(([key, column], i) => {
    const value = `raw[${JSON.stringify(column.name)}]`;
    return `${JSON.stringify(key)}: ${text.has(key) ? `${value} ?? null` : `decode(${value}, columns[${i}])`}`;
  });
  const decode = (value: unknown, column: (typeof columns)[number][1]) =>
    value === null || value === undefined ? null : column.mapFromDriverValue(value);
  const build = new Function('columns', 'decode', `return (raw) => ({ ${fields.join(', ')} });`);
  return build(
    columns.map(([, column]) => column),
    decode,
  );
}
