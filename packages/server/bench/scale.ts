/**
 * The scale table of `npm run bench` (issue 30, «flat cost as the data grows»): on a database of its own, the API
 * seeds the employee, the portfolio, its cycle and 100 items; then for each size (100 → 10,000 → 100,000) the
 * server is stopped, scale-seed.ts grows the cycle, the employee's inbox and the comments to that size with
 * direct SQL (and vacuums/analyzes, as autovacuum would), the server is started again (empty caches) and each
 * path is measured with autocannon, with the same settings at every size. Goal per path: the rate at 10,000 and
 * at 100,000 ≥ the rate at 100 ÷ 1.5.
 */
import { type HttpCase, type LoadResult, measure, tokenFor } from './load.ts';
import { freePort, type Running, startOurs, stop, waitHealthy } from './processes.ts';
import { type Exec, growTo, settle } from './scale-seed.ts';
import { type Seeded, seed } from './seed.ts';

export const SCALE_GOAL = 1.5;

const allScaleCases: HttpCase[] = [
  {
    key: 'newest',
    label: 'the 50 newest items of the cycle',
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?sort=createdAt&order=desc&page=1&limit=50`,
  },
  {
    key: 'newest-status',
    label: 'the same, status=approved',
    method: 'GET',
    path: (s) =>
      `/api/production/cycles/${s.cycleId}/items?sort=createdAt&order=desc&page=1&limit=50&status=approved`,
  },
  {
    key: 'newest-search',
    // Ten a page: a 100-row cycle holds ten matches, so every size answers a full page of the same length (with
    // fifty a page, the 100-row figure was a ten-item answer against fifty-item ones: a smaller response, not a
    // cheaper search; PGlite served it 2.4× as fast). At 100,000 rows the page reads about 110 rows for its 11.
    label: 'the same, q=lanzamiento (1 in 10), 10 a page',
    method: 'GET',
    path: (s) =>
      `/api/production/cycles/${s.cycleId}/items?sort=createdAt&order=desc&page=1&limit=10&q=lanzamiento`,
  },
  {
    key: 'board-column',
    label: "the board's column (approved, default sort, 20)",
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?status=approved&page=1&limit=20`,
  },
  {
    key: 'filter-format',
    label: 'a format filter (format=Reel, 20)',
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?format=Reel&page=1&limit=20`,
  },
  {
    key: 'table-page',
    label: "the table's page 3 (default order, 25)",
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?page=3&limit=25`,
  },
  {
    key: 'table-title',
    label: "the table's page 3 by title, descending (25)",
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?page=3&limit=25&sort=title&order=desc`,
  },
  {
    key: 'table-status',
    label: "the table's page 3 by status (25)",
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?page=3&limit=25&sort=status`,
  },
  {
    key: 'calendar',
    label: 'a page of 100 by publish date (as the calendar read its cycle before its own read)',
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items?sort=publishDate&page=1&limit=100`,
  },
  // The calendar's own read answers every match up to 1,000: a status of the review's constant few keeps its
  // answer the same at every size (ten pieces), so the row compares the read and not the answer's length.
  {
    key: 'calendar-read',
    label: "the calendar's own read, one status (client_review: ten at every size)",
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/calendar?status=client_review`,
  },
  {
    key: 'coverage',
    label: "the cycle's coverage (GET …/items/strategy)",
    method: 'GET',
    path: (s) => `/api/production/cycles/${s.cycleId}/items/strategy`,
  },
  {
    key: 'cycles',
    label: 'the cycles list',
    method: 'GET',
    path: (s) => `/api/production/portfolios/${s.portfolioId}/cycles`,
  },
  // As the bell asks for it (NOTIFICATIONS_PAGE, 50): with the API's default of 200, the 100-row inbox answered 100
  // and the larger ones 200, half the answer at the base size (PostgreSQL 1,197 req/s at 100, 443 and 610 after).
  {
    key: 'inbox',
    label: "the inbox (GET /notifications, the bell's 50)",
    method: 'GET',
    path: () => '/api/notifications?limit=50',
  },
  // One in twenty is archived: five at 100 rows, so five a page at every size.
  {
    key: 'archived',
    label: 'the archived notifications (5)',
    method: 'GET',
    path: () => '/api/notifications?archived=true&limit=5',
  },
  {
    key: 'unread',
    label: 'unread count',
    method: 'GET',
    path: () => '/api/notifications/unread-count',
  },
  {
    key: 'comments',
    label: "an item's comments (thread: size ÷ 100)",
    method: 'GET',
    path: (s) => `/api/comments?entityType=item&entityId=${s.itemIds[0]}`,
  },
  {
    key: 'history',
    label: "an item's versions and history",
    method: 'GET',
    path: (s) => `/api/production/items/${s.itemIds[0]}/material-version-history`,
  },
  {
    key: 'dashboard',
    label: 'the portfolio dashboard',
    method: 'GET',
    path: (s) => `/api/production/portfolios/${s.portfolioId}/dashboard`,
  },
  {
    key: 'client-dashboard',
    label: 'the client dashboard (as the client)',
    method: 'GET',
    path: (s) => `/api/production/portfolios/${s.portfolioId}/client-dashboard`,
    as: 'client',
  },
  {
    key: 'review-queues',
    label: 'the review queues',
    method: 'GET',
    path: (s) => `/api/production/portfolios/${s.portfolioId}/review-queues`,
  },
  {
    key: 'tasks',
    label: "an agent's tasks (50)",
    method: 'GET',
    path: () => '/api/tasks?agentId=scale-agent&page=1&limit=50',
    as: 'admin',
  },
  {
    key: 'tasks-status',
    label: 'the same, status=cancelled (10)',
    method: 'GET',
    path: () => '/api/tasks?agentId=scale-agent&status=cancelled&page=1&limit=10',
    as: 'admin',
  },
  // The agents screen: each agent with its open tasks (five at every size), and an agent's detail.
  {
    key: 'agents',
    label: "the portfolio's agents (open tasks counted)",
    method: 'GET',
    path: (s) => `/api/agents/${s.portfolioId}`,
    as: 'admin',
  },
  {
    key: 'agent',
    label: "an agent's detail (its newest tasks)",
    method: 'GET',
    path: (s) => `/api/agents/${s.portfolioId}/scale-agent`,
    as: 'admin',
  },
  {
    key: 'users',
    label: 'the users (20)',
    method: 'GET',
    path: () => '/api/users?page=1&limit=20',
    as: 'admin',
  },
  {
    key: 'users-search',
    label: 'the users, query=persona 1 (10)',
    method: 'GET',
    path: () => '/api/users?page=1&limit=10&query=persona%201',
    as: 'admin',
  },
];

/** The paths measured: all of them, or those BENCH_SCALE_CASES names (keys, comma-separated). */
const chosenCases = process.env.BENCH_SCALE_CASES?.split(',').map((key) => key.trim());
export const scaleCases = chosenCases
  ? allScaleCases.filter((c) => chosenCases.includes(c.key))
  : allScaleCases;

export interface ScaleRow {
  db: 'PGlite' | 'PostgreSQL';
  key: string;
  path: string;
  /** Per size, the load result (or the error that stopped it). */
  results: Array<LoadResult | { error: string }>;
  /** Rate at the smallest size ÷ rate at each size. */
  slowdowns: number[];
  verdict: 'pass' | 'fail' | 'error';
}

/** The database opened directly by the bench (the server stopped): SQL in, rows out. */
export type OpenDirect = () => Promise<{ exec: Exec; close: () => Promise<void> }>;

/** Opens the workspace's database with its own code (PGlite's extensions and durability), no migration. */
export function openWith(options: { databaseUrl?: string; pgliteDir?: string }): OpenDirect {
  return async () => {
    const [{ openDatabase, rowsOf }, { sql }] = await Promise.all([
      import('../src/db/client.ts'),
      import('drizzle-orm'),
    ]);
    const database = await openDatabase({ ...options, migrate: false });
    return {
      exec: async (text) => rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(text))),
      close: () => database.close(),
    };
  };
}

export async function scaleTable(opts: {
  db: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  open: OpenDirect;
  sizes: number[];
  load: { connections: number; seconds: number; warmupSeconds: number };
  log: (message: string) => void;
}): Promise<ScaleRow[]> {
  const { db, sizes, log } = opts;
  let server: Running | undefined;
  const base = () => `http://127.0.0.1:${server!.port}`;
  const results = new Map<string, Array<LoadResult | { error: string }>>(scaleCases.map((c) => [c.key, []]));
  try {
    server = startOurs(opts.env, await freePort());
    await waitHealthy(server, 120_000);
    const seeded: Seeded = await seed(base(), { items: 100, notifications: 0 });
    await stop(server);
    server = undefined;
    const target = {
      portfolioId: seeded.portfolioId,
      cycleId: seeded.cycleId,
      userId: seeded.userId,
      itemId: seeded.itemIds[0]!,
    };
    for (const size of sizes) {
      const t0 = performance.now();
      const direct = await opts.open();
      try {
        await growTo(direct.exec, target, size);
        await settle(direct.exec);
      } finally {
        await direct.close();
      }
      log(
        `${db} scale: ${size.toLocaleString('en-US')} rows seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      server = startOurs(opts.env, await freePort());
      await waitHealthy(server, 120_000);
      // Every path once before any is measured: the first one measured is not the one that warms the process.
      for (const c of scaleCases) {
        const res = await fetch(base() + c.path(seeded), {
          headers: { authorization: `Bearer ${tokenFor(c, seeded)}` },
        });
        await res.arrayBuffer();
      }
      for (const c of scaleCases) {
        const r = await measure(base(), c, seeded, opts.load).catch((e: Error) => ({
          error: e.message.split('\n')[0]!.slice(0, 120),
        }));
        results.get(c.key)!.push(r);
      }
      await stop(server);
      server = undefined;
    }
  } finally {
    if (server) await stop(server);
  }
  return scaleCases.map((c) => {
    const rs = results.get(c.key)!;
    // A run with timed-out requests still has a rate (what was answered in the time); a run with no answer at
    // all is 0 req/s (an infinite slowdown, a failure of the goal, not of the harness). An error is a path that
    // did not answer 2xx at all.
    const rate = (r: LoadResult | { error: string } | undefined) =>
      r && 'reqPerSec' in r ? r.reqPerSec : Number.NaN;
    const first = rate(rs[0]);
    const slowdowns = rs.map((r) => first / rate(r));
    const failed = rs.length < sizes.length || slowdowns.some((s) => Number.isNaN(s)) || !(first > 0);
    return {
      db,
      key: c.key,
      path: c.label,
      results: rs,
      slowdowns,
      verdict: failed ? 'error' : slowdowns.every((s) => s <= SCALE_GOAL) ? 'pass' : 'fail',
    };
  });
}

export function renderScale(rows: ScaleRow[], sizes: number[]): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const header = [
    'db',
    'path',
    ...sizes.map((s) => `req/s at ${n(s)}`),
    ...sizes.slice(1).map((s) => `slowdown at ${n(s)}`),
    'goal',
    'pass/fail',
  ];
  const cells = rows.map((r) => [
    r.db,
    r.path,
    ...sizes.map((_, i) => {
      const x = r.results[i];
      if (!x) return '';
      if ('error' in x) return `error: ${x.error.slice(0, 40)}`;
      const failed = x.requests === 0 ? ' (no answer)' : x.failures ? ` (${x.failures} failed)` : '';
      return `${x.reqPerSec < 10 ? x.reqPerSec.toFixed(1) : n(Math.round(x.reqPerSec))}${failed}`;
    }),
    ...r.slowdowns.slice(1).map((s) => (Number.isNaN(s) ? '' : s === Infinity ? '∞' : `${s.toFixed(2)}×`)),
    `≤ ${SCALE_GOAL.toFixed(1)}× at each`,
    r.verdict === 'pass' ? 'pass' : r.verdict === 'fail' ? 'FAIL' : 'ERROR',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (v ?? '').padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
