import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leadingEnv, startEnv, startScript } from '../../../scripts/start-env.mjs';
import { freePort } from './support/server-process.ts';

/**
 * The server runs one way however it is started (scripts/start-env.mjs): the environment its start script sets
 * before `node` is set the same by the root's `npm start` and `npm run demo`, the package's demo and the image,
 * and reaches the server's process when the start script runs it.
 */
const root = join(import.meta.dirname, '../../..');
const scripts = (dir: string) =>
  (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
/** The environment of the command that runs the compiled server within a script (after its last `&&`). */
const serverCommandEnv = (script: string) => leadingEnv(script.split('&&').at(-1)!);

describe('the start environment', () => {
  it('is glibc’s trim threshold, fixed at its default (128 KiB)', () => {
    expect(startEnv()).toEqual({ MALLOC_TRIM_THRESHOLD_: '131072' });
    expect(leadingEnv('A=1 B=x node dist/server.js C=2')).toEqual({ A: '1', B: 'x' });
    expect(leadingEnv('node dist/server.js')).toEqual({});
  });

  it('is the same in every script and in the image', () => {
    const env = startEnv();
    const rootScripts = scripts('.');
    const serverScripts = scripts('packages/server');
    for (const script of [rootScripts.start!, rootScripts.demo!, serverScripts.demo!]) {
      expect(script).toMatch(/node (packages\/server\/)?dist\/server\.js/);
      expect(serverCommandEnv(script), script).toEqual(env);
    }
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const [name, value] of Object.entries(env)) expect(runtime).toContain(`${name}=${value}`);
  });

  describe('the start script, run as npm runs it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crw-start-env-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('starts the server with that environment', async () => {
      const port = await freePort();
      const shell = spawn('sh', ['-c', startScript()], {
        cwd: join(root, 'packages/server'),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          JWT_SECRET: 's'.repeat(40),
        },
        stdio: 'ignore',
        // Its own process group: the shell and the server it starts are stopped together (a shell that forks the
        // server rather than running it in its place would leave it running once killed alone).
        detached: true,
      });
      let node: number | undefined;
      try {
        const deadline = Date.now() + 60_000;
        let up = false;
        while (!up && Date.now() < deadline) {
          up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (!up) await new Promise((r) => setTimeout(r, 100));
        }
        expect(up).toBe(true);
        // The server's process: the shell itself when it ran the command in its place, else its child.
        const pid = shell.pid!;
        node = readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('node')
          ? pid
          : Number(readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0]);
        const environ = readFileSync(`/proc/${node}/environ`, 'utf8').split('\0');
        for (const [name, value] of Object.entries(startEnv())) expect(environ).toContain(`${name}=${value}`);
      } finally {
        const exited = new Promise((r) => shell.once('exit', r));
        process.kill(-shell.pid!, 'SIGTERM');
        await exited;
        // The server stops gracefully (within its 5 s): gone before its data folder is removed.
        const deadline = Date.now() + 15_000;
        while (node !== undefined && existsSync(`/proc/${node}`) && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 100));
        if (node !== undefined)
          expect(existsSync(`/proc/${node}`), 'el servidor sigue en marcha').toBe(false);
      }
    }, 90_000);
  });
});
