import type { FastifyBaseLogger } from 'fastify';

/** The parts of the world the server depends on, as `/api/health` names them. */
export const DEPENDENCIES = ['database', 'redis', 'smtp', 'storage'] as const;
export type Dependency = (typeof DEPENDENCIES)[number];

/** `off`: not configured (no REDIS_URL, no SMTP_URL); it never makes the service degraded. */
export type CheckState = 'ok' | 'down' | 'off';
export type HealthStatus = 'ok' | 'degraded' | 'down' | 'draining';

export interface Check {
  state: CheckState;
  /** When the dependency entered this state (ISO 8601). */
  since: string;
  /** Why it is down, in Spanish (only while down). */
  error?: string;
}

export interface HealthReport {
  status: HealthStatus;
  checks: Record<Dependency, Check>;
}

/** An active check: answers whether the dependency works now (it may throw: that is "down" with its message). */
export type Probe = () => Promise<boolean>;

const SPANISH: Record<Dependency, { down: string; up: string }> = {
  database: { down: 'La base de datos no responde', up: 'La base de datos vuelve a responder' },
  redis: { down: 'Redis no responde', up: 'Redis vuelve a responder' },
  smtp: { down: 'El servidor de correo no responde', up: 'El servidor de correo vuelve a responder' },
  storage: {
    down: 'El almacenamiento de archivos no responde',
    up: 'El almacenamiento de archivos vuelve a responder',
  },
};

/** A probe that has not answered within this time counts as down (a health check must answer fast). */
export const PROBE_TIMEOUT_MS = 2_000;

/**
 * What the server knows of its dependencies, and the one place a change of their state is logged: each client
 * reports what it sees (`report`: an error event, a failed or a successful command), and `/api/health` runs the
 * probes that are due (`check`). A state change is logged once, as a structured line (`error` when a dependency
 * goes down, `warn` when it comes back), never once per failed command.
 */
export interface HealthMonitor {
  /** A client saw its dependency work (`ok: true`) or fail. Logged only when the state changes. */
  report(dependency: Dependency, ok: boolean, error?: unknown): void;
  /** Registers an active check of a configured dependency, run by `check()` at most once per `ttlMs`. */
  setProbe(dependency: Dependency, probe: Probe, opts?: { ttlMs?: number }): void;
  /** Marks a dependency as configured or not (`off`). */
  configure(dependency: Dependency, configured: boolean): void;
  /** The current state, without running probes. */
  snapshot(): HealthReport;
  /** Runs the probes that are due, then answers the current state. */
  check(): Promise<HealthReport>;
  /** SIGTERM: from now on the status is `draining` (the balancer stops sending new requests). */
  drain(): void;
  readonly draining: boolean;
}

export function createHealthMonitor(
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): HealthMonitor {
  const checks = {} as Record<Dependency, Check>;
  const stamp = now().toISOString();
  for (const d of DEPENDENCIES) checks[d] = { state: 'off', since: stamp };
  const probes = new Map<Dependency, { probe: Probe; ttlMs: number; at: number; running?: Promise<void> }>();
  let draining = false;

  const report = (dependency: Dependency, ok: boolean, error?: unknown) => {
    const previous = checks[dependency];
    const state: CheckState = ok ? 'ok' : 'down';
    if (previous.state === state) return;
    const message = describe(error);
    checks[dependency] = {
      state,
      since: now().toISOString(),
      ...(state === 'down' ? { error: SPANISH[dependency].down } : {}),
    };
    // `off` → `ok` is a first contact, not a recovery: nothing to tell.
    if (state === 'down') {
      log.error({ dependency, state, cause: message }, SPANISH[dependency].down);
    } else if (previous.state === 'down') {
      const downForMs = now().getTime() - Date.parse(previous.since);
      log.warn({ dependency, state, downForMs }, SPANISH[dependency].up);
    }
  };

  const runProbe = (dependency: Dependency) => {
    const entry = probes.get(dependency);
    if (!entry) return Promise.resolve();
    if (entry.running) return entry.running;
    if (Date.now() - entry.at < entry.ttlMs) return Promise.resolve();
    entry.running = (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const ok = await Promise.race([
          entry.probe(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('sin respuesta a tiempo')), PROBE_TIMEOUT_MS);
          }),
        ]);
        report(dependency, ok);
      } catch (err) {
        report(dependency, false, err);
      } finally {
        clearTimeout(timer);
        entry.at = Date.now();
        entry.running = undefined;
      }
    })();
    return entry.running;
  };

  const snapshot = (): HealthReport => {
    const copy = Object.fromEntries(DEPENDENCIES.map((d) => [d, { ...checks[d] }])) as Record<
      Dependency,
      Check
    >;
    const status: HealthStatus = draining
      ? 'draining'
      : copy.database.state === 'down'
        ? 'down'
        : DEPENDENCIES.some((d) => copy[d].state === 'down')
          ? 'degraded'
          : 'ok';
    return { status, checks: copy };
  };

  return {
    report,
    setProbe(dependency, probe, opts) {
      probes.set(dependency, { probe, ttlMs: opts?.ttlMs ?? 1_000, at: 0 });
      if (checks[dependency].state === 'off')
        checks[dependency] = { state: 'ok', since: now().toISOString() };
    },
    configure(dependency, configured) {
      if (!configured) {
        probes.delete(dependency);
        checks[dependency] = { state: 'off', since: now().toISOString() };
      } else if (checks[dependency].state === 'off') {
        checks[dependency] = { state: 'ok', since: now().toISOString() };
      }
    },
    snapshot,
    async check() {
      await Promise.all(DEPENDENCIES.map(runProbe));
      return snapshot();
    },
    drain() {
      if (draining) return;
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return [typeof code === 'string' ? code : undefined, error.message].filter(Boolean).join(': ');
  }
  return String(error);
}
