import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup: the tests that start the real server process run what `npm start` runs, the compiled
 * `dist/server.js`, so it is built once (about a second) before any test file.
 */
export default function buildServer() {
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: 'inherit',
  });
}
