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
