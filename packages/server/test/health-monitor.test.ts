import { describe, expect, it } from 'vitest';
import { createHealthMonitor, PROBE_TIMEOUT_MS } from '../src/lib/health.ts';
import { createTestApp } from './helpers.ts';

/** A logger that keeps its lines (level and object), as pino would write them. */
function recordingLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      lines.push({ level, obj, msg });
  const log = {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    fatal: at('fatal'),
    trace: at('trace'),
    child: () => log,
    level: 'info',
    silent: () => undefined,
  };
  return { log: log as never, lines };
}

describe('the health monitor', () => {
  it('logs a dependency going down once, and its recovery once, however many failures it hears', () => {
    const { log, lines } = recordingLog();
    const health = createHealthMonitor(log);
    health.configure('redis', true);
    expect(health.snapshot().status).toBe('ok');
    for (let i = 0; i < 50; i++) health.report('redis', false, new Error('connect ECONNREFUSED'));
    expect(health.snapshot()).toMatchObject({
      status: 'degraded',
      checks: { redis: { state: 'down', error: 'Redis no responde' } },
    });
    for (let i = 0; i < 50; i++) health.report('redis', true);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'Redis no responde'],
      ['warn', 'Redis vuelve a responder'],
    ]);
    expect(lines[0]!.obj).toMatchObject({
      dependency: 'redis',
      state: 'down',
      cause: 'connect ECONNREFUSED',
    });
    expect(lines[1]!.obj.downForMs).toBeTypeOf('number');
    expect(health.snapshot().status).toBe('ok');
  });

  it('is down when the database is, degraded when only another part is, and off parts never count', () => {
    const health = createHealthMonitor(recordingLog().log);
    health.configure('database', true);
    health.configure('smtp', false);
    health.report('storage', false);
    expect(health.snapshot().status).toBe('degraded');
    health.report('database', false);
    expect(health.snapshot().status).toBe('down');
    expect(health.snapshot().checks.smtp.state).toBe('off');
  });

  it('runs a probe at most once per its time, and a probe that hangs counts as down', async () => {
    const health = createHealthMonitor(recordingLog().log);
    let calls = 0;
    health.setProbe(
      'smtp',
      async () => {
        calls += 1;
        return true;
      },
      { ttlMs: 60_000 },
    );
    await Promise.all([health.check(), health.check()]);
    await health.check();
    expect(calls).toBe(1);
    health.setProbe('storage', () => new Promise<boolean>(() => undefined), { ttlMs: 0 });
    const started = Date.now();
    const report = await health.check();
    expect(Date.now() - started).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 50);
    expect(report.checks.storage.state).toBe('down');
    expect(report.status).toBe('degraded');
  });

  it('draining answers at once, whatever the dependencies', () => {
    const health = createHealthMonitor(recordingLog().log);
    health.report('database', false);
    health.drain();
    expect(health.draining).toBe(true);
    expect(health.snapshot().status).toBe('draining');
  });
});

describe('GET /api/health', () => {
  it('answers each check with its state and since when; 200 degraded, 503 down and draining', async () => {
    const ctx = await createTestApp();
    try {
      const ok = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control']).toBe('no-store');
      const body = ok.json();
      expect(body.status).toBe('ok');
      expect(Object.keys(body.checks).sort()).toEqual(['database', 'redis', 'smtp', 'storage']);
      expect(body.checks.database.state).toBe('ok');
      expect(Date.parse(body.checks.database.since)).not.toBeNaN();

      ctx.app.health.report('storage', false, new Error('EACCES'));
      const degraded = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.json()).toMatchObject({
        status: 'degraded',
        checks: { storage: { state: 'down', error: 'El almacenamiento de archivos no responde' } },
      });

      ctx.app.health.drain();
      const draining = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().status).toBe('draining');
      // Every answer while draining closes its connection (keep-alive clients go to another instance).
      expect(draining.headers.connection).toBe('close');
    } finally {
      await ctx.close();
    }
  });
});
