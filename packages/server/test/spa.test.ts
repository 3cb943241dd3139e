import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, testDb } from './helpers.ts';

/** The built pages' inline boot script (packages/app/vite.config.ts writes the real one). */
const boot =
  '(()=>{const d=document.currentScript.dataset;requestAnimationFrame(()=>console.log(d.entry))})();';

/**
 * A built app's folder: index.html, optionally shell.html (the signed-in shell's page), a chunk and /sw.js. The
 * pages of the build with a shell carry the inline boot script, as the real build's do.
 */
function dist(withShell: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'crw-spa-'));
  mkdirSync(join(dir, 'assets'));
  const script = withShell ? `<script data-entry="/assets/main-abc.js">${boot}</script>` : '';
  const external = '<script type="module" src="/assets/main-abc.js"></script>';
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>índice</title>${script}${external}`);
  if (withShell) writeFileSync(join(dir, 'shell.html'), `<!doctype html><title>armazón</title>${script}`);
  writeFileSync(join(dir, 'assets', 'main-abc.js'), 'export {};');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("push", () => {});');
  return dir;
}

describe(`the built app's pages on ${testDb}`, () => {
  const dirs: string[] = [];
  let withShell: TestContext;
  let withoutShell: TestContext;
  beforeAll(async () => {
    dirs.push(dist(true), dist(false));
    withShell = await createTestApp({ APP_DIST_DIR: dirs[0]! });
    withoutShell = await createTestApp({ APP_DIST_DIR: dirs[1]! });
  });
  afterAll(async () => {
    await withShell?.close();
    await withoutShell?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answers shell.html for every screen but /auth, which gets index.html; neither is cached', async () => {
    for (const url of ['/', '/settings', '/admin/users', '/cycles/abc?tab=items', '/no-existe']) {
      const res = await withShell.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('armazón');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/auth', '/auth?next=%2F', '/auth/']) {
      const res = await withShell.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('índice');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves index.html everywhere from a build without shell.html', async () => {
    for (const url of ['/', '/auth', '/settings']) {
      const res = await withoutShell.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('índice');
    }
  });

  it("allows the pages' inline boot script by its hash, and no other inline script", async () => {
    const scriptSrc = (res: { headers: Record<string, unknown> }) =>
      /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
    const hash = createHash('sha256').update(boot).digest('base64');
    for (const url of ['/', '/auth', '/api/health']) {
      // Both pages carry the same script: one hash.
      expect(scriptSrc(await withShell.app.inject({ method: 'GET', url })), url).toBe(
        `'self' 'sha256-${hash}'`,
      );
      // A build whose pages have no inline script allows none.
      expect(scriptSrc(await withoutShell.app.inject({ method: 'GET', url })), url).toBe("'self'");
    }
  });

  it('caches hashed assets for good, never the worker, and answers what is missing with a JSON 404', async () => {
    const asset = await withShell.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await withShell.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    for (const url of ['/assets/main-otra.js', '/favicon-perdido.png', '/api/nada']) {
      const res = await withShell.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Ruta no encontrada', code: 'ROUTE_NOT_FOUND' });
    }
    const post = await withShell.app.inject({ method: 'POST', url: '/settings' });
    expect(post.statusCode).toBe(404);
  });
});
