#!/usr/bin/env node
/**
 * After CI's fallback `npm install` (see .ci/run): the lockfile it wrote must match the committed one, except for
 * optional packages (other platforms' binaries, a WebAssembly fallback and what it bundles). The registry this
 * machine reaches serves some of those and not others, and which ones has changed from one hour to the next; npm
 * records whichever it could resolve. Any other difference (a version, an integrity hash, a package that is not
 * optional added or dropped) fails.
 *
 * Usage: node scripts/check-lockfile.mjs   (compares `git show HEAD:package-lock.json` with the working copy)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/**
 * The difference between two lockfiles, leaving out optional packages listed on one side only; empty when they
 * agree. Such an entry is the registry's coverage, not a change of dependencies: a changed dependency changes its
 * parent's entry (or the root's), which is compared, and so does a new optional dependency.
 */
export function lockfileDifferences(committed, installed) {
  const differences = [];
  for (const key of ['name', 'version', 'lockfileVersion', 'requires']) {
    if (!isDeepStrictEqual(committed[key], installed[key])) differences.push(`campo ${key}`);
  }
  const a = committed.packages ?? {};
  const b = installed.packages ?? {};
  for (const path of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (isDeepStrictEqual(a[path], b[path])) continue;
    const oneSided = a[path] === undefined ? b[path] : b[path] === undefined ? a[path] : undefined;
    if (oneSided?.optional === true) continue;
    differences.push(path || '(raíz)');
  }
  return differences;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const committed = JSON.parse(execFileSync('git', ['show', 'HEAD:package-lock.json'], { encoding: 'utf8' }));
  const installed = JSON.parse(readFileSync('package-lock.json', 'utf8'));
  const differences = lockfileDifferences(committed, installed);
  if (differences.length > 0) {
    console.error(
      `package-lock.json no coincide con lo que instala npm install (${differences.length} entradas):\n  ${differences.slice(0, 30).join('\n  ')}`,
    );
    console.error("Ejecuta 'npm install' y confirma el package-lock.json resultante.");
    process.exit(1);
  }
  console.log(
    'package-lock.json coincide con lo instalado (salvo paquetes opcionales que el registro sirve o no).',
  );
}
