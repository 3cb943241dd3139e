#!/usr/bin/env node
/**
 * The server, compiled ahead of time: one ES module, `dist/server.js`, that Node runs with no TypeScript
 * tooling. Workspace code it uses (`@crw/api-client`'s event names and device names) is bundled in; every
 * dependency declared in this package's package.json stays an import, installed beside it as usual.
 */
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

// A fresh folder: chunks are named by content hash, and old ones would pile up.
rmSync(new URL('dist', root), { recursive: true, force: true });
await build({
  absWorkingDir: root.pathname,
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
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
});
