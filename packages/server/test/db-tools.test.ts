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
 * a silent server is a failure, never a skip.
 */
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir, openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { copyRows, RefusedError } from '../src/tools/db-copy.ts';
import { backup, moveToPostgres, restore } from '../src/tools/db-tools.ts';
import { failureText } from '../src/tools/failures.ts';
import { footprint, withClient } from '../src/tools/pg-target.ts';
import { boot, downloadFile, fill, npmRun, readBack, type World } from './support/db-tools-world.ts';
import { startServer } from './support/server-process.ts';

const onCi = process.env.CI === 'true';
const pgBase = process.env.DATABASE_URL;
const withPostgres = Boolean(pgBase) || onCi;
const made: string[] = [];
const createdDatabases: string[] = [];

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

async function newPostgresDatabase(): Promise<string> {
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

async function countRows(url: string, table: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(`select count(*)::int as n from ${table}`)).rows[0].n;
  } finally {
    await c.end();
  }
}

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
    for (const name of createdDatabases) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
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

describe('restore and db:move are all or nothing (issue 45)', () => {
  let pgliteBackup: string;
  let expectedNow: Record<string, unknown>;
  let s3: S3rver;
  let s3Endpoint: string;
  const s3Env = (bucket: string) => ({
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const envFor = (dataDir: string, extra: Record<string, string> = {}) =>
    loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...extra });
  /** Every path under `dir` (none when it does not exist): what a refused or undone command must not change. */
  const tree = (dir: string) =>
    existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).sort() : [];
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('se esperaba una negativa');
      },
      (error: Error) => error,
    );

  beforeAll(async () => {
    pgliteBackup = join(tempDir('crw-tools-aon-'), 'pglite');
    await backup({ env: envFor(sourceDir), out: pgliteBackup });
    const source = await boot(sourceDir);
    try {
      expectedNow = await readBack(source.app, world);
    } finally {
      await source.close();
    }
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('crw-tools-s3b-') });
    s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    const client = s3Client(s3Endpoint);
    await client.send(new CreateBucketCommand({ Bucket: 'restaurado' }));
    client.destroy();
  }, 120_000);
  afterAll(async () => {
    await s3?.close();
  });

  it('checks every target before writing anything, and refuses with a sentence that says what to fix', async () => {
    const copyOf = (edit: (dir: string) => void) => {
      const dir = join(tempDir('crw-tools-bad-'), 'copia');
      cpSync(pgliteBackup, dir, { recursive: true });
      edit(dir);
      return dir;
    };
    const huge = copyOf((dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, bytes: 2 ** 50 }));
    });
    const damaged = copyOf((dir) => writeFileSync(join(dir, 'database.tar.gz'), 'otra cosa'));
    const cases: Array<{
      what: string;
      prepare(dataDir: string): void;
      from?: string;
      env?: object;
      message: RegExp;
    }> = [
      {
        what: 'a database already in DATA_DIR/db',
        prepare: (d) => {
          mkdirSync(join(d, 'db'));
          writeFileSync(join(d, 'db', 'PG_VERSION'), '17');
        },
        message: /^Ya hay una base de datos en \/.+\/db: restaura en un DATA_DIR nuevo$/,
      },
      {
        what: 'a file in the uploads folder',
        prepare: (d) => {
          mkdirSync(join(d, 'uploads', 'items', 'x'), { recursive: true });
          writeFileSync(join(d, 'uploads', 'items', 'x', 'y.txt'), 'y');
        },
        message: /^La carpeta de archivos \/.+\/uploads no está vacía: restaura en un DATA_DIR nuevo$/,
      },
      {
        what: 'a file where the uploads folder goes',
        prepare: (d) => writeFileSync(join(d, 'uploads'), 'no soy una carpeta'),
        message:
          /^No se puede escribir en \/.+\/uploads: es un archivo, no una carpeta; muévelo o usa otro DATA_DIR$/,
      },
      {
        what: 'less room than the backup needs',
        from: huge,
        prepare: () => undefined,
        message:
          /^No hay espacio suficiente en \/.+: la copia necesita 1 PB y quedan [\d.,]+ [KMGT]?B(ytes)? libres; libera espacio o usa otro DATA_DIR$/,
      },
      {
        what: 'a bucket that does not take a file',
        env: s3Env('no-existe'),
        prepare: () => undefined,
        message:
          /^No se puede escribir en el bucket «no-existe» de S3 \(NoSuchBucket: .+\): revisa S3_BUCKET, S3_ENDPOINT, las claves y los permisos del bucket$/,
      },
      {
        what: 'a damaged backup',
        from: damaged,
        prepare: () => undefined,
        message: /^La copia está dañada: database\.tar\.gz no coincide con su suma sha256$/,
      },
    ];
    for (const c of cases) {
      const dataDir = tempDir('crw-tools-refused-');
      c.prepare(dataDir);
      const before = tree(dataDir);
      const error = await refusal(
        restore({ env: envFor(dataDir, c.env as Record<string, string>), from: c.from ?? pgliteBackup }),
      );
      expect(error, c.what).toBeInstanceOf(RefusedError);
      expect(error.message, c.what).toMatch(c.message);
      expect(tree(dataDir), `${c.what}: nothing written`).toEqual(before);
    }
    // A folder even root cannot write (chmod does not stop root: /sys refuses it with EPERM or EROFS).
    const sys = `/sys/crw-restore-${randomUUID()}`;
    const error = await refusal(restore({ env: envFor(sys), from: pgliteBackup }));
    expect(error.message).toMatch(
      /^No se puede escribir en \/sys: (da permisos de escritura|está en un sistema)/,
    );
    expect(existsSync(sys)).toBe(false);
  }, 120_000);

  it('PGlite: files that fail after the database was written take the database back out', async () => {
    const dataDir = tempDir('crw-tools-undo-');
    const planted = join(dataDir, 'uploads', 'items');
    const error = await refusal(
      restore({
        env: envFor(dataDir),
        from: pgliteBackup,
        // A file where the files' folder goes, once the database is in: the rename into place fails.
        beforePlacingFiles: () => writeFileSync(planted, 'estorbo'),
      }),
    );
    expect(error.message).toMatch(
      /^No se puede escribir en \/.+\/uploads: hay un archivo donde debe haber una carpeta; muévelo o usa otro DATA_DIR\n/,
    );
    expect(error.message).toMatch(/\nNo se ha restaurado nada: la base de datos y la carpeta de archivos/);
    expect(existsSync(pgliteDirFor(dataDir))).toBe(false);
    expect(existsSync(`${pgliteDirFor(dataDir)}.new`)).toBe(false);
    expect(tree(join(dataDir, 'uploads'))).toEqual(['items']); // the planted file; the staging is gone
    // Fixed, the same command restores everything.
    rmSync(join(dataDir, 'uploads'), { recursive: true });
    await restore({ env: envFor(dataDir), from: pgliteBackup });
    const server = await boot(dataDir);
    try {
      expect(await readBack(server.app, world)).toEqual(expectedNow);
      expect((await downloadFile(server.app, world)).equals(world.file.bytes)).toBe(true);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('with S3_BUCKET the files go to the bucket, and an undone restore deletes what it put there', async () => {
    const dataDir = tempDir('crw-tools-s3-restore-');
    const env = envFor(dataDir, s3Env('restaurado'));
    const client = s3Client(s3Endpoint);
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: 'restaurado' }))).Contents ?? []).map(
        (o) => o.Key,
      );
    try {
      const error = await refusal(
        restore({
          env,
          from: pgliteBackup,
          beforePlacingFiles: () => {
            throw new Error('fallo inyectado');
          },
        }),
      );
      expect(error.message).toBe(
        'Error inesperado: fallo inyectado\nNo se ha restaurado nada: la base de datos y la carpeta de archivos (o el bucket) quedan como estaban.',
      );
      expect(await keys()).toEqual([]);
      expect(existsSync(pgliteDirFor(dataDir))).toBe(false);
      await restore({ env, from: pgliteBackup });
      expect(await keys()).toEqual([world.file.s3Key]);
      const object = await client.send(new GetObjectCommand({ Bucket: 'restaurado', Key: world.file.s3Key }));
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(world.file.bytes)).toBe(true);
      expect(object.ContentType).toBe('text/plain');
      expect(existsSync(join(pgliteDirFor(dataDir), 'PG_VERSION'))).toBe(true);
      expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
    } finally {
      client.destroy();
    }
  }, 120_000);

  it('a failure the tools did not foresee prints its message and a hint; the stack only with DEBUG=1', async () => {
    const refused = new RefusedError('La copia está dañada');
    expect(failureText(refused, false)).toBe('La copia está dañada');
    const unexpected = new Error('EPERM: operation not permitted', { cause: new Error('origen') });
    expect(failureText(unexpected, false)).toBe(
      'Error inesperado: EPERM: operation not permitted\n' +
        'Vuelve a ejecutarlo con DEBUG=1 para ver el detalle técnico, y compártelo si pides ayuda.',
    );
    const debug = failureText(unexpected, true);
    expect(debug).toMatch(/^Error inesperado: EPERM: operation not permitted\nError: EPERM/);
    expect(debug).toMatch(/\n\s+at /);
    expect(debug).toContain('Error: origen');
    // Through the real command: a backup folder where even root cannot write.
    const out = `/sys/crw-backup-${randomUUID()}`;
    const plain = await npmRun('backup', ['--out', out], { DATA_DIR: sourceDir });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/^Error inesperado: E(PERM|ROFS|ACCES).*\nVuelve a ejecutarlo con DEBUG=1/);
    expect(plain.stderr).not.toMatch(/^\s+at /m);
    const verbose = await npmRun('backup', ['--out', out], { DATA_DIR: sourceDir, DEBUG: '1' });
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toMatch(/^\s+at .*backup/m);
  }, 120_000);

  describe.runIf(withPostgres)('on PostgreSQL', () => {
    let pgBackup: string;
    const footprintOf = (url: string) => withClient(url, footprint);

    beforeAll(async () => {
      const url = await newPostgresDatabase();
      await moveToPostgres({ env: envFor(sourceDir), to: url });
      pgBackup = join(tempDir('crw-tools-aon-pg-'), 'pg');
      await backup({ env: envFor(sourceDir, { DATABASE_URL: url }), out: pgBackup });
    }, 120_000);

    it('refuses a database with any table of its own, empty ones too: restore and db:move alike', async () => {
      const stray = await newPostgresDatabase();
      await withClient(stray, (c) => c.query('create table users (id integer)'));
      const migrated = await newPostgresDatabase();
      await (await openDatabase({ databaseUrl: migrated })).close(); // a server started there once: no rows
      for (const url of [stray, migrated]) {
        const before = await footprintOf(url);
        const dataDir = tempDir('crw-tools-pg-refused-');
        const restoreError = await refusal(
          restore({ env: envFor(dataDir, { DATABASE_URL: url }), from: pgBackup }),
        );
        const moveError = await refusal(moveToPostgres({ env: envFor(sourceDir), to: url }));
        for (const [error, command] of [
          [restoreError, 'npm run restore'],
          [moveError, 'npm run db:move'],
        ] as const) {
          expect(error).toBeInstanceOf(RefusedError);
          expect(error.message).toMatch(
            new RegExp(
              `^La base de datos de destino postgres://.+ no está vacía: ya tiene (la tabla «users»|las tablas «.+» y \\d+ más)\\. ${command} solo escribe en una base de datos PostgreSQL nueva`,
            ),
          );
        }
        expect(await footprintOf(url)).toEqual(before);
        expect(tree(dataDir)).toEqual([]);
      }
    }, 120_000);

    it('a pg_restore that fails takes the staged files back out; the database stays as it was', async () => {
      const url = await newPostgresDatabase();
      // Not a table, so not refused up front: the dump's function of the same name makes pg_restore fail.
      await withClient(url, (c) =>
        c.query(
          'create function cycle_item_tally() returns trigger language plpgsql as $$ begin return new; end $$',
        ),
      );
      const before = await footprintOf(url);
      const dataDir = tempDir('crw-tools-pg-failed-');
      const failed = await npmRun('restore', [pgBackup], { DATA_DIR: dataDir, DATABASE_URL: url });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(
        /^pg_restore no pudo restaurar la copia en postgres:\/\/\S+ \(PostgreSQL respondió: function "cycle_item_tally" already exists/,
      );
      expect(failed.stderr).toContain(
        '\nNo se ha restaurado nada: la base de datos y la carpeta de archivos',
      );
      expect(failed.stderr).not.toMatch(/^\s+at /m);
      expect(failed.stdout).toMatch(/Archivos en .*restoring-/); // the files were staged first
      expect(tree(dataDir)).toEqual([]);
      expect(await footprintOf(url)).toEqual(before);
    }, 120_000);

    it('files that fail after pg_restore committed: everything it created is dropped again', async () => {
      const url = await newPostgresDatabase();
      const empty = await footprintOf(url);
      const dataDir = tempDir('crw-tools-pg-undo-');
      const planted = join(dataDir, 'uploads', 'items');
      const error = await refusal(
        restore({
          env: envFor(dataDir, { DATABASE_URL: url }),
          from: pgBackup,
          beforePlacingFiles: async () => {
            expect(await countRows(url, 'users')).toBeGreaterThan(0); // the database was written
            writeFileSync(planted, 'estorbo');
          },
        }),
      );
      expect(error.message).toMatch(/\nNo se ha restaurado nada: la base de datos y la carpeta de archivos/);
      expect(await footprintOf(url)).toEqual(empty); // tables, functions, pg_trgm and schema drizzle gone
      expect(tree(join(dataDir, 'uploads'))).toEqual(['items']);
      rmSync(planted);
      await restore({ env: envFor(dataDir, { DATABASE_URL: url }), from: pgBackup });
      const server = await boot(dataDir, url);
      try {
        expect((await downloadFile(server.app, world)).equals(world.file.bytes)).toBe(true);
        expect(await countRows(url, 'users')).toBe(3);
      } finally {
        await server.close();
      }
    }, 120_000);

    it('a db:move that fails after the migrations drops what it created', async () => {
      // A copy of the embedded database with a table the project's migrations never make.
      const dataDir = tempDir('crw-tools-extra-');
      cpSync(pgliteDirFor(sourceDir), pgliteDirFor(dataDir), { recursive: true });
      const source = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
      await (source.db as unknown as { $client: { exec(sql: string): Promise<unknown> } }).$client.exec(
        'create table later_notes (id integer primary key)',
      );
      await source.close();
      const url = await newPostgresDatabase();
      const empty = await footprintOf(url);
      const error = await refusal(moveToPostgres({ env: envFor(dataDir), to: url }));
      expect(error.message).toBe(
        'El destino no tiene las tablas later_notes: las migraciones del destino no coinciden con el origen\n' +
          `No se ha movido nada: ${url} queda como estaba.`,
      );
      expect(await footprintOf(url)).toEqual(empty);
    }, 120_000);
  });
});

function s3Client(endpoint: string) {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}
