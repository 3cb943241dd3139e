#!/usr/bin/env node
/**
 * After CI's fallback `npm install` (see .ci/run): the lockfile it wrote must match the committed one, except for
 * optional packages built for other platforms. The registry this machine reaches serves some of those and not
 * others, and which ones has changed over time; npm records whichever it could resolve. Any other difference
 * (a version, an integrity hash, a package added or dropped for this platform) fails.
 *
 * Usage: node scripts/check-lockfile.mjs   (compares `git show HEAD:package-lock.json` with the working copy)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/** npm's own rule: a list of platforms matches unless it names this one negated or does not name it at all. */
function matches(list, value) {
  if (!Array.isArray(list) || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const positive = list.filter((entry) => !entry.startsWith('!'));
  return positive.length === 0 || positive.includes(value);
}

/** This machine's C library, as npm tells them apart (only meaningful on Linux). */
const thisLibc = () => (process.report?.getReport().header.glibcVersionRuntime ? 'glibc' : 'musl');

/** An optional package npm would never install here: its `os`, `cpu` or `libc` excludes this machine. */
export const foreign = (entry, platform = process.platform, arch = process.arch, libc = thisLibc()) =>
  entry?.optional === true &&
  (!matches(entry.os, platform) ||
    !matches(entry.cpu, arch) ||
    (platform === 'linux' && !matches(entry.libc, libc)));

/** The difference between two lockfiles, leaving out foreign optional packages; empty when they agree. */
export function lockfileDifferences(committed, installed) {
  const differences = [];
  for (const key of ['name', 'version', 'lockfileVersion', 'requires']) {
    if (!isDeepStrictEqual(committed[key], installed[key])) differences.push(`campo ${key}`);
  }
  const a = committed.packages ?? {};
  const b = installed.packages ?? {};
  for (const path of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (isDeepStrictEqual(a[path], b[path])) continue;
    // Present on one side only, and foreign: the registry's coverage, not a change of dependencies.
    if ((a[path] === undefined && foreign(b[path])) || (b[path] === undefined && foreign(a[path]))) continue;
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
    'package-lock.json coincide con lo instalado (salvo paquetes opcionales de otras plataformas).',
  );
}
