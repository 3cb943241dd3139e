import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '../src/db/client.ts';
import { testDb } from './helpers.ts';
import { freshPostgres } from './support/postgres.ts';
import { runServerToExit, type ServerProcess, startServer } from './support/server-process.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crw-durability-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The embedded database's own guarantees: defined only in the PGlite project (never a silent skip). */
const pgliteOnly = (name: string, fn: () => unknown, timeout?: number) => {
  if (testDb === 'pglite') it(name, fn, timeout);
};

const admin = { ADMIN_PASSWORD: 'contraseña-duradera-1' };
const adminEmail = 'admin@example.com';

async function signIn(server: ServerProcess) {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: admin.ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

// Only on PGlite: the lock guards the embedded database (an empty suite elsewhere would be a failure).
if (testDb === 'pglite')
  describe('the embedded database is locked to one server', () => {
    pgliteOnly('refuses a second open in the same process until the first closes', async () => {
      const dir = join(tempDir(), 'db');
      const first = await openDatabase({ pgliteDir: dir });
      await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await first.close();
      const again = await openDatabase({ pgliteDir: dir });
      await again.close();
    });

    pgliteOnly(
      'a first start makes its data folder in a child process: in place, nothing left beside it, the server stays small',
      async () => {
        const dataDir = tempDir();
        // An empty folder already there (a volume's mount point) is taken as a new one.
        mkdirSync(join(dataDir, 'db'));
        const server = await startServer({ DATA_DIR: dataDir, ...admin });
        try {
          await signIn(server);
          expect(readdirSync(dataDir).filter((n) => n.startsWith('db'))).toEqual(['db', 'db.lock']);
          expect(readFileSync(join(dataDir, 'db', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
          // initdb grows PGlite's memory, which a process never gives back: made in the server, it started at
          // ~390 MB here; made in a child, ~235 MB, the size of a server that opened an existing folder.
          const rss =
            Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) *
            1024;
          expect(rss).toBeLessThan(320 * 1024 * 1024);
        } finally {
          expect(await server.stop()).toBe(0);
        }
        // And it opens again as it was.
        const again = await startServer({ DATA_DIR: dataDir, ...admin });
        try {
          await signIn(again);
        } finally {
          await again.stop();
        }
      },
      120_000,
    );

    pgliteOnly(
      'refuses a second server on the same DATA_DIR and takes over the lock of a killed one',
      async () => {
        const dataDir = tempDir();
        const first = await startServer({ DATA_DIR: dataDir, ...admin });
        try {
          const second = await runServerToExit({ DATA_DIR: dataDir, ...admin, PORT: '0' });
          expect(second.code).not.toBe(0);
          expect(second.output).toContain('ya está en uso por otro servidor');
          expect(second.output).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
        } finally {
          await first.stop('SIGKILL');
        }
        // The killed server's lock names a dead process: the next start takes it over.
        const third = await startServer({ DATA_DIR: dataDir, ...admin });
        await signIn(third);
        await third.stop();
      },
      // Three real start-ups (tsx, PGlite, migrations) on a machine busy with the other suites.
      180_000,
    );
  });

describe('acknowledged writes survive', () => {
  pgliteOnly(
    'PGlite fsyncs every commit (counted with strace)',
    () => {
      const strace = spawnSync('strace', ['-V']);
      if (strace.error) {
        if (process.env.CI === 'true') throw new Error('strace no está instalado (CI lo necesita)');
        return;
      }
      const dir = tempDir();
      const script = join(dir, 'commits.mts');
      writeFileSync(
        script,
        `import { openDatabase } from ${JSON.stringify(join(import.meta.dirname, '../src/db/client.ts'))};
       const database = await openDatabase({ pgliteDir: ${JSON.stringify(join(dir, 'db'))} });
       await database.db.execute('create table t (n int)');
       process.stdout.write('READY\\n');
       for (let i = 0; i < 20; i++) await database.db.execute('insert into t values (' + i + ')');
       process.stdout.write('DONE\\n');
       await database.close();`,
      );
      const trace = join(dir, 'trace.txt');
      const run = spawnSync(
        'strace',
        [
          '-f',
          '-qq',
          '-e',
          'trace=fsync,fdatasync',
          '-o',
          trace,
          process.execPath,
          '--import',
          'tsx',
          script,
        ],
        { cwd: join(import.meta.dirname, '..'), encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.stdout).toContain('DONE');
      const calls = readFileSync(trace, 'utf8')
        .split('\n')
        .filter((l) => /\bf(data)?sync\(/.test(l));
      // At least one durable flush per commit (the migrations and start-up add more).
      expect(calls.length).toBeGreaterThanOrEqual(20);
    },
    120_000,
  );

  it('loses no acknowledged write when the server is killed with SIGKILL mid-load', async () => {
    const env =
      testDb === 'pglite'
        ? { DATA_DIR: tempDir(), ...admin }
        : { DATA_DIR: tempDir(), DATABASE_URL: await freshPostgres(), ...admin };
    const server = await startServer(env);
    const headers = { ...(await signIn(server)), 'content-type': 'application/json' };
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const identifier = `durable-${w}-${i}`;
        try {
          const res = await fetch(`${server.url}/api/portfolios`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ identifier, accountData: { businessName: identifier } }),
          });
          if (res.status === 201) acknowledged.push(identifier);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect
      .poll(() => acknowledged.length, { timeout: 60_000, interval: 10 })
      .toBeGreaterThanOrEqual(40);
    server.child.kill('SIGKILL'); // while four writes are in flight
    stop = true;
    await Promise.all(writers);
    await server.exited;

    const restarted = await startServer(env);
    try {
      const auth = await signIn(restarted);
      const res = await fetch(`${restarted.url}/api/portfolios`, { headers: auth });
      const stored = new Set(((await res.json()) as Array<{ identifier: string }>).map((p) => p.identifier));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
      expect(lost).toEqual([]);
    } finally {
      await restarted.stop();
    }
  }, 180_000);
});
