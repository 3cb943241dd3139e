/**
 * What both database-tool test files share (db-tools-move-backup.test.ts, db-tools-undo.test.ts): temporary
 * folders and PostgreSQL databases removed at the end, and the embedded source database filled through the API
 * once per file (`dbToolsSource()`, called at a file's top level; `current()` gives what beforeAll made).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { boot, fill, readBack, type World } from './db-tools-world.ts';

const onCi = process.env.CI === 'true';
export const pgBase = process.env.DATABASE_URL;
export const withPostgres = Boolean(pgBase) || onCi;
const made: string[] = [];
const createdDatabases: string[] = [];

export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

export async function newPostgresDatabase(): Promise<string> {
  if (!pgBase) throw new Error('CI necesita DATABASE_URL para las pruebas de db:move, backup y restore');
  const name = `crw_tools_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const c = new pg.Client({ connectionString: pgBase });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  createdDatabases.push(name);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function countRows(url: string, table: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  } finally {
    await c.end();
  }
}

export function dbToolsSource() {
  let sourceDir: string;
  let world: World;
  let expected: Record<string, unknown>;

  beforeAll(async () => {
    sourceDir = tempDir('crw-tools-src-');
    const source = await boot(sourceDir);
    try {
      world = await fill(source.app);
      expected = await readBack(source.app, world);
    } finally {
      await source.close();
    }
    // The fill wrote what the checks below look for (a test that cannot fail proves nothing).
    expect((expected.items as { items?: unknown[] }).items ?? expected.items).toBeTruthy();
    expect(JSON.stringify(expected[`versions ${world.file.itemId}`])).toContain('Segunda versión');
    expect(JSON.stringify(expected.devices)).toContain('mozilla');
    expect(JSON.stringify(expected.tasks)).toContain('Proponer titulares');
    expect(JSON.stringify(expected['notifications client'])).toContain('Mudanza de datos');
  }, 180_000);

  afterAll(async () => {
    if (createdDatabases.length > 0 && pgBase) {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      for (const name of createdDatabases.splice(0))
        await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return { current: () => ({ sourceDir, world, expected }) };
}

export function s3Client(endpoint: string) {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
