/**
 * `/auth`'s initial JavaScript: what the built index.html loads before anything else, i.e. its scripts and
 * modulepreload links (the boot script, the entry chunk and its static imports), each gzip-compressed at level 9 as
 * scripts/check-budgets.mjs measures them. Reads packages/app/dist as `npm run build` left it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './processes.ts';

export const distDir = join(repoRoot, 'packages/app/dist');

export interface InitialJs {
  files: Array<{ file: string; gzipBytes: number }>;
  gzipBytes: number;
  builtAt: string;
}

export function initialJs(): InitialJs | undefined {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return undefined;
  const html = readFileSync(index, 'utf8');
  const srcs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const script = /^<script\b/.test(tag) ? /\bsrc=["']([^"']+)/.exec(tag) : null;
    const preload =
      /^<link\b/.test(tag) && /\brel=["']?modulepreload/.test(tag) ? /\bhref=["']([^"']+)/.exec(tag) : null;
    const src = script?.[1] ?? preload?.[1];
    if (src && !/^https?:/.test(src)) srcs.add(src.replace(/^\//, '').split('?')[0]!);
  }
  const files = [...srcs].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
  }));
  return {
    files,
    gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
    builtAt: statSync(index).mtime.toISOString(),
  };
}
