#!/usr/bin/env node
/**
 * The size budgets of the built app (`npm test`'s budgets suite, after the build):
 * 1. size-limit (`.size-limit.mjs`, budgets from scripts/budgets.mjs) measures every route, the editor, /design
 *    and the first load, gzip, and fails when one is over;
 * 2. what size-limit cannot express: no budgeted chunk is in the first load, and no chunk carries Storybook's or
 *    Testing Library's code (the /design route renders stories without them); each route's shared chunks are
 *    reported beside its own.
 * Exits non-zero when anything is over or wrong.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { analyse, dist, readManifest, root } from './budgets.mjs';

let manifest;
try {
  manifest = readManifest();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const sizeLimit = spawnSync('npx', ['size-limit'], { cwd: root, stdio: 'inherit' });
let failed = sizeLimit.status === 0 ? 0 : 1;
console.log(sizeLimit.status === 0 ? '✓ size-limit: todo dentro de su presupuesto' : '✗ size-limit falló');

const { checks } = analyse(manifest);
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const c of checks) {
  if (c.missing) {
    console.log(`✗ ${c.name}: no hay un chunk para ${c.source}`);
    failed += 1;
    continue;
  }
  if (c.inFirstLoad) failed += 1;
  const shared = c.shared.reduce((sum, f) => sum + gz(f), 0);
  console.log(
    `${c.inFirstLoad ? '✗' : '✓'} ${c.name}: ${c.inFirstLoad ? 'está en la carga inicial' : 'fuera de la carga inicial'}` +
      `${c.whole ? '' : ` (+ ${kb(shared)} compartidos con otras pantallas)`} — ${c.file}`,
  );
}
// Storybook's runtime (storybook/test, @storybook/*, Testing Library) never ships: read from the source maps.
const testRuntime = /node_modules\/(storybook|@storybook|@testing-library|@vitest)\//;
const files = Object.values(manifest)
  .map((e) => e.file)
  .filter((f) => f.endsWith('.js') && existsSync(join(dist, `${f}.map`)));
const leaks = files.filter((f) =>
  JSON.parse(readFileSync(join(dist, `${f}.map`), 'utf8')).sources.some((s) => testRuntime.test(s)),
);
if (leaks.length > 0) failed += 1;
console.log(
  leaks.length > 0
    ? `✗ el código de Storybook o de Testing Library está en ${leaks.join(', ')}`
    : `✓ ningún chunk lleva código de Storybook ni de Testing Library (${files.length} revisados)`,
);
process.exit(failed > 0 ? 1 : 0);
