#!/usr/bin/env node
/**
 * What this script still checks, because neither the compiler nor dependency-cruiser (`.dependency-cruiser.cjs`,
 * the import boundaries) can see it: a list's values written out again as literals. A copied array or union
 * type-checks as long as it happens to equal its source, and imports nothing, so no import rule sees it; it
 * drifts the day the source changes. Whatever the types carry (maps keyed by a union with `satisfies Record<…>`)
 * or an import rule forbids is left to them.
 *
 * `npm run check` (issue 32): an enumeration has one source. Fails, naming file:line, when the item statuses,
 * the roles, the permissions or the task statuses are written out as a list anywhere else in the hand-written
 * sources (`packages/*\/src`, without generated code, stories and tests).
 *
 * The lists are read from their sources, so this script holds no copy of them:
 * - item statuses and roles: `ITEM_STATUSES` and `ROLES` in packages/server/src/db/schema/production.ts and people.ts; the app's one
 *   runtime copy is packages/app/src/lib/enums.ts, checked by the compiler against the generated client;
 * - permissions: `permissionCatalog` in packages/server/src/policy.ts (all keys, and each scope's keys).
 * - an agent's task statuses: `TASK_STATUSES` in packages/contracts/src/tasks.ts, which imports nothing; server and
 *   app read them (and which are open) from there by name, `@crw/contracts/tasks`.
 * - the statuses' Spanish labels: `itemStatusLabels` in packages/contracts/src/statuses.ts (two of
 *   them in one list or object anywhere else are a copy; server and app import them by name).
 * And the server's not-found messages («… no encontrado») live in `notFoundMessages` (packages/server/src/errors.ts):
 * a string literal saying one anywhere else in packages/server/src fails too. And the workflow lives in
 * packages/server/src/services/review/transitions.ts: in the app or the ui, a step's name and an item status written in
 * the same property, `case` or statement (a transition map, a switch from step to status) fail
 * (`findWorkflowCopies`); the clients read it from the API.
 *
 * "Written out" means one array, union type or object literal whose elements (string literals, also inside a
 * one-argument call such as `Type.Literal('draft')`, or as an object's values) hold every value of a list.
 * Subsets are rules, not copies (`editableStatuses`), and a map keyed by the type (`satisfies Record<ItemStatus,
 * …>`, labels, tones) is checked by the compiler, so neither is reported.
 *
 * Usage: node scripts/check-single-source.mjs [--root <dir>]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const STATUSES = 'packages/server/src/db/schema/production.ts';
const ROLES = 'packages/server/src/db/schema/people.ts';
const TASKS = 'packages/contracts/src/tasks.ts';
const POLICY = 'packages/server/src/policy.ts';
const APP_ENUMS = 'packages/app/src/lib/enums.ts';
const ERRORS = 'packages/server/src/errors.ts';
const TRANSITIONS = 'packages/server/src/services/review/transitions.ts';
const LABELS = 'packages/contracts/src/statuses.ts';
/** The clients: they show what the API answers about the workflow and decide none of it. */
const CLIENTS = /^packages\/(app|ui)\/src\//;
const NOT_FOUND_TEXT = /\bno encontrad[oa]s?\b/i;

/**
 * Copies known and owned by work under way elsewhere: reported as warnings, not failures. An entry that no
 * longer matches anything fails the check, so the list only shrinks.
 */
export const pending = [];

const isSource = (path) =>
  /\.(ts|tsx|mts|js|mjs)$/.test(path) &&
  !/\.d\.ts$/.test(path) &&
  !/\.(test|spec|stories|visual\.test)\.[mc]?[jt]sx?$/.test(path) &&
  !/\.gen\.ts$/.test(path);

const skippedDirs = new Set(['node_modules', 'gen', 'generated', 'test', 'tests', '__screenshots__', 'dist']);

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!skippedDirs.has(e.name)) yield* walk(path);
    } else if (isSource(path)) yield path;
  }
}

const parse = (path) =>
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, scriptKind(path));
const scriptKind = (path) => (path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const unwrap = (node) => {
  while (
    node &&
    (ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isParenthesizedExpression(node) ||
      ts.isTypeAssertionExpression(node))
  )
    node = node.expression;
  return node;
};

/** The string a list element stands for, if any. */
function literalOf(node) {
  node = unwrap(node);
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isLiteralTypeNode(node)) return literalOf(node.literal);
  if (ts.isPropertyAssignment(node)) return literalOf(node.initializer);
  // Type.Literal('draft'), inCycle('draft'): a call naming one value.
  if (ts.isCallExpression(node) && node.arguments.length === 1) return literalOf(node.arguments[0]);
  return undefined;
}

function elementsOf(node) {
  if (ts.isArrayLiteralExpression(node)) return node.elements;
  if (ts.isUnionTypeNode(node)) return node.types;
  if (ts.isObjectLiteralExpression(node)) return node.properties;
  if (ts.isTupleTypeNode(node)) return node.elements;
  return null;
}

/** The literal assigned to `const <name> = …` in a file, if `is` accepts it (an array or an object literal). */
function constLiteral(file, name, is, shape) {
  let found;
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer) {
      const init = unwrap(node.initializer);
      if (is(init)) found = init;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(file);
  if (!found) throw new Error(`${file.fileName}: no \`const ${name} = ${shape}\` found`);
  return found;
}

/** The array assigned to `const <name> = [...]` in a file: its elements. */
const constList = (file, name) => constLiteral(file, name, ts.isArrayLiteralExpression, '[...]').elements;

/** The object assigned to `const <name> = {...}` in a file: its keys and its string values. */
function constObject(file, name) {
  const { properties } = constLiteral(file, name, ts.isObjectLiteralExpression, '{...}');
  return {
    keys: properties.map((p) => (p.name && ts.isStringLiteral(p.name) ? p.name.text : p.name?.getText())),
    values: properties.map(literalOf).filter((v) => v !== undefined),
  };
}

/** The workflow's step names (the transition table's keys) and the item statuses, for `findWorkflowCopies`. */
export function readWorkflow(root) {
  return {
    steps: constObject(parse(join(root, TRANSITIONS)), 'transitions').keys,
    statuses: constList(parse(join(root, STATUSES)), 'ITEM_STATUSES').map(literalOf),
  };
}

/** The lists and where each may be written out, read from their sources under `root`. */
export function readLists(root) {
  const statuses = parse(join(root, STATUSES));
  const roles = parse(join(root, ROLES));
  const tasks = parse(join(root, TASKS));
  const policy = parse(join(root, POLICY));
  const strings = (elements) => elements.map(literalOf).filter((v) => v !== undefined);
  const catalog = constList(policy, 'permissionCatalog').map((entry) => {
    const o = unwrap(entry);
    const prop = (k) => o.properties.find((p) => p.name?.getText() === k);
    return { key: literalOf(prop('key')), scope: literalOf(prop('scope')) };
  });
  const keys = (scope) => catalog.filter((p) => !scope || p.scope === scope).map((p) => p.key);
  return [
    {
      name: 'item statuses',
      id: 'statuses',
      values: strings(constList(statuses, 'ITEM_STATUSES')),
      sources: [STATUSES, APP_ENUMS],
    },
    { name: 'roles', id: 'roles', values: strings(constList(roles, 'ROLES')), sources: [ROLES, APP_ENUMS] },
    {
      name: 'task statuses',
      id: 'task-statuses',
      values: strings(constList(tasks, 'TASK_STATUSES')),
      sources: [TASKS],
    },
    { name: 'permissions', id: 'permissions', values: keys(), sources: [POLICY] },
    // The statuses' Spanish labels live once, in @crw/contracts: two of them in one list are a copy.
    {
      name: 'status labels',
      id: 'status-labels',
      values: constObject(parse(join(root, LABELS)), 'itemStatusLabels').values,
      sources: [LABELS],
      min: 2,
    },
    { name: 'portfolio permissions', id: 'permissions', values: keys('portfolio'), sources: [POLICY] },
    { name: 'global permissions', id: 'permissions', values: keys('global'), sources: [POLICY] },
  ].filter((l) => l.values.length >= 2);
}

/** Every list written out outside its sources: `{ file, line, list, id }`. */
export function findCopies(root) {
  const lists = readLists(root);
  const findings = [];
  const packages = readdirSync(join(root, 'packages'), { withFileTypes: true }).filter((d) =>
    d.isDirectory(),
  );
  for (const pkg of packages) {
    for (const path of walk(join(root, 'packages', pkg.name, 'src'))) {
      const file = relative(root, path).split(sep).join('/');
      const candidates = lists.filter((l) => !l.sources.includes(file));
      const text = readFileSync(path, 'utf8');
      // Cheap pre-filter: a file that does not name every value of some list cannot hold a copy.
      const enough = (l, has) => l.values.filter(has).length >= (l.min ?? l.values.length);
      const possible = candidates.filter((l) => enough(l, (v) => text.includes(v)));
      const messages =
        file.startsWith('packages/server/src/') && file !== ERRORS && NOT_FOUND_TEXT.test(text);
      if (possible.length === 0 && !messages) continue;
      const sf = parse(path);
      const seen = new Set();
      const visit = (node) => {
        if (
          messages &&
          (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) &&
          NOT_FOUND_TEXT.test(node.text)
        ) {
          const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
          findings.push({
            file,
            line,
            list: 'not-found messages',
            id: 'not-found',
            sources: [ERRORS],
            message: `${file}:${line}: «${node.text}» written inline; add it to notFoundMessages in ${ERRORS} and throw notFound(…)`,
          });
        }
        const elements = elementsOf(node);
        if (elements) {
          const values = new Set(Array.from(elements, literalOf));
          for (const l of possible) {
            if (!enough(l, (v) => values.has(v))) continue;
            const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
            const key = `${line}:${l.id}`;
            if (seen.has(key)) continue;
            seen.add(key);
            findings.push({ file, line, list: l.name, id: l.id, sources: l.sources });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }
  return [...findings, ...findWorkflowCopies(root)];
}

/**
 * The workflow restated by a client: a step's name and an item status written in the same property, `case` or
 * statement of the app or the ui (a copy of the transition map, a `switch` from step to status, a condition on
 * both). The clients read `allowedActions`, `needsComments`, `blockedActions` and `final` from the API instead.
 */
export function findWorkflowCopies(root) {
  const { steps, statuses } = readWorkflow(root);
  const isStep = new Set(steps);
  const isStatus = new Set(statuses);
  const findings = [];
  for (const pkg of ['app', 'ui']) {
    for (const path of walk(join(root, 'packages', pkg, 'src'))) {
      const file = relative(root, path).split(sep).join('/');
      if (!CLIENTS.test(file)) continue;
      const text = readFileSync(path, 'utf8');
      if (!steps.some((s) => text.includes(`'${s}'`) || text.includes(`"${s}"`))) continue;
      const sf = parse(path);
      const hasStatus = (node) => {
        let found = false;
        const look = (n) => {
          if (found) return;
          if (ts.isStringLiteralLike(n) && isStatus.has(n.text)) found = true;
          else ts.forEachChild(n, look);
        };
        look(node);
        return found;
      };
      const unitOf = (node) => {
        let n = node.parent;
        while (n && !ts.isPropertyAssignment(n) && !ts.isCaseClause(n) && !ts.isStatement(n)) n = n.parent;
        return n;
      };
      const reported = new Set();
      const visit = (node) => {
        if (ts.isStringLiteralLike(node) && isStep.has(node.text)) {
          const unit = unitOf(node);
          if (unit && !reported.has(unit) && hasStatus(unit)) {
            reported.add(unit);
            const line = sf.getLineAndCharacterOfPosition(unit.getStart(sf)).line + 1;
            findings.push({
              file,
              line,
              list: 'workflow',
              id: 'workflow',
              sources: [TRANSITIONS],
              message: `${file}:${line}: a workflow step («${node.text}») and an item status written together: the app reads the workflow from the API (allowedActions, needsComments, blockedActions, final), the table lives in ${TRANSITIONS}`,
            });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }
  return findings;
}

/** The source in the finding's own package, when it has one (the app's for the app, the schema's for the server). */
const sourceFor = (f) => {
  const pkg = f.file.split('/').slice(0, 2).join('/');
  return f.sources.find((s) => s.startsWith(`${pkg}/`)) ?? f.sources.join(' or ');
};

/** Splits findings into failures and known copies; a pending entry nothing matches is itself a failure. */
export function judge(findings, known = []) {
  const isKnown = (f) => known.some((k) => k.file === f.file && k.list === f.id);
  const failures = findings
    .filter((f) => !isKnown(f))
    .map((f) => ({
      ...f,
      message:
        f.message ?? `${f.file}:${f.line}: the ${f.list} written out again; import them from ${sourceFor(f)}`,
    }));
  const warnings = findings.filter(isKnown);
  for (const k of known)
    if (!warnings.some((w) => w.file === k.file && w.id === k.list))
      failures.push({
        file: k.file,
        line: 0,
        message: `${k.file}: listed as pending (${k.list}) but holds no copy any more: remove the entry from scripts/check-single-source.mjs`,
      });
  return { failures, warnings };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--root');
  const root = at > 0 ? resolve(process.argv[at + 1]) : resolve(import.meta.dirname, '..');
  const { failures, warnings } = judge(findCopies(root), at > 0 ? [] : pending);
  for (const w of warnings) {
    const why = pending.find((k) => k.file === w.file && k.list === w.id)?.why ?? '';
    console.warn(`${w.file}:${w.line}: the ${w.list} written out again (pending: ${why})`);
  }
  for (const f of failures) console.error(f.message);
  if (failures.length > 0) {
    console.error(`single source: ${failures.length} list(s) or message(s) written out outside their source`);
    process.exit(1);
  }
  console.log(
    `single source: item statuses, roles and permissions are written out only in ${STATUSES}, ${ROLES}, ${POLICY} and ${APP_ENUMS}; task statuses only in ${TASKS}; the server's not-found messages only in ${ERRORS}`,
  );
}
