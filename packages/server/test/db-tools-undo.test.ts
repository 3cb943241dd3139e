/**
 * Issue 45: restore and db:move, through the real commands, are all or nothing: every target is checked before
 * anything is written, a refusal says what to fix, and a failure after the first write takes back what was
 * written (PGlite folders, S3 objects, PostgreSQL tables). Runs once (the PGlite project); the PostgreSQL part
 * needs DATABASE_URL, and on CI (CI=true) its absence is a failure, never a skip. The move and the backups
 * themselves are in db-tools-move-backup.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { loadEnv } from '../src/env.ts';
import { RefusedError } from '../src/tools/db-copy.ts';
import { backup, moveToPostgres, restore } from '../src/tools/db-tools.ts';
import { failureText } from '../src/tools/failures.ts';
import { footprint, withClient } from '../src/tools/pg-target.ts';
import {
  countRows,
  dbToolsSource,
  newPostgresDatabase,
  s3Client,
  tempDir,
  withPostgres,
} from './support/db-tools-source.ts';
import { boot, downloadFile, npmRun, readBack, type World } from './support/db-tools-world.ts';

const source = dbToolsSource();
let sourceDir: string, world: World;
beforeAll(() => {
  ({ sourceDir, world } = source.current());
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
