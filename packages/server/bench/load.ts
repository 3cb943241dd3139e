/**
 * HTTP load with autocannon: the same request, the same connections and the same duration for the workspace
 * and the raw baseline, one server at a time. A short warm-up run (not counted) comes first, so both are
 * measured with their code optimised and their database pages cached.
 */
import autocannon from 'autocannon';
import type { Seeded } from './seed.ts';

export interface HttpCase {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: (s: Seeded) => string;
  body?: (s: Seeded) => unknown;
  /** Whose request it is: the employee's (default), the admin's or the portfolio's client's. */
  as?: 'employee' | 'admin' | 'client';
}

export interface LoadResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Size of one answer's JSON, bytes. */
  answerBytes: number;
  requests: number;
  /** Answers that were not 2xx, connection errors, timeouts, or no answer at all: any makes the figure invalid. */
  failures: number;
}

/** The token a case's requests carry. */
export const tokenFor = (c: HttpCase, s: Seeded) =>
  c.as === 'admin' ? s.adminToken : c.as === 'client' ? s.clientToken : s.token;

export async function measure(
  base: string,
  c: HttpCase,
  seeded: Seeded,
  opts: { connections: number; seconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  const url = base + c.path(seeded);
  const headers: Record<string, string> = { authorization: `Bearer ${tokenFor(c, seeded)}` };
  const body = c.body ? JSON.stringify(c.body(seeded)) : undefined;
  if (body) headers['content-type'] = 'application/json';

  const probe = await fetch(url, { method: c.method, headers, body });
  const answer = await probe.arrayBuffer();
  if (!probe.ok)
    throw new Error(`${c.method} ${url} → ${probe.status}: ${Buffer.from(answer).toString().slice(0, 300)}`);

  // Requests still queued when a run stops would be served during the next one (PGlite answers one at a time):
  // each run starts once the server answers its health check, i.e. once that backlog is gone.
  const settle = async () => {
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
  };
  const run = async (duration: number) => {
    await settle();
    return autocannon({
      url,
      method: c.method,
      headers,
      body,
      connections: opts.connections,
      duration,
      timeout: 10,
    });
  };
  if (opts.warmupSeconds > 0) await run(opts.warmupSeconds);
  let r = await run(opts.seconds);
  // Not one answer within a short run (a loaded machine, a --quick run): once more, three times as long.
  if (r.requests.total === 0) r = await run(opts.seconds * 3);
  await settle();
  return {
    reqPerSec: r.requests.total / r.duration,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    answerBytes: answer.byteLength,
    requests: r.requests.total,
    // No answer at all in the whole run is a failure too, not 0 req/s.
    failures: r.non2xx + r.errors + r.timeouts + (r.requests.total === 0 ? 1 : 0),
  };
}

/**
 * `sides` measured in turn on the same request — a, b, a, b, … for `rounds` rounds — so a noisy moment of the
 * machine falls on both; each side warms up before its first run only. Medians per side (rate, p50, p99).
 */
export async function interleaved(
  sides: string[],
  c: HttpCase,
  seeded: Seeded,
  opts: { connections: number; seconds: number; warmupSeconds: number; rounds: number },
): Promise<Array<LoadResult & { runs: number[] }>> {
  const runs: LoadResult[][] = sides.map(() => []);
  for (let round = 0; round < opts.rounds; round++) {
    for (const [i, base] of sides.entries()) {
      runs[i]!.push(
        await measure(base, c, seeded, { ...opts, warmupSeconds: round === 0 ? opts.warmupSeconds : 0 }),
      );
    }
  }
  const median = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  return runs.map((rs) => ({
    reqPerSec: median(rs.map((r) => r.reqPerSec)),
    p50Ms: median(rs.map((r) => r.p50Ms)),
    p99Ms: median(rs.map((r) => r.p99Ms)),
    answerBytes: rs[0]!.answerBytes,
    requests: rs.reduce((sum, r) => sum + r.requests, 0),
    failures: rs.reduce((sum, r) => sum + r.failures, 0),
    runs: rs.map((r) => r.reqPerSec),
  }));
}
