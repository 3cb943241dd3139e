import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own time: without the time it waited for a core (or was held by the throttling). */
  tdur?: number;
  args?: { name?: string };
}

export interface MainThreadWork {
  /** The main thread's tasks added up, in milliseconds. */
  totalMs: number;
  /** The longest of them. */
  longestMs: number;
  tasks: number;
  /**
   * The same tasks' thread time (not slowed down, and without the time they waited for a core): a figure to
   * compare changes by on a busy machine, where `totalMs` moves by ±50% from one run to the next.
   */
  cpuMs: number;
}

/**
 * Main-thread work of one action, read from a Chromium trace with the CPU slowed down `rate` times (DevTools'
 * «4× slowdown»): the renderer's main-thread tasks (`RunTask`) added up, from the input to `done` holding in the
 * page. The input is dispatched through CDP and `done` is awaited by one CDP evaluation that a MutationObserver
 * resolves, so Playwright's own work (selectors, actionability checks, its trace's snapshots) adds nothing to
 * what is measured. The spec should also turn Playwright's tracing off (`test.use({ trace: 'off' })`).
 *
 * `act` receives the CDP session; `done` is a predicate's source, run in the page (`() => boolean`). TRACE_RATE=n
 * measures at another slowdown (1: the machine's own speed) when taking an action apart.
 */
export async function mainThreadWork(
  page: Page,
  act: (click: (x: number, y: number) => Promise<void>) => Promise<void>,
  done: string,
  rate = 4,
): Promise<MainThreadWork> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => {
    // Typed by Playwright as string maps; they are Chromium's trace events.
    events.push(...(e.value as unknown as TraceEvent[]));
  });
  // Armed before the trace starts: resolves once `done` holds after a change of the document.
  await page.evaluate((source) => {
    const check = new Function(`return (${source})()`) as () => boolean;
    (window as unknown as { __actionDone: Promise<void> }).__actionDone = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (check()) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, done);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.TRACE_RATE ?? rate) });
  // With TRACE_DUMP, the JavaScript samples too (which functions the time went to), from DevTools' profiler started
  // before the trace: started inside it (the trace's `v8.cpu_profiler` category), V8 logs every compiled function
  // in the first task that runs script, 300–400 ms at 4× that were counted as the action's.
  const profile = Boolean(process.env.TRACE_DUMP);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: ['__metadata', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
  });
  const click = async (x: number, y: number) => {
    for (const type of ['mousePressed', 'mouseReleased'] as const)
      await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 });
  };
  await act(click);
  // Through CDP, not page.evaluate: Playwright's own tracing would snapshot the whole document at each of its
  // calls, on the main thread being measured. One frame more: the paint of the final state belongs to the action.
  await cdp.send('Runtime.evaluate', {
    expression:
      'window.__actionDone.then(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))))',
    awaitPromise: true,
  });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  const samples = profile ? (await cdp.send('Profiler.stop')).profile : null;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();

  // The page's renderer main thread: the CrRendererMain thread with the most tasks in the trace.
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const tasks = (pid: number, tid: number) =>
    events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === pid && e.tid === tid);
  const main = mains.map((m) => tasks(m.pid, m.tid)).sort((a, b) => b.length - a.length)[0];
  if (!main?.length) throw new Error('La traza no tiene tareas del hilo principal');
  // TRACE_DUMP=folder keeps each trace (open it in DevTools' Performance panel) and its JavaScript samples
  // (`.cpuprofile`, on the trace's clock: DevTools' JavaScript Profiler, or a script with the build's source maps).
  if (process.env.TRACE_DUMP) {
    const name = join(process.env.TRACE_DUMP, `trace-${Date.now()}`);
    writeFileSync(`${name}.json`, JSON.stringify({ traceEvents: events }));
    if (samples) writeFileSync(`${name}.cpuprofile`, JSON.stringify(samples));
  }
  const durations = main.map((e) => (e.dur ?? 0) / 1000);
  return {
    totalMs: Math.round(durations.reduce((a, b) => a + b, 0) * 10) / 10,
    longestMs: Math.round(Math.max(...durations) * 10) / 10,
    tasks: durations.length,
    cpuMs: Math.round(main.reduce((a, e) => a + (e.tdur ?? 0), 0) / 100) / 10,
  };
}
