import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** The pages the build writes (shell.html is optional). */
const PAGES = ['index.html', 'shell.html'];

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the built pages: the boot script that asks for the app's
 * files after the first paint (packages/app/vite.config.ts, paintThenStart). Read from the pages themselves, so
 * they follow every build; no other inline script runs. None without a build.
 */
export function inlineScriptSources(distDir: string): string[] {
  const sources = new Set<string>();
  for (const page of PAGES) {
    const file = join(distDir, page);
    if (!existsSync(file)) continue;
    for (const [, body] of readFileSync(file, 'utf8').matchAll(
      /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g,
    ))
      if (body?.trim()) sources.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...sources];
}

/**
 * Serves the built SPA: hashed assets cached immutably, `/sw.js` and the pages never cached, and every
 * non-API GET path answered with a page (history fallback). API paths answer JSON 404. The page is
 * `shell.html` (index.html that also preloads the signed-in shell's chunks, written by the app's build) for
 * every path but /auth, which keeps the plain `index.html`; a build without shell.html serves index.html.
 */
export const spaPlugin = fp(spa, { name: 'crw-spa' });

async function spa(app: FastifyInstance, opts: { distDir: string }) {
  const hasDist = existsSync(join(opts.distDir, 'index.html'));
  const hasShell = existsSync(join(opts.distDir, 'shell.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (/[/\\]assets[/\\]/.test(path)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
        if (path.endsWith('sw.js')) res.header('Service-Worker-Allowed', '/');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io') || !hasDist) {
      throw new AppError('ROUTE_NOT_FOUND');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('ROUTE_NOT_FOUND');
    // A missing hashed asset must not come back as HTML.
    if (path.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(path)) throw new AppError('ROUTE_NOT_FOUND');
    reply.header('Cache-Control', 'no-cache');
    const signIn = path === '/auth' || path.startsWith('/auth/');
    return reply.sendFile(hasShell && !signIn ? 'shell.html' : 'index.html');
  });
}
