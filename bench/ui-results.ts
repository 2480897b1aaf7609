// UI benchmark (SPEC 16): the results explorer opens a 50,000-question run in under 1 s and scrolls without long frames.
// Builds the run with the real engine against the fake provider, serves it with `ai-eval serve`, and drives Chromium.
// Run: npm run build:web && node --import tsx bench/ui-results.ts [--questions 50000]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { createApp } from '../src-main/app/create-app';
import { TrustStore } from '../src-main/workspace/trust';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';
import { launchBrowser } from '../test/e2e/support/browser';

const { values } = parseArgs({ options: { questions: { type: 'string', default: '50000' } } });
const questions = Number(values.questions);
const root = mkdtempSync(join(tmpdir(), 'aieval-bench-ui-'));
const workspace = join(root, 'workspace');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function buildRun(providerUrl: string): Promise<string> {
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
  }));
  writeFileSync(join(workspace, 'datasets', 'bench.yaml'), stringify({ id: 'bench', questions: items }));
  const app = createApp({
    workspaceDir: workspace,
    resourcesDir: join(import.meta.dirname, '..', 'resources'),
    trust: new TrustStore(join(root, 'config')),
    logger: silent,
  });
  const finished = new Promise<string>((resolve) =>
    app.events.subscribe((name, payload) => name === 'runs.finished' && resolve((payload as { runId: string }).runId)),
  );
  const started = await app.dispatch('runs.start', { targetId: 'bench' }, { transport: 'in-process' });
  if (!started.ok) throw new Error(started.error.message);
  const runId = await finished;
  await app.dispose();
  return runId;
}

async function serve(): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, '..', 'bin', 'ai-eval.js'), 'serve', '--workspace', workspace, '--port', '0'],
    {
      env: { ...process.env, AIEVAL_CONFIG_DIR: join(root, 'config') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('http://') && resolve(line.trim())),
  );
  return { url, stop: () => child.kill('SIGTERM') };
}

const provider = await startFakeProviderServer({
  record: false,
  script: () => ({ text: 'The main branch opens at 9:00 on weekdays and 12:00 on Sundays.' }),
});
try {
  const buildStart = performance.now();
  const runId = await buildRun(provider.url);
  console.log(`built a ${questions}-question run in ${((performance.now() - buildStart) / 1000).toFixed(1)} s`);
  const server = await serve();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await page.goto(server.url);
    await page.locator('[data-testid=portfolio]').waitFor();
    const origin = new URL(server.url).origin;
    const start = performance.now();
    await page.goto(`${origin}/#/runs/${runId}`);
    await page.locator('[data-testid^=question-q]').first().waitFor();
    const firstRowsMs = performance.now() - start;
    const total = await page.locator('.questions .toolbar .num').textContent();

    // Browser-side code as strings: this file is type-checked without DOM types.
    await page.evaluate(
      `window.longTasks = 0; new PerformanceObserver((list) => (window.longTasks += list.getEntries().length)).observe({ type: 'longtask' });`,
    );
    const scroll = (await page.evaluate(`(async () => {
      const scroller = document.querySelector('[data-testid=questions]');
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
      return { p95: frames[Math.floor(frames.length * 0.95)], max: frames.at(-1), rows: document.querySelectorAll('[data-testid^=question-q]').length };
    })()`)) as { p95: number; max: number; rows: number };
    const longTasks = (await page.evaluate('window.longTasks')) as number;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heapMb = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1e6;
    const nodes = metrics.find((m) => m.name === 'Nodes')?.value ?? 0;
    console.table([
      {
        measure: 'time to first rows',
        value: `${Math.round(firstRowsMs)} ms`,
        target: '< 1000 ms',
        ok: firstRowsMs < 1000,
      },
      {
        measure: 'rows reported by the server',
        value: total,
        target: `${questions} rows`,
        ok: total?.startsWith(String(questions)),
      },
      {
        measure: 'scroll frame p95 / max (240 frames, 600 px each)',
        value: `${scroll.p95.toFixed(1)} / ${scroll.max.toFixed(1)} ms`,
        target: 'p95 ≤ 34 ms',
        ok: scroll.p95 <= 34,
      },
      { measure: 'long tasks while scrolling', value: longTasks, target: 'reported', ok: true },
      {
        measure: 'rows in the DOM (virtualised)',
        value: scroll.rows,
        target: '≪ rows of the run',
        ok: scroll.rows < 200,
      },
      {
        measure: 'page JS heap / DOM nodes',
        value: `${heapMb.toFixed(1)} MB / ${nodes}`,
        target: 'reported',
        ok: true,
      },
    ]);
    if (firstRowsMs >= 1000 || scroll.rows >= 200) process.exitCode = 1;
  } finally {
    await browser.close();
    server.stop();
  }
} finally {
  await provider.close();
  rmSync(root, { recursive: true, force: true });
}
