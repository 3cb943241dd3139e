import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env.ts';
import { backup } from '../../src/tools/db-tools.ts';
import { footprint, withClient } from '../../src/tools/pg-target.ts';
import {
  boot,
  type CommandRun,
  downloadFile,
  fill,
  npmRun,
  readBack,
  type World,
} from '../support/db-tools-world.ts';
import { startServer } from '../support/server-process.ts';
import { assertNoCrash, freshDatabase, freshDir, withPostgres } from './support.ts';

/**
 * Restore and move are all or nothing (issue 45), through the real commands as a person types them
 * (`npm run restore`, `npm run db:move` at the repository root) against targets they cannot use: refused in
 * one Spanish sentence with exit code 1 and no stack, nothing written, and after the cause is fixed the same
 * command restores everything, read back identical (users, items, versions, comments, the file's bytes).
 *
 * The uploads folder that cannot be written is a regular FILE where `DATA_DIR/uploads` goes. The suite runs as
 * root on CI, and a 0555 folder does not stop root (it writes anyway), whereas a file in a folder's place stops
 * every user, root included, the same way on every machine.
 */

const noStack = (run: CommandRun) => {
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect(run.stderr).not.toMatch(/Failed query|Error:/);
};

const fileInsteadOfFolder = 'un archivo donde va la carpeta de archivos';

/** A filled data folder (PGlite, or PostgreSQL at `databaseUrl` with the uploads here) and its backup. */
async function filledBackup(databaseUrl?: string) {
  const dataDir = freshDir('crw-fault-restore-src-');
  const source = await boot(dataDir, databaseUrl);
  let world: World;
  let expected: Record<string, unknown>;
  try {
    world = await fill(source.app);
    expected = await readBack(source.app, world);
  } finally {
    await source.close();
  }
  const out = join(freshDir('crw-fault-restore-bk-'), 'copia');
  await backup({
    env: loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    out,
  });
  return { dataDir, world, expected, out };
}

describe('restore into an uploads folder that cannot be written', () => {
  let pglite: Awaited<ReturnType<typeof filledBackup>>;

  beforeAll(async () => {
    pglite = await filledBackup();
  }, 120_000);

  it('PGlite: refused before anything is written; fixed, the same command restores everything', {
    timeout: 240_000,
  }, async () => {
    const dataDir = freshDir('crw-fault-restore-');
    const uploads = join(dataDir, 'uploads');
    writeFileSync(uploads, fileInsteadOfFolder);
    const refused = await npmRun('restore', [pglite.out], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `No se puede escribir en ${uploads}: es un archivo, no una carpeta; muévelo o usa otro DATA_DIR`,
    );
    noStack(refused);
    // No database, no lock, no staging: the folder is as it was.
    expect(readdirSync(dataDir)).toEqual(['uploads']);
    expect(readFileSync(uploads, 'utf8')).toBe(fileInsteadOfFolder);

    rmSync(uploads);
    const restored = await npmRun('restore', [pglite.out], { DATA_DIR: dataDir });
    expect(restored.code, restored.stderr).toBe(0);
    const copy = await boot(dataDir);
    try {
      expect(await readBack(copy.app, pglite.world)).toEqual(pglite.expected);
      expect((await downloadFile(copy.app, pglite.world)).equals(pglite.world.file.bytes)).toBe(true);
    } finally {
      await copy.close();
    }
    // The real server runs on what was restored, with the same sessions.
    const server = await startServer({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '1000' }, 90_000);
    try {
      const users = await fetch(`${server.url}/api/users`, { headers: pglite.world.admin.headers });
      expect(users.status).toBe(200);
      expect(JSON.stringify(await users.json())).toContain(pglite.world.client.email);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    assertNoCrash(server);
  });

  describe.runIf(withPostgres())('on PostgreSQL', () => {
    let postgres: Awaited<ReturnType<typeof filledBackup>>;
    const footprintOf = (url: string) => withClient(url, footprint);

    beforeAll(async () => {
      postgres = await filledBackup(await freshDatabase('crw_fault_restore_src'));
    }, 120_000);

    it('refused before anything is written, the database left empty; fixed, the same command restores everything', async () => {
      const target = await freshDatabase('crw_fault_restore');
      const empty = await footprintOf(target);
      const dataDir = freshDir('crw-fault-restore-pg-');
      const uploads = join(dataDir, 'uploads');
      writeFileSync(uploads, fileInsteadOfFolder);
      const env = { DATA_DIR: dataDir, DATABASE_URL: target };
      const refused = await npmRun('restore', [postgres.out], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `No se puede escribir en ${uploads}: es un archivo, no una carpeta; muévelo o usa otro DATA_DIR`,
      );
      noStack(refused);
      expect(await footprintOf(target)).toEqual(empty);
      expect(readdirSync(dataDir)).toEqual(['uploads']);

      rmSync(uploads);
      const restored = await npmRun('restore', [postgres.out], env);
      expect(restored.code, restored.stderr).toBe(0);
      const copy = await boot(dataDir, target);
      try {
        expect(await readBack(copy.app, postgres.world)).toEqual(postgres.expected);
        expect((await downloadFile(copy.app, postgres.world)).equals(postgres.world.file.bytes)).toBe(true);
      } finally {
        await copy.close();
      }
    }, 240_000);

    it('db:move into a database with a stray empty users table: refused in Spanish, the target untouched', async () => {
      const target = await freshDatabase('crw_fault_move');
      await withClient(target, (c) => c.query('create table users (id integer)'));
      const before = await footprintOf(target);
      const refused = await npmRun('db:move', ['--to', target], { DATA_DIR: pglite.dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `La base de datos de destino ${target} no está vacía: ya tiene la tabla «users». npm run db:move solo ` +
          'escribe en una base de datos PostgreSQL nueva, sin ninguna tabla (aunque estén vacías): crea una ' +
          '(p. ej. `createdb estudio`) y vuelve a intentarlo.',
      );
      noStack(refused);
      expect(await footprintOf(target)).toEqual(before);
      expect(
        await withClient(
          target,
          async (c) => (await c.query('select count(*)::int as n from users')).rows[0].n,
        ),
      ).toBe(0);
    }, 120_000);
  });
});
