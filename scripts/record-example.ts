// Records the example's cassette (resources/example/recordings/helpdesk.jsonl) from the fake library model:
// `npx tsx scripts/record-example.ts`. Run it again after changing the example's prompts, dataset, rubrics,
// tools or the judge templates: every one of them is part of a recorded request, so a stale cassette misses.
// It records a run of both offline targets and one optimizer session of helpdesk_chat_offline (baseline,
// proposer, candidate runs), so Optimize and Compare prompts work offline from a fresh `ai-eval init`.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { createApp } from '../src-main/app/create-app';
import type { OptimizerFinished, OptimizerJob } from '../src-shared/model';
import {
  openCassetteWriter,
  readCassette,
  type CassetteEntry,
  type CassetteWriter,
} from '../src-main/engine/providers/cassette';
import { TrustStore } from '../src-main/workspace/trust';
import { startFakeProviderServer } from '../test/fixtures/fake-provider-server';
import { libraryModel } from '../test/fixtures/library-model';

const ROOT = join(import.meta.dirname, '..');
const EXAMPLE = join(ROOT, 'resources', 'example');
const BIN = join(ROOT, 'scripts', 'ai-eval-from-sources.js');
const CASSETTE = join('recordings', 'helpdesk.jsonl');
const TARGETS = ['helpdesk_chat_offline', 'helpdesk_agent_offline'];
/** The target the recorded optimizer session improves (its baseline clears the gate, so it is asked to propose). */
const OPTIMIZED = 'helpdesk_chat_offline';

type Report = {
  runs: {
    target: string;
    verdict: { avg_score: number | null; pass_rate: number | null } | null;
    questions: { id: string; status: string }[];
  }[];
};

/** Runs `ai-eval ...args` to its end; its output is kept for the error message. */
function aiEval(args: readonly string[], configDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, AIEVAL_CONFIG_DIR: configDir, CI: 'true' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** A temp copy of the example, with `edit` applied to its aieval.yaml. */
function copyOfExample(edit: (yaml: string) => string = (yaml) => yaml): string {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-record-'));
  cpSync(EXAMPLE, dir, { recursive: true, filter: (source) => !source.endsWith('.aieval') });
  const config = join(dir, 'aieval.yaml');
  writeFileSync(config, edit(readFileSync(config, 'utf8')));
  return dir;
}

/** Runs the offline targets of `dir` (with a JSON report) and fails unless they pass with every question scored. */
async function runOffline(dir: string, label: string, extra: readonly string[] = []): Promise<void> {
  const report = join(dir, 'report.json');
  const args = [
    'run',
    '--workspace',
    dir,
    '--trust-workspace',
    '--json',
    report,
    ...TARGETS.flatMap((id) => ['--target', id]),
    ...extra,
  ];
  const { code, output } = await aiEval(args, mkdtempSync(join(tmpdir(), 'aieval-record-config-')));
  if (code !== 0) throw new Error(`${label}: ai-eval run exited with ${code}:\n${output}`);
  const { runs } = JSON.parse(readFileSync(report, 'utf8')) as Report;
  for (const run of runs) {
    const unscored = run.questions
      .filter((question) => question.status !== 'scored')
      .map((question) => `${question.id} (${question.status})`);
    if (unscored.length > 0)
      throw new Error(`${label}: ${run.target} left questions unscored: ${unscored.join(', ')}\n${output}`);
    console.log(
      `${label}: ${run.target}: ${run.questions.length} questions scored, avg ${run.verdict?.avg_score?.toFixed(2)}, pass rate ${run.verdict?.pass_rate?.toFixed(2)}`,
    );
  }
}

/**
 * The cassette as committed: one line per distinct request (the first recording of a hash; the optimizer asks the
 * same questions several times), sorted by request hash (the run writes calls as they finish, in an order that
 * concurrency changes), and timings synthesised from the tokens (the fake server answers in microseconds, which
 * would make a replayed run look instantaneous and the bytes differ between recordings). Nothing else in an entry
 * varies between recordings.
 */
function normalised(files: readonly string[]): string {
  for (const file of files) readCassette(file); // validates every line and its hash before anything is rewritten
  const lines = files.flatMap((file) => readFileSync(file, 'utf8').split('\n')).filter((line) => line.trim() !== '');
  const unique = new Map<string, CassetteEntry>();
  for (const line of lines) {
    const entry = JSON.parse(line) as CassetteEntry;
    if (unique.has(entry.hash)) continue;
    const evalMs = 28 * (entry.response.usage.outputTokens ?? 0);
    const latencyMs = 350 + evalMs;
    const metrics = entry.response.metrics && {
      ...entry.response.metrics,
      ...{ loadMs: 0, promptEvalMs: 350, evalMs, totalMs: latencyMs },
    };
    unique.set(entry.hash, { ...entry, response: { ...entry.response, latencyMs, ...(metrics ? { metrics } : {}) } });
  }
  const sorted = [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.map(([, entry]) => `${JSON.stringify(entry)}\n`).join('');
}

/**
 * Optimizes OPTIMIZED in `dir` through the service, as the app's Optimize button does with "propose even when it
 * passes" (every provider call appended to `recorder` when given), and fails unless a candidate waits for review.
 */
async function optimizeOffline(dir: string, label: string, recorder?: CassetteWriter): Promise<void> {
  const app = createApp({
    workspaceDir: dir,
    resourcesDir: join(ROOT, 'resources'),
    trust: new TrustStore(mkdtempSync(join(tmpdir(), 'aieval-record-config-'))),
    trustForSession: true,
    logger: { info: () => undefined, warn: console.warn, error: (m, e) => console.error(m, e) },
    recorder,
  });
  try {
    const finished = new Promise<OptimizerFinished>((resolve) =>
      app.events.subscribe((name, payload) => {
        if (name === 'optimizer.finished') resolve(payload as OptimizerFinished);
      }),
    );
    const started = await app.dispatch('optimizer.start', { targetId: OPTIMIZED, propose: true }, { transport: 'cli' });
    if (!started.ok) throw new Error(`${label}: optimizer.start refused: ${started.error.message}`);
    await finished;
    const job = await app.dispatch('optimizer.job', started.value, { transport: 'cli' });
    if (!job.ok) throw new Error(`${label}: optimizer.job failed: ${job.error.message}`);
    const { outcome } = job.value as OptimizerJob;
    const pending = outcome?.candidates.filter((candidate) => candidate.status === 'pending') ?? [];
    if (!outcome || pending.length === 0)
      throw new Error(`${label}: no candidate waits for review: ${JSON.stringify(outcome ?? job.value, null, 2)}`);
    console.log(`${label}: optimize ${OPTIMIZED}: ${outcome.status}: ${outcome.reason}`);
    for (const candidate of outcome.candidates)
      console.log(`  attempt ${candidate.attempt} ${candidate.status}: ${candidate.decisionReason}`);
  } finally {
    await app.dispose();
  }
}

const fake = await startFakeProviderServer({ script: libraryModel, record: false });
try {
  // The offline provider becomes an Ollama connection to the fake server, so the recorded requests are exactly
  // the ones the offline targets and the judge make when they replay (the request hash ignores the provider).
  const dir = copyOfExample((yaml) => {
    const doc = parseDocument(yaml);
    doc.setIn(['providers', 'offline'], doc.createNode({ kind: 'ollama', base_url: fake.url }));
    return doc.toString();
  });
  const runCassette = join(dir, 'recordings', 'run.jsonl');
  await runOffline(dir, 'recorded', ['--record', runCassette]);
  const optimizerCassette = join(dir, 'recordings', 'optimizer.jsonl');
  const recorder = openCassetteWriter(optimizerCassette);
  try {
    await optimizeOffline(dir, 'recorded', recorder);
  } finally {
    recorder.close();
  }
  const target = join(EXAMPLE, CASSETTE);
  const before = existsSync(target) ? readFileSync(target, 'utf8') : '';
  const after = normalised([runCassette, optimizerCassette]);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, after);
  console.log(
    `${before === after ? 'unchanged' : 'wrote'} resources/example/${CASSETTE} (${after.split('\n').length - 1} calls)`,
  );
} finally {
  await fake.close();
}
// The committed cassette must carry the example offline on its own: the run and the optimizer session.
await runOffline(copyOfExample(), 'replayed');
await optimizeOffline(copyOfExample(), 'replayed');
