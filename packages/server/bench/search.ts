/**
 * The search's row of `npm run bench` (issue 49, point 3): on a PostgreSQL database of its own, 100,000 pieces
 * (bench/search-seed.ts), then the search use-case (services/search) answers the bench's questions as an admin,
 * an employee and a client, one after another, `rounds` times each; the row is the p95 of those latencies
 * (statement and rows included, HTTP not). Goal: p95 ≤ 50 ms. Also runs alone:
 * `DATABASE_URL=postgres://… npx tsx bench/search.ts [pieces]` (on a new database it creates and drops).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import type { Actor } from '../src/policy.ts';
import { search } from '../src/services/search/index.ts';
import { SEARCH_QUERIES, seedSearch } from './search-seed.ts';
import { fmt, type Row } from './table.ts';

export const SEARCH_GOAL_MS = 50;

/** Measures the search on `databaseUrl` (a new, empty database: migrated and seeded here). */
export async function searchRow(databaseUrl: string, pieces = 100_000, rounds = 10): Promise<Row> {
  const database = await openDatabase({ databaseUrl });
  try {
    const w = await seedSearch((text) => database.db.execute(sql.raw(text)), pieces);
    const actors: Actor[] = [
      { id: 'nobody', role: 'admin', permissions: [] },
      { id: w.employeeId, role: 'employee', permissions: [] },
      { id: w.clientId, role: 'client', permissions: [] },
    ];
    // Warm-up: one pass (the first reads bring the indexes into memory).
    for (const actor of actors) for (const q of SEARCH_QUERIES) await search(database.db, actor, { q });
    const times: number[] = [];
    for (let round = 0; round < rounds; round++)
      for (const actor of actors)
        for (const q of SEARCH_QUERIES) {
          const started = performance.now();
          await search(database.db, actor, { q });
          times.push(performance.now() - started);
        }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    const p95 = at(0.95);
    return {
      db: 'PostgreSQL',
      key: 'search',
      path: `GET /search at ${fmt.n(pieces)} pieces (p95 of ${times.length}: ${SEARCH_QUERIES.length} questions × admin, employee, client)`,
      ours: `p95 ${fmt.ms(p95)} (p50 ${fmt.ms(at(0.5))})`,
      baseline: '',
      ratio: '',
      goal: `p95 ≤ ${SEARCH_GOAL_MS} ms`,
      verdict: p95 <= SEARCH_GOAL_MS ? 'pass' : 'fail',
      data: { pieces, samples: times.length, p50: at(0.5), p95, p99: at(0.99), max: times.at(-1) },
    };
  } finally {
    await database.close();
  }
}

// Alone: `npx tsx bench/search.ts [pieces]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('bench/search.ts needs DATABASE_URL (PostgreSQL)');
  const name = `crw_bench_${Date.now()}_search`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const row = await searchRow(url.toString(), Number(process.argv[2] ?? 100_000));
    console.log(`${row.path}\n${row.ours} — goal ${row.goal}: ${row.verdict}`);
    console.log(JSON.stringify(row.data));
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
