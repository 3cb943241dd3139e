#!/usr/bin/env node
/**
 * `npm test`: every suite, one after another (2 cores), each with a JSON report; then one closing line
 * `N passed, M failed` summing them all. Exits non-zero when anything failed or a suite could not run.
 *
 * Suites: server (PGlite, and PostgreSQL when DATABASE_URL is set), faults (test:faults), api-client, app (unit), ui (stories in
 * Chromium + unit), end-to-end (Playwright + Chromium against the built server), and the size budgets of the
 * build. Each end-to-end spec runs once: on PGlite, unless it is tagged `@pg` (it exercises what differs on
 * PostgreSQL and Redis: several instances behind a balancer, the job queue, notifications through the Redis
 * adapter). When DATABASE_URL is set those run in the e2e-pg suite on PostgreSQL and Redis, and the e2e suite
 * runs the rest; without it the e2e suite runs them all on PGlite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'node_modules', '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
const suites = [
  { name: 'server', cwd: 'packages/server', kind: 'vitest' },
  // Faults of the real parts injected into real server processes (issue 45): its own redis-server and databases;
  // the PostgreSQL and Redis cases need DATABASE_URL and redis-server, and fail on CI without them.
  { name: 'faults', cwd: 'packages/server', kind: 'vitest', args: ['--config', 'vitest.faults.config.ts'] },
  { name: 'api-client', cwd: 'packages/api-client', kind: 'vitest' },
  { name: 'app', cwd: 'packages/app', kind: 'vitest' },
  { name: 'ui', cwd: 'packages/ui', kind: 'vitest' },
  { name: 'e2e', cwd: 'tests', kind: 'playwright' },
  // The end-to-end specs tagged @pg, against the machine's PostgreSQL and Redis, when they are configured (CI).
  ...(process.env.DATABASE_URL ? [{ name: 'e2e-pg', cwd: 'tests', kind: 'playwright', postgres: true }] : []),
  // Size budgets of the built chunks (after the build the e2e suite needs anyway).
  { name: 'budgets', cwd: '.', kind: 'node', args: ['scripts/check-budgets.mjs'] },
  // The repository's own checks have tests too (the single-source check of `npm run check`).
  {
    name: 'scripts',
    cwd: '.',
    kind: 'node',
    args: [
      '--test',
      ...readdirSync(join(root, 'scripts'))
        .filter((f) => f.endsWith('.test.mjs'))
        .map((f) => `scripts/${f}`),
    ],
  },
].filter((s) => only.length === 0 || only.includes(s.name));

const run = (cmd, args, opts = {}) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}${opts.cwd ? `   (${opts.cwd})` : ''}`);
  return spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: join(root, opts.cwd ?? '.'),
    env: { ...process.env, ...opts.env },
  });
};

if (suites.some((s) => s.kind === 'playwright' || s.name === 'budgets')) {
  // The SPA and the compiled server, unless they are already built from these sources (.ci/run builds first).
  const build = run('node', ['scripts/build.mjs', '--if-stale']);
  if (build.status !== 0) {
    console.error('La compilación falló: no se pueden ejecutar las pruebas de extremo a extremo.');
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
}

async function runPlaywright(suite, out) {
  if (!suite.postgres) {
    const rest = process.env.DATABASE_URL ? ['--grep-invert', '@pg'] : [];
    return run('npx', ['playwright', 'test', ...rest], { cwd: suite.cwd, env: { PW_JSON_OUTPUT: out } });
  }
  // A new database on the configured PostgreSQL server for this suite, dropped afterwards.
  const { freshDatabase } = await import('./fresh-database.mjs');
  const database = await freshDatabase(process.env.DATABASE_URL, 'crw_e2e');
  try {
    return run('npx', ['playwright', 'test', '--grep', '@pg'], {
      cwd: suite.cwd,
      env: {
        PW_JSON_OUTPUT: out,
        E2E_DATABASE_URL: database.url,
        E2E_REDIS_URL: process.env.REDIS_URL ?? '',
        E2E_PORT: '3101',
        // The scale-out spec: two compiled instances on this database and Redis behind Debian's HAProxy.
        E2E_SCALE: '1',
      },
    });
  } finally {
    await database.drop();
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
/** A duration as the summary prints it: `42 s`, `3 min 05 s`. */
const duration = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};
const started = Date.now();
for (const suite of suites) {
  const out = join(reports, `${suite.name}.json`);
  const suiteStarted = Date.now();
  const took = () => duration(Date.now() - suiteStarted).padStart(10);
  if (suite.kind === 'node') {
    const ok = run('node', suite.args, { cwd: suite.cwd }).status === 0;
    passed += ok ? 1 : 0;
    failed += ok ? 0 : 1;
    lines.push(`  ${suite.name.padEnd(11)} ${took()}   ${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
    continue;
  }
  const result =
    suite.kind === 'vitest'
      ? run(
          'npx',
          [
            'vitest',
            'run',
            ...(suite.args ?? []),
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${out}`,
          ],
          { cwd: suite.cwd },
        )
      : await runPlaywright(suite, out);
  let p = 0;
  let f = 0;
  let s = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    if (suite.kind === 'vitest') {
      p = report.numPassedTests ?? 0;
      f = report.numFailedTests ?? 0;
      // A file that failed to load has no failing test of its own: count the file.
      if (f === 0) f = report.numFailedTestSuites ?? 0;
      s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    } else {
      p = report.stats?.expected ?? 0;
      f = (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) + (report.errors?.length ?? 0);
      s = report.stats?.skipped ?? 0;
    }
  }
  if (result.status !== 0 && f === 0) f = 1; // the runner failed without a failing test: count it
  if (p + f === 0) f = 1; // a suite that ran nothing is a failure, never a silent pass
  passed += p;
  failed += f;
  skipped += s;
  lines.push(`  ${suite.name.padEnd(11)} ${took()}   ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
}

console.log('\nResumen por suite:');
console.log(lines.join('\n'));
console.log(`  ${'total'.padEnd(11)} ${duration(Date.now() - started).padStart(10)}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
