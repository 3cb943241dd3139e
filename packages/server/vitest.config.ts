import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The same suite runs on PGlite always and on PostgreSQL when DATABASE_URL is set. On CI a missing or
// silent PostgreSQL is a failure (test/services.test.ts), never a silent skip.
const databases = ['pglite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // Vitest's default is one fork fewer than the cores: one on a 2-core machine (CI's), which left a core idle
    // through the longest suite. Each file has its own database (a PGlite, or a fresh PostgreSQL database) and
    // its servers listen on free ports, so files run side by side safely.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The server processes some tests start run the compiled build (test/support/server-process.ts).
    globalSetup: ['test/support/build-server.ts'],
    projects: databases.map((db) => ({
      test: {
        name: `server:${db}`,
        include: ['test/**/*.test.ts'],
        // The fault suite has its own run (vitest.faults.config.ts, `npm run test:faults`).
        // Two instances on one PostgreSQL and one Redis: only meaningful on PostgreSQL. The configuration and
        // address-guard tests do not depend on the database project: they run once, on the PGlite one (the
        // every-variable start still uses DATABASE_URL and REDIS_URL when they are set).
        // The database tools' test (db:move, backup, restore) uses both databases itself: once, on PGlite's.
        exclude:
          db === 'pglite'
            ? ['test/scale.test.ts', 'test/faults/**']
            : [
                'test/faults/**',
                'test/config-start.test.ts',
                'test/config-refusals.test.ts',
                'test/net-guard.test.ts',
                'test/db-tools-move-backup.test.ts',
                'test/db-tools-undo.test.ts',
                // What they test does not touch the database's behaviour (the push guard's network checks, the
                // storage drivers' signed URLs and objects): once, on PGlite's project, like the e2e specs
                // that run on one database unless they test it.
                'test/push-guard.test.ts',
                'test/storage-local.test.ts',
                'test/storage-s3.test.ts',
              ],
        environment: 'node',
        env: { TEST_DB: db },
        testTimeout: 30_000,
        hookTimeout: 60_000,
        pool: 'forks',
        // Each fork runs file after file with one module cache: importing the server once per fork instead of
        // once per file (import 130 s → 12 s of the suite's summed time; the suite 342 s → 254 s on a 2-core
        // machine). Safe because no test file changes process.env, mocks a module or fakes timers, and the
        // server's module-level caches are per database (db/prepared.ts).
        isolate: false,
      },
    })),
  },
});
