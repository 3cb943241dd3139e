/**
 * The loop of a queue worker in one instance: `drain()` runs `drainOnce` until it finds nothing, never two at
 * once (a request for more while one runs makes it go round again); `start()` also drains every `pollMs`, so
 * work whose retry came due, or whose instance died, is picked up without anyone asking.
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
  drainOnce: () => Promise<number>;
  pollMs: number;
  onError: (err: unknown) => void;
}): DrainLoop {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await opts.drainOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const kick = () => void drain().catch(opts.onError);
  return {
    drain,
    kick,
    start() {
      timer ??= setInterval(kick, opts.pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
