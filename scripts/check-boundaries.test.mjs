/**
 * The import boundaries of .dependency-cruiser.cjs, tested on a small copy of the workspace's shape: the allowed
 * imports pass, and each planted violation fails with its own rule's name (so a rule that matches nothing, after a
 * rename or a typo in a path, fails here instead of passing quietly).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, test } from 'node:test';

const repo = resolve(import.meta.dirname, '..');
const roots = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * What the rules allow: the policy and db/ read the grants, a route calls a service through its domain's index,
 * a domain's files import each other directly and another domain through its index, the app a contract.
 */
const allowed = {
  'packages/server/src/db/schema/grants.ts': 'export const portfolioAccess = {};',
  'packages/server/src/db/client.ts':
    "import * as grants from './schema/grants.ts';\nexport const db = grants;",
  'packages/server/src/policy.ts':
    "import { portfolioAccess } from './db/schema/grants.ts';\nexport const p = portfolioAccess;",
  'packages/server/src/services/review/portfolios.ts':
    "import { p } from '../../policy.ts';\nexport const list = () => p;",
  'packages/server/src/services/review/comments.ts':
    "import { list } from './portfolios.ts';\nexport const comments = list;",
  'packages/server/src/services/review/index.ts':
    "export * from './comments.ts';\nexport * from './portfolios.ts';",
  'packages/server/src/services/agents/agents.ts':
    "import { list } from '../review/index.ts';\nexport const agents = list;",
  'packages/server/src/services/agents/index.ts': "export * from './agents.ts';",
  'packages/server/src/services/ports.ts':
    "import type { agents } from './agents/index.ts';\nexport type Ports = typeof agents;",
  'packages/server/src/routes/portfolios.ts':
    "import { list } from '../services/review/index.ts';\nexport const r = list;",
  'packages/server/src/plugins/realtime.ts':
    "import { list } from '../services/review/index.ts';\nexport const realtime = list;",
  'packages/contracts/src/events.ts': 'export const SOCKET_PATH = "/socket.io";',
  'packages/api-client/src/index.ts': "export * from '../../contracts/src/events.ts';",
  'packages/app/src/main.ts':
    "import { SOCKET_PATH } from '../../contracts/src/events.ts';\nexport const path = SOCKET_PATH;",
  'packages/app/src/messages.ts': 'export const msg = {};',
  'packages/ui/src/index.ts': 'export const Button = () => null;',
};

function fixture(extra = {}) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  // drizzle-orm must resolve as it does in the workspace (node_modules/drizzle-orm/…).
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  for (const [file, text] of Object.entries({ ...allowed, ...extra })) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), `${text}\n`);
  }
  return root;
}

/** Runs dependency-cruiser in `root` with the workspace's rules, as `npm run check:boundaries` does. */
const cruise = (root, outputType) =>
  spawnSync(
    process.execPath,
    [
      join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'packages',
      '--config',
      join(repo, '.dependency-cruiser.cjs'),
      '--output-type',
      outputType,
    ],
    { cwd: root, encoding: 'utf8' },
  );

/** The names of the rules broken in `root`, sorted. */
function broken(root) {
  const result = cruise(root, 'json');
  assert.ok(result.stdout, result.stderr);
  return JSON.parse(result.stdout)
    .summary.violations.map((v) => v.rule.name)
    .sort();
}

test('the allowed imports pass', () => {
  assert.deepEqual(broken(fixture()), []);
});

const planted = {
  'grants-only-in-policy': {
    'packages/server/src/services/jobs/reminders.ts':
      "import { portfolioAccess } from '../../db/schema/grants.ts';\nexport const r = portfolioAccess;",
  },
  'routes-no-database': {
    'packages/server/src/routes/items.ts': "import { db } from '../db/client.ts';\nexport const r = db;",
  },
  'services-not-routes-or-plugins': {
    'packages/server/src/services/items.ts':
      "import { realtime } from '../plugins/realtime.ts';\nexport const s = realtime;",
  },
  'client-not-server': {
    'packages/app/src/status.ts':
      "import type { p } from '../../server/src/policy.ts';\nexport type P = typeof p;",
  },
  'ui-stands-alone': {
    'packages/ui/src/label.ts': "import { msg } from '../../app/src/messages.ts';\nexport const label = msg;",
  },
  'domains-through-their-index': {
    'packages/server/src/routes/comments.ts':
      "import { comments } from '../services/review/comments.ts';\nexport const r = comments;",
  },
  'no-circular': {
    'packages/server/src/services/a.ts': "import { b } from './b.ts';\nexport const a = () => b;",
    'packages/server/src/services/b.ts': "import { a } from './a.ts';\nexport const b = () => a;",
  },
};

for (const [rule, files] of Object.entries(planted)) {
  test(`${rule}: a planted violation fails`, () => {
    assert.deepEqual(broken(fixture(files)), [rule]);
  });
}

test('routes-no-database: a route importing drizzle-orm fails, so does the ui importing the api-client', () => {
  const root = fixture({
    'packages/server/src/routes/items.ts': "import { eq } from 'drizzle-orm';\nexport const r = eq;",
    'packages/ui/src/client.ts':
      "import { SOCKET_PATH } from '../../api-client/src/index.ts';\nexport const c = SOCKET_PATH;",
    'packages/ui/src/server.ts': "import { p } from '../../server/src/policy.ts';\nexport const s = p;",
  });
  assert.deepEqual(broken(root), ['client-not-server', 'routes-no-database', 'ui-stands-alone']);
  // What `npm run check` runs: its exit status is the number of errors, so the check fails.
  assert.equal(cruise(root, 'err').status, 3);
});

test('domains-through-their-index: another domain, services/ports.ts or app.ts reaching past an index fails', () => {
  const root = fixture({
    'packages/server/src/services/agents/runner.ts':
      "import { comments } from '../review/comments.ts';\nexport const run = comments;",
    'packages/server/src/services/ports.ts':
      "import type { agents } from './agents/agents.ts';\nexport type Ports = typeof agents;",
    'packages/server/src/app.ts':
      "import { list } from './services/review/portfolios.ts';\nexport const app = list;",
  });
  assert.deepEqual(broken(root), Array(3).fill('domains-through-their-index'));
});
