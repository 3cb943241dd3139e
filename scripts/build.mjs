#!/usr/bin/env node
/**
 * `npm run build`: the SPA (design system + app, with its service worker) and the server compiled ahead of time
 * (`packages/server/dist/server.js`). Each output gets a stamp: a hash of every input that shapes it.
 *
 * `node scripts/build.mjs --if-stale` (what `npm start` and `npm run demo` run first) builds only what is missing
 * or whose inputs changed since its stamp, so a second start is immediate.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const skip = new Set(['node_modules', 'dist', '__screenshots__', '.vitest-attachments', 'test-results']);

/** What each output is made from (folders walked, files read), where it lands and how it is made. */
const targets = [
  {
    name: 'app',
    inputs: [
      'packages/app',
      'packages/ui/src',
      'packages/ui/package.json',
      'packages/api-client/src',
      'packages/api-client/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
      'tailwind.config.ts',
      'tsconfig.base.json',
      'package-lock.json',
    ],
    stamp: 'packages/app/dist/.build-stamp',
    build: [
      ['npm', ['run', 'build', '-w', '@crw/ui', '--if-present']],
      ['npm', ['run', 'build', '-w', '@crw/app']],
    ],
  },
  {
    name: 'server',
    inputs: [
      'packages/server/src',
      'packages/server/scripts/build.mjs',
      'packages/server/package.json',
      'packages/contracts/src',
      'packages/contracts/package.json',
      'package-lock.json',
    ],
    stamp: 'packages/server/dist/.build-stamp',
    build: [['npm', ['run', 'build', '-w', '@crw/server']]],
  },
];

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !skip.has(entry.name))
    .flatMap((entry) => files(join(path, entry.name)));
}

function inputsHash(target) {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap(files).sort()) {
    hash.update(relative(root, join(root, file)));
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const ifStale = process.argv.includes('--if-stale');
for (const target of targets) {
  const stampPath = join(root, target.stamp);
  const hash = inputsHash(target);
  if (ifStale && existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === hash) continue;
  if (ifStale) console.log(`Compilando ${target.name} (falta o cambió desde la última compilación)…`);
  for (const [cmd, args] of target.build) {
    const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  writeFileSync(stampPath, `${hash}\n`);
}
