// Answers of 1 MB in each shape (no spaces, words, ~37,000 lines), served with two runs of them and their traces, and
// the steps a user takes on them: shared by the long-answers e2e test (what the page shows) and its benchmark
// (bench/ui-long-answers.ts: how long each step holds the page's main thread).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { stringify } from 'yaml';
import { startFakeProviderServer, type FakeProviderServer } from '../../fixtures/fake-provider-server';
import { lastUserText } from '../../fixtures/fake-scripts';
import { chatTrace, writeJsonLines } from '../../integration/traces/traces-fixtures';
import { rpc, serveExample, type Served } from './serve';

export const MB = 1_048_576;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
/** The three shapes of the issue's repro, 1 MB each. */
const SHAPES: Readonly<Record<string, string>> = {
  no_spaces: fill('aGVsbG8gd29ybGQ0MjEwMTIzNDU2Nzg5QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo='),
  words: fill('The branch opens at nine on weekdays and at noon on Sundays, closing at five. '),
  lines: fill('line of an answer: 0.20 EUR\n'),
};
export const QUESTION_IDS = Object.keys(SHAPES);
/** One word that finds a shape's trace in the workbench's text search. */
export const searchWord = (id: string) => `shape${id.replace('_', '')}`;

function writeWorkspace(providerUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-long-answers-'));
  mkdirSync(join(dir, 'datasets'));
  writeFileSync(
    join(dir, 'aieval.yaml'),
    stringify({
      providers: { fake: { kind: 'ollama', base_url: providerUrl } },
      settings: { rate_limit: { max_retries: 0, base_delay_ms: 0 } },
      targets: [{ id: 'long', provider: 'fake', model: 'llama3.1:8b', dataset: 'long', graders: ['format_grader'] }],
    }),
  );
  writeFileSync(
    join(dir, 'datasets', 'long.yaml'),
    stringify({ id: 'long', questions: QUESTION_IDS.map((id) => ({ id, input: `Answer in the shape ${id}.` })) }),
  );
  writeJsonLines(
    dir,
    'long-traces.jsonl',
    QUESTION_IDS.map((id, n) => chatTrace(n + 1, { question: `Trace of ${searchWord(id)}`, answer: SHAPES[id] })),
  );
  return dir;
}

/** Runs the target through the API and waits for its end (asking for its status every 100 ms, for 60 s at most). */
async function runToEnd(served: Served): Promise<string> {
  const { runId } = await rpc<{ runId: string }>(served, 'runs.start', { targetId: 'long' });
  for (let i = 0; i < 600; i++) {
    const detail = await rpc<{ run: { status: string } }>(served, 'runs.get', { runId });
    if (detail.run.status !== 'pending' && detail.run.status !== 'running') {
      if (detail.run.status !== 'complete') throw new Error(`the seeding run ended ${detail.run.status}`);
      return runId;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the seeding run did not end in 60 s');
}

export type LongAnswers = Readonly<{ fake: FakeProviderServer; served: Served; runIds: readonly string[] }>;

/** The fake provider answering each shape, the workspace served, two runs of it and its traces imported. */
export async function serveLongAnswers(): Promise<LongAnswers> {
  const fake = await startFakeProviderServer({
    record: false,
    script: (request) => ({ text: SHAPES[/shape (\w+)/.exec(lastUserText(request))?.[1] ?? ''] ?? 'ok' }),
  });
  const served = await serveExample({ workspaceDir: writeWorkspace(fake.url), init: false });
  const runIds = [await runToEnd(served), await runToEnd(served)];
  await rpc(served, 'traces.import', { paths: ['long-traces.jsonl'] });
  return { fake, served, runIds };
}

/** Clicks "show all" in `text` and waits until every block of the answer is on the page. */
export async function showAll(text: Locator): Promise<void> {
  await text.getByTestId('show-all').click();
  await text.getByTestId('show-less').waitFor({ timeout: 30_000 });
  await text
    .page()
    .waitForFunction((element) => element.querySelectorAll('[role=status]').length === 0, await text.elementHandle(), {
      timeout: 30_000,
    });
}

/** Scrolls `scroller` (the page when null) to its end, a screen or more per frame, so every block gets laid out. */
export async function scrollThrough(page: Page, scroller: string | null): Promise<void> {
  await page.evaluate(`(async () => {
    const scroller = ${scroller === null ? 'document.scrollingElement' : `document.querySelector(${JSON.stringify(scroller)})`};
    for (let i = 0; i < 5000; i++) {
      const before = scroller.scrollTop;
      scroller.scrollTop += Math.max(scroller.clientHeight, 1500);
      await new Promise(requestAnimationFrame);
      if (scroller.scrollTop === before) break;
    }
  })()`);
}

/** The run page of `runId` with `questionId` listed; returns where its answer shows once the question is expanded. */
export async function openRunPage(page: Page, origin: string, runId: string, questionId: string): Promise<Locator> {
  await page.goto(`${origin}/#/runs/${encodeURIComponent(runId)}`);
  await page.getByTestId(`question-${questionId}`).waitFor();
  return page.getByTestId(`result-detail-${questionId}`).getByTestId('response');
}

/** The comparison matrix of `runIds`, its row of `questionId` shown; returns the row and its detail once opened. */
export async function openMatrix(
  page: Page,
  origin: string,
  runIds: readonly string[],
  questionId: string,
): Promise<Readonly<{ row: Locator; detail: Locator }>> {
  await page.goto(`${origin}/#/matrix/${runIds.map(encodeURIComponent).join('/')}`);
  const row = page.getByTestId(`matrix-row-${questionId}`);
  await row.waitFor();
  return { row, detail: page.getByTestId(`matrix-detail-${questionId}`) };
}

/** Searches the trace workbench for `questionId`'s trace and waits until its item is the one shown. */
export async function findTrace(page: Page, questionId: string): Promise<void> {
  await page.getByPlaceholder('Search text').fill(searchWord(questionId));
  const firstTurn = page.getByTestId('review-item').locator('.turn-user').first();
  await firstTurn.filter({ hasText: searchWord(questionId) }).waitFor({ timeout: 30_000 });
}
