/**
 * Issue 30's road out of the embedded database, through the real commands (`npm run db:move`, `backup`,
 * `restore` at the repository root): an embedded database filled through the API (users, a portfolio, a
 * cycle, items with versions and an uploaded file, comments, notifications, a push device, an agent's task)
 *
 * - is moved into a new PostgreSQL database, and a server booted there answers the same through the API (the
 *   same sessions too: the settings moved); a non-empty target and a folder in use are refused; the uploads go
 *   to an S3 bucket (s3rver on loopback) with `--uploads-to-s3`;
 * - is backed up while the real server runs on it (the compiled server, asked through its control socket),
 *   restored into a new data folder, and read back the same, the uploaded file's bytes included;
 * - on PostgreSQL, backed up with a server open on it (pg_dump) and restored into a new database.
 *
 * Runs once (the PGlite project); the PostgreSQL half needs DATABASE_URL, and on CI (CI=true) its absence or
 * a silent server is a failure, never a skip. That restore and db:move are all or nothing is in
 * db-tools-undo.test.ts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir, openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { copyRows } from '../src/tools/db-copy.ts';
import {
  countRows,
  dbToolsSource,
  newPostgresDatabase,
  pgBase,
  s3Client,
  tempDir,
  withPostgres,
} from './support/db-tools-source.ts';
import { boot, downloadFile, npmRun, readBack, type World } from './support/db-tools-world.ts';
import { startServer } from './support/server-process.ts';

const source = dbToolsSource();
let sourceDir: string, world: World, expected: Record<string, unknown>;
beforeAll(() => {
  ({ sourceDir, world, expected } = source.current());
});

describe.runIf(withPostgres)('the embedded database moves to PostgreSQL, and PostgreSQL is backed up', () => {
  let movedUrl: string;
  let s3: S3rver;
  let s3Endpoint: string;

  beforeAll(async () => {
    expect(pgBase, 'CI necesita DATABASE_URL para estas pruebas').toBeTruthy();
    movedUrl = await newPostgresDatabase(); // fails when PostgreSQL does not answer
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('crw-tools-s3-') });
    s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    const client = s3Client(s3Endpoint);
    await client.send(new CreateBucketCommand({ Bucket: 'mudanza' }));
    client.destroy();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('copies every table into an empty database and a server there answers the same', async () => {
    const moved = await npmRun('db:move', ['--to', movedUrl, '--uploads-to-s3'], {
      DATA_DIR: sourceDir,
      S3_BUCKET: 'mudanza',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(moved.code, moved.stderr).toBe(0);
    // What it copied, table by table (the fill's figures).
    expect(moved.stdout).toMatch(/^\s+users\s+3$/m);
    expect(moved.stdout).toMatch(/^\s+portfolios\s+1$/m);
    expect(moved.stdout).toMatch(/^\s+items\s+2$/m);
    expect(moved.stdout).toMatch(/^\s+push_subscriptions\s+1$/m);
    expect(moved.stdout).toMatch(/^\s+tasks\s+1$/m);
    expect(moved.stdout).toMatch(/^\s+settings\s+[1-9]\d*$/m);
    expect(moved.stdout).toContain('1 archivos copiados al bucket mudanza');
    expect(moved.stdout).not.toMatch(/__drizzle_migrations/);
    expect(await countRows(movedUrl, 'item_versions')).toBeGreaterThanOrEqual(2);
    expect(await countRows(movedUrl, 'drizzle.__drizzle_migrations')).toBeGreaterThan(0);

    // The file is in the bucket under its key, byte for byte.
    const client = s3Client(s3Endpoint);
    const object = await client.send(new GetObjectCommand({ Bucket: 'mudanza', Key: world.file.s3Key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(world.file.bytes)).toBe(true);
    expect(object.ContentType).toBe('text/plain');
    client.destroy();

    // A server on PostgreSQL (uploads still in DATA_DIR) reads everything back, with the same sessions.
    const server = await boot(sourceDir, movedUrl);
    try {
      expect(await readBack(server.app, world)).toEqual(expected);
      expect((await downloadFile(server.app, world)).equals(world.file.bytes)).toBe(true);
      // And it writes: the copy left no key or sequence behind.
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: world.employee.headers,
        payload: {
          entityType: 'item',
          entityId: world.itemIds[1],
          visibility: 'internal',
          body: '<p>Ya en PostgreSQL</p>',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('refuses a target that is not empty, and changes nothing there', async () => {
    const before = await countRows(movedUrl, 'comments');
    const again = await npmRun('db:move', ['--to', movedUrl], { DATA_DIR: sourceDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no está vacía/);
    expect(await countRows(movedUrl, 'comments')).toBe(before);
  }, 120_000);

  it('refuses while a server holds the embedded database', async () => {
    const release = lockDataDir(pgliteDirFor(sourceDir)); // this process holds the folder, as a server does
    try {
      const target = await newPostgresDatabase();
      const refused = await npmRun('db:move', ['--to', target], { DATA_DIR: sourceDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/ya está en uso por otro servidor \(PID \d+\)/);
      expect(refused.stderr).toMatch(/Detén el servidor/);
    } finally {
      release();
    }
  }, 120_000);

  it('copies a table it was never told about: identity, self-reference, trigger, arrays, bytea, jsonb', async () => {
    // A later migration's table, on both sides (the migrator made it on each): nothing in the copy names it.
    const extra = `create table later_notes (
        id integer generated always as identity primary key,
        parent_id integer references later_notes(id),
        tags text[] not null,
        raw bytea,
        doc jsonb,
        at timestamptz not null,
        touched integer not null default 0
      );
      create function later_touch() returns trigger language plpgsql as $$
        begin new.touched := new.touched + 1; return new; end $$;
      create trigger later_touch before insert on later_notes for each row execute function later_touch();`;
    const source = await openDatabase({});
    const pglite = (source.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
    await pglite.exec(extra);
    // The child first in the table's physical order: a row that references one copied after it.
    await pglite.exec(`insert into later_notes (tags, raw, doc, at) values
        ('{a,"b c"}', '\\x00ff10', '{"k": [1, "dos", null]}', '2026-01-02 03:04:05.678912+02');
      insert into later_notes (parent_id, tags, at) values (1, '{}', now());
      update later_notes set parent_id = 2 where id = 1;`);
    const url = await newPostgresDatabase();
    const migrated = await openDatabase({ databaseUrl: url });
    await migrated.close();
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    try {
      await target.query(extra);
      const report = await copyRows({
        source: (work) => pglite.transaction((tx) => work((text, params) => tx.query(text, params))),
        target,
      });
      expect(report.tables).toContainEqual({ table: 'later_notes', rows: 2 });
      const query =
        "select id, parent_id, tags, encode(raw, 'hex') as raw, doc, at, touched from later_notes order by id";
      const { rows: copied } = await target.query(query);
      const { rows: original } = await pglite.query<Record<string, unknown>>(query);
      expect(copied).toEqual(original);
      expect(copied[0]).toMatchObject({ parent_id: 2, tags: ['a', 'b c'], raw: '00ff10', touched: 1 });
      // The identity goes on where the source's was: the next row is 3, not 1.
      const next = await target.query('insert into later_notes (tags, at) values ($1, now()) returning id', [
        [],
      ]);
      expect(next.rows[0].id).toBe(3);
      // The foreign key is enforced again after the copy.
      await expect(
        target.query('insert into later_notes (parent_id, tags, at) values (99, $1, now())', [[]]),
      ).rejects.toThrow(/foreign key/);
    } finally {
      await target.end();
      await source.close();
    }
  }, 120_000);

  it('backs up PostgreSQL with a server open on it and restores into a new database', async () => {
    const running = await boot(sourceDir, movedUrl);
    const out = join(tempDir('crw-tools-bk-'), 'pg');
    let expectedPg: Record<string, unknown>;
    try {
      expectedPg = await readBack(running.app, world);
      const made = await npmRun('backup', ['--out', out], { DATA_DIR: sourceDir, DATABASE_URL: movedUrl });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/pg_dump \(.*15.*\)/);
    } finally {
      await running.close();
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      database: 'postgres',
      dump: 'database.dump',
      uploads: 'local',
      files: 1,
    });
    expect(statSync(out).mode & 0o077).toBe(0); // only its owner may read it

    const target = await newPostgresDatabase();
    const restoredDir = tempDir('crw-tools-pg-restored-');
    const restored = await npmRun('restore', [out], { DATA_DIR: restoredDir, DATABASE_URL: target });
    expect(restored.code, restored.stderr).toBe(0);
    const server = await boot(restoredDir, target);
    try {
      expect(await readBack(server.app, world)).toEqual(expectedPg);
      expect(JSON.stringify(expectedPg)).toContain('Ya en PostgreSQL');
      expect((await downloadFile(server.app, world)).equals(world.file.bytes)).toBe(true);
    } finally {
      await server.close();
    }
    // A second restore there is refused: the database is no longer empty.
    const again = await npmRun('restore', [out], { DATA_DIR: tempDir('crw-tools-x-'), DATABASE_URL: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no está vacía/);
  }, 180_000);
});

describe('the embedded database is backed up while its server runs, and restored into a new folder', () => {
  it('takes the snapshot through the running server and reads the same back, file bytes included', async () => {
    const server = await startServer({ DATA_DIR: sourceDir, LOGIN_RATE_LIMIT: '1000' });
    const out = join(tempDir('crw-tools-bk-'), 'pglite');
    try {
      // A write through the running server: the copy must hold it.
      const res = await fetch(`${server.url}/api/comments`, {
        method: 'POST',
        headers: { ...world.employee.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          entityType: 'item',
          entityId: world.itemIds[0],
          visibility: 'internal',
          body: '<p>Escrito con el servidor en marcha</p>',
        }),
      });
      expect(res.status).toBe(201);
      const made = await npmRun('backup', ['--out', out], { DATA_DIR: sourceDir });
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/socket de control/);
      // The socket only the server's OS user reaches: a folder of mode 0700.
      expect(statSync(join(sourceDir, 'control')).mode & 0o077).toBe(0);
      expect(statSync(join(sourceDir, 'control', 'server.sock')).isSocket()).toBe(true);
      // The server went on serving.
      expect((await fetch(`${server.url}/api/health`)).ok).toBe(true);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(existsSync(join(sourceDir, 'control', 'server.sock'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ database: 'pglite', uploads: 'local', files: 1 });
    // With the server stopped, the command copies the folder itself.
    const offline = await npmRun('backup', ['--out', `${out}-offline`], { DATA_DIR: sourceDir });
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout).toMatch(/detenido/);
    expect(JSON.parse(readFileSync(join(`${out}-offline`, 'manifest.json'), 'utf8'))).toMatchObject({
      database: 'pglite',
      files: 1,
    });
    expect(readFileSync(join(out, 'uploads', world.file.s3Key)).equals(world.file.bytes)).toBe(true);

    const source = await boot(sourceDir);
    let expectedNow: Record<string, unknown>;
    try {
      expectedNow = await readBack(source.app, world);
    } finally {
      await source.close();
    }
    expect(JSON.stringify(expectedNow)).toContain('Escrito con el servidor en marcha');

    const restoredDir = tempDir('crw-tools-restored-');
    const restored = await npmRun('restore', [out], { DATA_DIR: restoredDir });
    expect(restored.code, restored.stderr).toBe(0);
    const server2 = await boot(restoredDir);
    try {
      expect(await readBack(server2.app, world)).toEqual(expectedNow);
      expect((await downloadFile(server2.app, world)).equals(world.file.bytes)).toBe(true);
    } finally {
      await server2.close();
    }
    // Not over an existing database.
    const again = await npmRun('restore', [out], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Ya hay una base de datos/);
  }, 240_000);
});
