import pg from 'pg';
import { afterAll } from 'vitest';

const created: string[] = [];
afterAll(async () => {
  if (created.length === 0) return;
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
});

/** A fresh database on the PostgreSQL server (DATABASE_URL) for a server process, dropped after the file. */
export async function freshPostgres(): Promise<string> {
  const base = process.env.DATABASE_URL!;
  const name = `crw_proc_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  created.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
