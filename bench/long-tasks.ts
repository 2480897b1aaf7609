// How long the page's main thread is held, two ways: the long tasks Chromium reports (PerformanceObserver 'longtask',
// wall time: inflated when other processes hold the CPU) and each task's own CPU time on the renderer's main thread
// from a Chromium trace (what the page's code and layout cost, whatever else runs on the machine).
import { cpus, loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';

// Browser-side code as strings: test files are type-checked without DOM types.
const WATCH = `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
}).observe({ type: 'longtask', buffered: true });`;

/** Starts recording long tasks on every document the page loads from now on. */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript({ content: WATCH });
}

const settle = (page: Page) =>
  page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))))`,
  );

export type MainThreadFigures = Readonly<{
  /** The longest task the page reported (over 50 ms, wall time), 0 when none. */
  longestWallMs: number;
  /** The longest task's CPU time on the renderer's main thread. */
  longestCpuMs: number;
  /** Whether more processes wanted the CPU than it has cores while this was measured (wall times then mean little). */
  oversubscribed: boolean;
}>;

type TraceEvent = { ph: string; name: string; pid: number; tid: number; tdur?: number; args?: { name?: string } };

/** The CPU time (ms) of each top-level task on the renderers' main threads in a Chromium trace. */
function mainThreadTaskCpuMs(trace: Buffer): number[] {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mainThreads.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000);
}

/** Runs `action` on the page, waits until the page is idle again, and returns how long its main thread was held. */
export async function measureMainThread(
  browser: Browser,
  page: Page,
  action: () => Promise<void>,
): Promise<MainThreadFigures> {
  await settle(page);
  await page.evaluate(`window.__longTasks.splice(0)`);
  const load = loadavg()[0]!;
  await browser.startTracing(page, { categories: ['toplevel'] });
  let trace: Buffer;
  try {
    await action();
    await settle(page);
  } finally {
    trace = await browser.stopTracing();
  }
  const wall = (await page.evaluate(`window.__longTasks.splice(0)`)) as number[];
  const cpu = mainThreadTaskCpuMs(trace);
  if (cpu.length === 0) throw new Error('the trace holds no task of the page’s main thread');
  return {
    longestWallMs: Math.max(0, ...wall),
    longestCpuMs: Math.round(Math.max(...cpu)),
    oversubscribed: Math.max(load, loadavg()[0]!) > cpus().length,
  };
}
