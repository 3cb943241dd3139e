/**
 * `/auth`'s JavaScript: the files scripts/budgets.mjs lists for the budget that size-limit checks (the
 * entry and its static imports, and the sign-in screen's chunks, which start-up fetches at once),
 * each gzip-compressed at level 9 as size-limit measures them. Reads packages/app/dist as `npm run build` left it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { analyse, dist } from '../../../scripts/budgets.mjs';

export interface InitialJs {
  files: Array<{ file: string; gzipBytes: number }>;
  gzipBytes: number;
  builtAt: string;
}

export function initialJs(): InitialJs | undefined {
  const index = join(dist, 'index.html');
  if (!existsSync(index) || !existsSync(join(dist, '.vite', 'manifest.json'))) return undefined;
  const files = analyse().authLoad.map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  return {
    files,
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    builtAt: statSync(index).mtime.toISOString(),
  };
}
