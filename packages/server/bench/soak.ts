/**
 * The mixed soak: `workers` clients loop over a mix of reads and writes against one workspace server for
 * `seconds` (after an uncounted warm-up, so start-up growth is not counted as a leak). Reports the server's RSS
 * floor at the start and the end (see below), and the comment list's median latency in the first and the last
 * tenth of the run: a leak shows as growing memory, a cost that grows with the data or with time as a rising
 * median.
 */
import { percentile } from './broadcast.ts';
import { rssOf } from './processes.ts';
import type { Seeded } from './seed.ts';

export interface SoakResult {
  seconds: number;
  requests: number;
  failures: number;
  /** The lowest RSS sampled in the first fifth of the run, and in the last fifth. */
  rssStart: number;
  rssEnd: number;
  rssPeak: number;
  growthPct: number;
  commentListFirstMs: number;
  commentListLastMs: number;
}

type Op = 'comment-list' | 'comment-post' | 'items' | 'notifications' | 'me';
/** Out of 20 operations: 6 comment lists, 4 comments posted, 4 item lists, 3 notification lists, 3 /auth/me. */
const mix: Op[] = [
  ...Array<Op>(6).fill('comment-list'),
  ...Array<Op>(4).fill('comment-post'),
  ...Array<Op>(4).fill('items'),
  ...Array<Op>(3).fill('notifications'),
  ...Array<Op>(3).fill('me'),
];

export async function soak(
  base: string,
  seeded: Seeded,
  pid: number | undefined,
  opts: { seconds: number; warmupSeconds: number; workers: number },
): Promise<SoakResult> {
  // Threads on 20 items (not the one the comment row filled): they grow as the soak writes.
  const threads = seeded.itemIds.slice(1, 21);
  const headers = { authorization: `Bearer ${seeded.token}` };
  let n = 0;
  const call = async (op: Op) => {
    const item = threads[n++ % threads.length]!;
    const path =
      op === 'comment-list'
        ? `/api/comments?entityType=item&entityId=${item}&page=1&limit=20`
        : op === 'items'
          ? `/api/production/cycles/${seeded.cycleId}/items?limit=50&sort=createdAt&order=desc`
          : op === 'notifications'
            ? '/api/notifications'
            : op === 'me'
              ? '/api/auth/me'
              : '/api/comments';
    const post = op === 'comment-post';
    const res = await fetch(base + path, {
      method: post ? 'POST' : 'GET',
      headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
      body: post
        ? JSON.stringify({ entityType: 'item', entityId: item, body: `<p>Comentario ${n} del soak</p>` })
        : undefined,
    });
    await res.arrayBuffer();
    return res.ok;
  };

  const loop = async (until: number, record?: (op: Op, at: number, ms: number, ok: boolean) => void) => {
    let i = 0;
    while (performance.now() < until) {
      const op = mix[(i++ * 7) % mix.length]!;
      const t0 = performance.now();
      let ok = false;
      try {
        ok = await call(op);
      } catch {
        ok = false;
      }
      record?.(op, t0, performance.now() - t0, ok);
    }
  };

  const warmEnd = performance.now() + opts.warmupSeconds * 1000;
  await Promise.all(Array.from({ length: opts.workers }, () => loop(warmEnd)));

  // RSS is sampled four times a second. Under load it is a sawtooth: the heap fills with garbage until V8
  // collects it (60 MB and more from top to bottom here), so one sample reads where in that cycle it fell. A leak
  // raises the floor: the lowest sample of the first fifth is compared with the lowest of the last fifth (each
  // spans a collection cycle or more); the peak is reported beside them.
  const samples: Array<{ at: number; rss: number }> = [];
  const sample = () => {
    const rss = rssOf(pid);
    if (rss !== undefined) samples.push({ at: performance.now(), rss });
  };
  sample();
  const sampler = setInterval(sample, 250);
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  const tenth = (end - start) / 10;
  const first: number[] = [];
  const last: number[] = [];
  let requests = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: opts.workers }, () =>
      loop(end, (op, at, ms, ok) => {
        requests += 1;
        if (!ok) failures += 1;
        if (op !== 'comment-list') return;
        if (at < start + tenth) first.push(ms);
        else if (at >= end - tenth) last.push(ms);
      }),
    ),
  );
  clearInterval(sampler);
  sample();
  const fifth = (end - start) / 5;
  const floor = (from: number, to: number) =>
    Math.min(...samples.filter((x) => x.at >= from && x.at <= to).map((x) => x.rss));
  const rssStart = floor(0, start + fifth);
  const rssEnd = floor(end - fifth, Number.POSITIVE_INFINITY);
  return {
    seconds: opts.seconds,
    requests,
    failures,
    rssStart,
    rssEnd,
    rssPeak: Math.max(...samples.map((x) => x.rss)),
    growthPct:
      Number.isFinite(rssStart) && rssStart > 0 ? ((rssEnd - rssStart) / rssStart) * 100 : Number.NaN,
    commentListFirstMs: percentile(first, 50),
    commentListLastMs: percentile(last, 50),
  };
}
