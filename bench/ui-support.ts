// What the UI benchmarks share: a workspace of N questions run through the real engine on the fake provider, served
// by `ai-eval serve`, and measurements of a page in Chromium (scroll frames, long tasks, heap and DOM size).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Page } from 'playwright-core';
import { stringify } from 'yaml';
import { createApp } from '../src-main/app/create-app';
import { TrustStore } from '../src-main/workspace/trust';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Writes a one-target workspace of `questions` questions on the fake provider at `providerUrl`. */
export function writeUiWorkspace(workspace: string, providerUrl: string, questions: number): void {
  mkdirSync(join(workspace, 'datasets'), { recursive: true });
  writeFileSync(
    join(workspace, 'aieval.yaml'),
    stringify({
      providers: { fake: { kind: 'ollama', base_url: providerUrl } },
      settings: { concurrency: 32, rate_limit: { max_retries: 0, base_delay_ms: 0 } },
      targets: [{ id: 'bench', provider: 'fake', model: 'bench-model', dataset: 'bench', graders: ['format_grader'] }],
    }),
  );
  const items = Array.from({ length: questions }, (_, i) => ({
    id: `q${String(i).padStart(6, '0')}`,
    input: `Question ${i}: when is the main branch open?`,
    tags: [`batch-${i % 10}`],
  }));
  writeFileSync(join(workspace, 'datasets', 'bench.yaml'), stringify({ id: 'bench', questions: items }));
}

/** Runs the workspace's target `count` times, one run after the other, and returns the run ids. */
export async function runTarget(workspace: string, configDir: string, count: number): Promise<string[]> {
  const app = createApp({
    workspaceDir: workspace,
    resourcesDir: join(import.meta.dirname, '..', 'resources'),
    trust: new TrustStore(configDir),
    logger: silent,
  });
  const runIds: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const finished = new Promise<string>((resolve) => {
        const stop = app.events.subscribe((name, payload) => {
          if (name !== 'runs.finished') return;
          stop();
          resolve((payload as { runId: string }).runId);
        });
      });
      const started = await app.dispatch('runs.start', { targetId: 'bench' }, { transport: 'in-process' });
      if (!started.ok) throw new Error(started.error.message);
      runIds.push(await finished);
    }
  } finally {
    await app.dispose();
  }
  return runIds;
}

/** `ai-eval serve` on the workspace, as a user starts it; resolves with the URL it prints. */
export async function serveWorkspace(workspace: string, configDir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'bin', 'ai-eval.js'), 'serve', '--workspace', workspace, '--port', '0'],
    { env: { ...process.env, AIEVAL_CONFIG_DIR: configDir }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('http://') && resolve(line.trim())),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

export type ScrollFigures = Readonly<{ p95: number; max: number; rows: number; longTasks: number }>;

/**
 * Scrolls `scrollerSelector` 240 frames of 600 px and times each frame; counts the rows matching `rowSelector` left in
 * the DOM and the long tasks (over 50 ms) seen meanwhile.
 */
export async function measureScroll(page: Page, scrollerSelector: string, rowSelector: string): Promise<ScrollFigures> {
  // Browser-side code as strings: this file is type-checked without DOM types.
  await page.evaluate(
    `window.longTasks = 0; new PerformanceObserver((list) => (window.longTasks += list.getEntries().length)).observe({ type: 'longtask' });`,
  );
  const scroll = (await page.evaluate(`(async () => {
    const scroller = document.querySelector(${JSON.stringify(scrollerSelector)});
    const frames = [];
    let last = performance.now();
    for (let i = 0; i < 240; i++) {
      scroller.scrollTop += 600;
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
    }
    frames.sort((a, b) => a - b);
    return { p95: frames[Math.floor(frames.length * 0.95)], max: frames.at(-1), rows: document.querySelectorAll(${JSON.stringify(rowSelector)}).length };
  })()`)) as Omit<ScrollFigures, 'longTasks'>;
  return { ...scroll, longTasks: (await page.evaluate('window.longTasks')) as number };
}

/** The page's JS heap in MB and its DOM node count. */
export async function pageSize(page: Page): Promise<{ heapMb: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return {
    heapMb: (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1e6,
    nodes: metrics.find((m) => m.name === 'Nodes')?.value ?? 0,
  };
}
