import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.config.mjs';

/**
 * End-to-end tests: the real compiled server (`npm run build` first: `dist/server.js` and the SPA), one per
 * worker on an embedded PGlite in a fresh data folder, seeded with the demo (support/test.ts), driven by
 * Debian's Chromium. No retries: a flaky test is a bug.
 *
 * Two workers on PGlite (the machine's two cores; each has its own server and database). One on PostgreSQL
 * (E2E_DATABASE_URL: one database for the suite). `E2E_WORKERS` sets another count.
 */
const workers = Number(process.env.E2E_WORKERS ?? (process.env.E2E_DATABASE_URL ? 1 : 2));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // CI's machines differ by 3× or more (the same `.ci/run`: 18 min on one, 43 on another, 54 on this one on
  // 2026-11-30, where the e2e suite took 26 min against 8 the day before). A first screen after signing in, in a
  // fresh context, takes 1.3–2.3 s here when the machine is quiet (a chunk burst, /api/auth/me, the screen's
  // data); at 3.3× that is up to 7.6 s, and two tests failed on the 7.5 s waits this file had. The waits allow
  // 15 s: a passing wait returns as soon as it passes, so only a failure takes longer to say so.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : 'list',
  use: {
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // Locally a failure keeps its trace and screenshots. On CI nobody opens them (what CI shows is the printed
    // error), and recording them costs every test: the trace's snapshots at each action, a screenshot of each
    // page as its context closes. The printed error is also no longer pushed away by their attachment list.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: process.env.CI ? 'off' : 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
