/**
 * The single-source check (issue 32) against small fixture trees: `node --test scripts/`.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { findCopies, judge } from './check-single-source.mjs';

const script = join(import.meta.dirname, 'check-single-source.mjs');
const roots = [];
after(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A tree with the three sources and the given extra files. */
function fixture(files = {}) {
  const root = mkdtempSync(join(tmpdir(), 'single-source-'));
  roots.push(root);
  const all = {
    'packages/server/src/db/schema/people.ts': `
export const ROLES = ['admin', 'employee', 'client'] as const;`,
    'packages/server/src/db/schema/production.ts': `
export const ITEM_STATUSES = ['draft', 'internal_review', 'internal_changes', 'client_review', 'client_changes', 'approved'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];`,
    'packages/contracts/src/tasks.ts': `
export const TASK_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export const OPEN_TASK_STATUSES = ['pending', 'running'] as const;`,
    'packages/server/src/policy.ts': `
export const permissionCatalog = [
  { key: 'portfolio.view', scope: 'portfolio', label: 'Ver' },
  { key: 'production.edit', scope: 'portfolio', label: 'Editar' },
  { key: 'portfolios.create', scope: 'global', label: 'Crear' },
  { key: 'users.search', scope: 'global', label: 'Buscar' },
] as const;
export const employeeDefaults = ['portfolios.create', 'users.search'];`,
    'packages/app/src/lib/enums.ts': `
export const itemStatuses = ['draft', 'internal_review', 'internal_changes', 'client_review', 'client_changes', 'approved'] as const;
export const roles = ['admin', 'employee', 'client'] as const;`,
    // A subset is a rule: not a copy. The workflow table's steps are its keys.
    'packages/server/src/services/review/transitions.ts': `
export const editableStatuses = ['draft', 'internal_changes', 'client_changes'];
export const transitions = {
  'mark-for-internal-review': { from: editableStatuses, to: 'internal_review' },
  'approve-for-client': { from: ['internal_review'], to: 'client_review' },
} as const;`,
    'packages/contracts/src/statuses.ts': `
export const itemStatusLabels = { draft: 'Borrador', internal_review: 'En revisión interna', internal_changes: 'Cambios internos solicitados', client_review: 'En revisión del cliente', client_changes: 'Cambios solicitados por el cliente', approved: 'Aprobado' } as const;`,
    // The app names steps (to call them) and statuses (to show them), never both together.
    'packages/app/src/routes/review-actions.tsx': `
export const decisions = ['approve-for-client'];
export const first = (status: string) => status === 'draft';`,
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const run = (root) => spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });

test('a tree where each list is written out only in its source passes', () => {
  const result = run(fixture());
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /single source/);
});

test('a status union written out again fails, naming the file and line', () => {
  const root = fixture({
    'packages/app/src/routes/item.ts': `import x from 'y';

export const clientCanSee = (
  status: 'draft' | 'internal_review' | 'internal_changes' | 'client_review' | 'client_changes' | 'approved',
) => status === 'approved';`,
  });
  const result = run(root);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /packages\/app\/src\/routes\/item\.ts:4: the item statuses written out again/);
  assert.match(result.stderr, /packages\/app\/src\/lib\/enums\.ts/);
});

test('roles as TypeBox literals, and the global permissions as an array, fail too', () => {
  const root = fixture({
    'packages/server/src/routes/schemas.ts': `
const RoleSchema = Type.Union([Type.Literal('admin'), Type.Literal('employee'), Type.Literal('client')]);
const perms = ['users.search', 'portfolios.create'];`,
  });
  const found = findCopies(root).map((f) => `${f.file}:${f.line}:${f.id}`);
  assert.deepEqual(found.sort(), [
    'packages/server/src/routes/schemas.ts:2:roles',
    'packages/server/src/routes/schemas.ts:3:permissions',
  ]);
  assert.equal(run(root).status, 1);
});

test("an agent's task statuses written out again fail, in the server and in the app; a subset is a rule", () => {
  const root = fixture({
    'packages/contracts/src/events.ts': `
export interface TasksEvent { status: 'pending' | 'running' | 'done' | 'failed' | 'cancelled' }`,
    'packages/app/src/features/agents/store.ts': `
export const taskStatuses = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export const syncing = ['pending', 'running', 'done', 'failed'];`,
  });
  const found = findCopies(root).map((f) => `${f.file}:${f.line}:${f.id}`);
  assert.deepEqual(found.sort(), [
    'packages/app/src/features/agents/store.ts:2:task-statuses',
    'packages/contracts/src/events.ts:2:task-statuses',
  ]);
  assert.equal(run(root).status, 1);
});

test('a not-found message written inline in the server fails; in the catalogue or in the app it does not', () => {
  const root = fixture({
    'packages/server/src/errors.ts': `export const notFoundMessages = { portfolio: 'Portafolio no encontrado' };`,
    'packages/server/src/services/tools.ts': `
export function load(row) {
  if (!row) throw new AppError('NOT_FOUND', 'Herramienta no encontrada');
}`,
    'packages/app/src/messages.ts': `export const msg = { notFound: 'Portafolio no encontrado' };`,
  });
  const result = run(root);
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /packages\/server\/src\/services\/tools\.ts:3: «Herramienta no encontrada» written inline/,
  );
  assert.doesNotMatch(result.stderr, /errors\.ts:|messages\.ts:/);
});

test('generated code, stories and tests are not read', () => {
  const list = `export const s = ['draft', 'internal_review', 'internal_changes', 'client_review', 'client_changes', 'approved'];`;
  const root = fixture({
    'packages/api-client/src/gen/types.gen.ts': list,
    'packages/ui/src/kanban/kanban.stories.tsx': list,
    'packages/app/src/lib/enums.test.ts': list,
  });
  assert.equal(run(root).status, 0);
});

test('a pending copy only warns, and a pending entry that matches nothing fails', () => {
  const root = fixture({
    'packages/server/src/routes/schemas.ts': `const r = ['admin', 'employee', 'client'];`,
  });
  const known = [{ file: 'packages/server/src/routes/schemas.ts', list: 'roles', why: 'under way' }];
  const found = findCopies(root);
  assert.deepEqual(judge(found, known).failures, []);
  assert.equal(judge(found, known).warnings.length, 1);
  const stale = judge([], known).failures;
  assert.equal(stale.length, 1);
  assert.match(stale[0].message, /holds no copy any more/);
});

test('the status labels written again fail, in the server or in the app; one label alone does not', () => {
  const root = fixture({
    'packages/server/src/services/labels.ts': `
export const statusLabels = { draft: 'Borrador', approved: 'Aprobado' };`,
    'packages/app/src/routes/board.tsx': `
export const columns = ['En revisión interna', 'En revisión del cliente'];
export const one = 'Aprobado';`,
  });
  const result = run(root);
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /packages\/server\/src\/services\/labels\.ts:2: the status labels written out again/,
  );
  assert.match(
    result.stderr,
    /packages\/app\/src\/routes\/board\.tsx:2: the status labels written out again/,
  );
  assert.doesNotMatch(result.stderr, /board\.tsx:3/);
});

test('the app restating the workflow fails: a transition map, a switch, a condition on a step and a status', () => {
  const root = fixture({
    'packages/app/src/routes/map.ts': `
export const flow = {
  'approve-for-client': { from: ['internal_review'] },
};`,
    'packages/app/src/routes/switch.ts': `
export function next(action: string) {
  switch (action) {
    case 'approve-for-client':
      return 'client_review';
    default:
      return null;
  }
}`,
    'packages/ui/src/condition.tsx': `
export const can = (a: string, s: string) => a === 'approve-for-client' && s === 'internal_review';`,
  });
  const result = run(root);
  assert.equal(result.status, 1);
  assert.match(
    result.stderr,
    /packages\/app\/src\/routes\/map\.ts:3: a workflow step \(«approve-for-client»\)/,
  );
  assert.match(result.stderr, /packages\/app\/src\/routes\/switch\.ts:4: a workflow step/);
  assert.match(result.stderr, /packages\/ui\/src\/condition\.tsx:2: a workflow step/);
  assert.doesNotMatch(result.stderr, /review-actions/);
});
