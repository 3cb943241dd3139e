import { lostDatabaseConnection } from '../db/postgres.ts';

/**
 * The loop of a queue worker in one instance: `drain()` runs `drainOnce` until it finds nothing, never two at
 * once (a request for more while one runs makes it go round again); `start()` also drains every `pollMs`, so
 * work whose retry came due, or whose instance died, is picked up without anyone asking. `stop()` (on shutdown)
 * aborts the signal `drainOnce` receives: it claims nothing more and hands back what it holds, so another
 * instance takes it over at once instead of after a lease.
 */
export interface DrainLoop {
  /** Runs everything due that this instance can claim; answers how many it ran. */
  drain(): Promise<number>;
  /** Asks for a drain soon (new work was queued); errors are logged, never thrown. */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createDrainLoop(opts: {
  drainOnce: (signal: AbortSignal) => Promise<number>;
  pollMs: number;
  onError: (err: unknown) => void;
}): DrainLoop {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping = new AbortController();
  const drain = (): Promise<number> => {
    if (stopping.signal.aborted) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      const { signal } = stopping;
      do {
        again = false;
        total += await opts.drainOnce(signal);
      } while (again && !signal.aborted);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  // A drain that lost the database is not logged: app.health logs the outage once (db/postgres.ts), where a
  // poll every few seconds would log it again each time, in each worker.
  const kick = () =>
    void drain().catch((err: unknown) => {
      if (!lostDatabaseConnection(err)) opts.onError(err);
    });
  return {
    drain,
    kick,
    start() {
      if (stopping.signal.aborted) stopping = new AbortController();
      timer ??= setInterval(kick, opts.pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await running?.catch(() => undefined);
    },
  };
}
