/**
 * `/auth`'s JavaScript: what the built index.html loads before anything else, i.e. its scripts and modulepreload
 * links (the boot script, the entry chunk and its static imports), and the sign-in screen's chunks, which start-up
 * fetches at once (from Vite's manifest: the screen and its static imports not already loaded). Each is
 * gzip-compressed at level 9, as size-limit measures them for scripts/check-budgets.mjs. Reads packages/app/dist as
 * `npm run build` left it.
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
  for (const file of authScreenChunks()) srcs.add(file);
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

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The sign-in screen's chunk and those it imports statically, transitively (the ones the HTML names included). */
function authScreenChunks(): string[] {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return [];
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  visit('src/routes/auth/auth-screen.tsx');
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}
