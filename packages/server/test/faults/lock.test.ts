import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runServerToExit } from '../support/server-process.ts';
import { assertNoCrash, freshDir, launch, onCi, signIn, until } from './support.ts';

/**
 * The embedded database's lock is the kernel's (issue 45): a restart after `kill -9` comes up even when the new
 * process has the dead one's PID, as PID 1 of a container does; a second live server is still refused.
 */
const password = 'contraseña-del-cerrojo-1';

/** `unshare --pid` needs root (CI runs as root); a laptop without it skips, CI never does. */
function canUnshare(): boolean {
  try {
    execFileSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    if (onCi) throw new Error('CI=true y unshare --pid no funciona: esta prueba necesita root');
    return false;
  }
}

const inNamespace = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];

/** The node process under `unshare` (its only child): the one to kill. */
const childOf = (pid: number) =>
  Number(
    execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')[0],
  );

describe.runIf(canUnshare())('the embedded database lock', () => {
  it('kill -9 of PID 1 in a PID namespace, then a restart in another: it comes up with every write', {
    timeout: 240_000,
  }, async () => {
    const dataDir = freshDir();
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: password };
    const first = await launch(env, 60_000, { prefix: inNamespace });
    const token = await signIn(first.url, 'admin@example.com', password);
    const created = await fetch(`${first.url}/api/portfolios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        identifier: 'antes-del-kill',
        accountData: { businessName: 'Antes del kill' },
        productionCycleData: { pilaresContenido: ['A'], angulosVenta: ['X'], formatosCreativos: ['Reel'] },
      }),
    });
    expect(created.status).toBe(201);
    // The lock file names the owner as its namespace sees it: PID 1.
    expect(readFileSync(join(dataDir, 'db.lock'), 'utf8')).toBe('1');

    const node = childOf(first.child.pid!);
    process.kill(node, 'SIGKILL');
    await first.exited;

    const second = await launch(env, 60_000, { prefix: inNamespace });
    try {
      const again = await signIn(second.url, 'admin@example.com', password);
      const list = (await (
        await fetch(`${second.url}/api/portfolios`, { headers: { authorization: `Bearer ${again}` } })
      ).json()) as Array<{ identifier: string }>;
      expect(list.map((p) => p.identifier)).toContain('antes-del-kill');
      expect(readFileSync(join(dataDir, 'db.lock'), 'utf8')).toBe('1');

      // A second live server on the same folder: refused, naming the owner as the lock file has it.
      const refused = await runServerToExit({ ...env, PORT: '0' }, 30_000);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('ya está en uso por otro servidor (PID 1)');
      expect(refused.output).not.toMatch(/\n\s+at /); // a sentence, not a stack
      await until(async () => (await fetch(`${second.url}/api/health`)).ok, 'el primero sigue en marcha');
      assertNoCrash(second);
    } finally {
      // unshare does not pass signals on: the server (its child) is told directly, and unshare exits with its code.
      process.kill(childOf(second.child.pid!), 'SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });
});
