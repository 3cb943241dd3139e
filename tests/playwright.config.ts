import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.config.mjs';
import { notionPort, notionToken } from './support/notion.ts';

/**
 * End-to-end tests: the real compiled server (`npm run build` first: `dist/server.js` and the SPA) on an
 * embedded PGlite in a fresh data folder, seeded with the demo, driven by Debian's Chromium. No retries: a flaky
 * test is a bug.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'crw-e2e-'));
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : 'list',
  use: {
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node ../packages/server/dist/server.js --demo',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // test: the server resolves no push hosts, so nothing leaves loopback (README, NODE_ENV).
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      // PGlite in DATA_DIR unless `npm test` runs the suite again on PostgreSQL and Redis (e2e-pg).
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: process.env.E2E_REDIS_URL ?? '',
      // Notion: a local peer that a spec starts on this port (support/notion.ts).
      NOTION_TOKEN: notionToken,
      NOTION_API_URL: `http://127.0.0.1:${notionPort}`,
    },
  },
});
