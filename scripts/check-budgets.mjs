#!/usr/bin/env node
/**
 * Size budgets of the built app (packages/app/dist, from `npm run build`), from Vite's manifest:
 * - each budgeted chunk, gzip level 9, with what only it imports, within its limit (chunks several lazy entries
 *   share are reported beside it: they are fetched once for all of them);
 * - the first load (the entry and its static imports) within 130 KB;
 * - none of them in the first load (the entry and everything it imports statically);
 * - no chunk built from Storybook's or Testing Library's code (the /design route renders stories without them).
 * Prints one line per budget and exits non-zero when one is over. Run by `npm test` after the build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../packages/app/dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No hay manifiesto en ${manifestPath}: ejecuta 'npm run build' antes.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Issues 10, 11 and 12: each route's own chunk ≤ 50 KB, the editor's ≤ 130 KB; issue 13: /design's ≤ 150 KB. */
const budgets = [
  { name: 'ruta de producción', source: 'src/routes/portfolios/production-screen.tsx', kb: 50 },
  { name: 'ruta de revisión', source: 'src/routes/portfolios/review-screen.tsx', kb: 50 },
  { name: 'dashboard del portafolio', source: 'src/routes/portfolios/dashboard-screen.tsx', kb: 50 },
  { name: 'dashboard del cliente', source: 'src/routes/portfolios/client-dashboard-screen.tsx', kb: 50 },
  { name: 'gestión de usuarios', source: 'src/routes/admin/users-screen.tsx', kb: 50 },
  { name: 'herramientas', source: 'src/routes/admin/tools-screen.tsx', kb: 50 },
  { name: 'crear portafolio', source: 'src/routes/portfolios/create-screen.tsx', kb: 50 },
  { name: 'ajustes › general', source: 'src/routes/portfolios/settings-general.tsx', kb: 50 },
  { name: 'ajustes › integraciones', source: 'src/routes/portfolios/settings-integrations.tsx', kb: 50 },
  { name: 'agentes', source: 'src/routes/portfolios/agents-screen.tsx', kb: 50 },
  { name: 'detalle del agente', source: 'src/routes/portfolios/agent-detail-screen.tsx', kb: 50 },
  // The editor and /design are measured whole: everything opening them downloads beyond the first load, shared
  // or not (their heavy parts, Tiptap and the stories, are what the budget is about).
  { name: 'editor de texto', source: '../ui/src/rich-text-editor/index.ts', kb: 130, whole: true },
  {
    name: 'sistema de diseño (/design)',
    source: 'src/routes/design/design-screen.tsx',
    kb: 150,
    whole: true,
  },
];

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

// Everything the first load fetches: the HTML entry and its static imports, transitively.
const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
};
visit('index.html');

/** The chunks beyond the first load that opening `key` downloads: it and its static imports, transitively. */
const reach = (key, into = new Set()) => {
  if (into.has(key) || initial.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) reach(dep, into);
  return into;
};
// How many lazily loaded entries (routes, the editor, the /design stories…) download each chunk: one reached by
// several is shared (the design system's parts, Radix, a form library), fetched once and cached for all of
// them; one reached by a single entry is that entry's own.
const reachedBy = new Map();
for (const [key, entry] of Object.entries(manifest))
  if (entry.isDynamicEntry)
    for (const chunk of reach(key)) reachedBy.set(chunk, (reachedBy.get(chunk) ?? 0) + 1);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

let failed = 0;
for (const b of budgets) {
  const entry = manifest[b.source];
  if (!entry) {
    console.log(`✗ ${b.name}: no hay un chunk para ${b.source}`);
    failed += 1;
    continue;
  }
  // Its own: the chunk and what only it imports beyond the first load (a module split out of it into a chunk
  // of its own still counts); what it shares with other screens is reported beside it.
  const all = [...reach(b.source)];
  const own = all.filter((key) => b.whole || key === b.source || reachedBy.get(key) === 1);
  const size = own.reduce((sum, key) => sum + gz(manifest[key].file), 0);
  const shared = all
    .filter((key) => !own.includes(key))
    .reduce((sum, key) => sum + gz(manifest[key].file), 0);
  const inFirstLoad = initial.has(b.source);
  const ok = size <= b.kb * 1024 && !inFirstLoad;
  if (!ok) failed += 1;
  const what = b.whole ? 'en total' : `propios (+ ${kb(shared)} compartidos con otras pantallas)`;
  console.log(
    `${ok ? '✓' : '✗'} ${b.name}: ${kb(size)} gzip ${what}, límite ${b.kb} KB` +
      `${inFirstLoad ? ', pero está en la carga inicial' : ', fuera de la carga inicial'} — ${entry.file}`,
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
// Issue 14: what /auth (any first visit) loads before anything else.
const FIRST_LOAD_KB = 130;
const first = [...initial].map((k) => manifest[k]?.file).filter((f) => f?.endsWith('.js'));
const firstLoad = first.reduce((s, f) => s + gz(f), 0);
if (firstLoad > FIRST_LOAD_KB * 1024) failed += 1;
console.log(
  `${firstLoad > FIRST_LOAD_KB * 1024 ? '✗' : '✓'} carga inicial: ${kb(firstLoad)} gzip de JS (límite ${FIRST_LOAD_KB} KB)`,
);
process.exit(failed > 0 ? 1 : 0);
