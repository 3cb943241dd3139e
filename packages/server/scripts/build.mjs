#!/usr/bin/env node
/**
 * The server, compiled ahead of time: one ES module, `dist/server.js`, that Node runs with no TypeScript
 * tooling. Every dependency that is plain JavaScript: one file to read and compile instead of ~500 to find, stat, read
 * and link (start-up on PostgreSQL ~1.25 s -> ~0.75 s here). The dependencies stay declared in package.json.
 * Kept as imports, installed beside it as usual: what loads files beside its own code (PGlite's WebAssembly,
 * the API reference's static files), native addons (and ws's and pg's optional ones), and what only some
 * configurations load (S3, Redis).
 */
import { renameSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const keepExternal = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@fastify/swagger-ui',
  '@socket.io/redis-adapter',
  'ioredis',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];
const external = keepExternal.flatMap((name) => [name, `${name}/*`]);

// A fresh folder (chunks are named by content hash, and old ones would pile up), built beside `dist` and swapped
// in with two renames: a server starting meanwhile (a test run beside this build) never finds it half-made.
const staging = `dist.building-${process.pid}`;
rmSync(new URL(staging, root), { recursive: true, force: true });
await build({
  absWorkingDir: root.pathname,
  entryPoints: ['src/server.ts'],
  outdir: staging,
  // What only some configurations use (the S3 driver) is a chunk of its own, loaded on demand.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external,
  sourcemap: true,
  // Bundled CommonJS helpers that call require() get Node's own.
  banner: {
    js: "import { createRequire as __crwRequire } from 'node:module';\nconst require = __crwRequire(import.meta.url);",
  },
  logLevel: 'warning',
  legalComments: 'none',
  // Whitespace and syntax only: names stay (logs, stack traces). Fully minified started slower (~0.9 s), and
  // unminified held ~10 MB more at idle.
  minifyWhitespace: true,
  minifySyntax: true,
});
const old = `dist.old-${process.pid}`;
try {
  renameSync(new URL('dist', root), new URL(old, root));
} catch {
  // no previous build
}
renameSync(new URL(staging, root), new URL('dist', root));
rmSync(new URL(old, root), { recursive: true, force: true });
