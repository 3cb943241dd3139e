import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: each fault of a real dependency injected into real server processes (issue 45). The
 * files start their own redis-server on a free port and their own databases; the PostgreSQL cases need
 * DATABASE_URL (a server to make databases on) and fail on CI without it (test/faults/support.ts).
 * One file at a time: the cases kill, stop and restart processes and measure shutdown times, which a second
 * file's servers on a 2-core machine would blur.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/support/build-server.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
