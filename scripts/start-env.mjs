/**
 * The environment the server's start script (`packages/server/package.json`, `start`) sets before `node`: its
 * leading `NAME=value` words. Everything that starts the compiled server some other way (the root `npm start`,
 * the demo, the image, the tests' instances, the benchmark's children) takes them from here or is checked
 * against them (packages/server/test/start-env.test.ts), so the server runs one way everywhere.
 *
 * Today one glibc setting: `MALLOC_TRIM_THRESHOLD_=131072`, glibc's own default trim threshold, fixed. Left
 * dynamic, glibc raises it (up to 64 MB) the first time a large block is freed, and from then on keeps freed C
 * heap instead of handing it back: an embedded-database server that connected 1,000 sockets and broadcast to
 * them kept ~15 MB more RSS, and idled ~50 MB higher (docs/decisions.md, issue 30).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The server package's start script, as written. */
export function startScript() {
  const pkg = JSON.parse(readFileSync(join(root, 'packages/server/package.json'), 'utf8'));
  return pkg.scripts.start;
}

/** The leading `NAME=value` words of a shell command, as an environment. */
export function leadingEnv(command) {
  const env = {};
  for (const word of command.trim().split(/\s+/)) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(\S*)$/.exec(word);
    if (!match) break;
    env[match[1]] = match[2];
  }
  return env;
}

/** The environment the start script gives the server. */
export function startEnv() {
  return leadingEnv(startScript());
}
