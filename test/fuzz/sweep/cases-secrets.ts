// Secrets in what is stored and sent: a provider that repeats the API key in an error or in its answer (several real
// ones do) must leave no trace of it in the store, the reports, the envelopes, the logs, the API's answers, the
// cassette, a labels file, or the request sent on to the judge's provider.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FakeRequest } from '../../fixtures/fake-provider-server';
import { bad, brokenRun, held, type Kit, type Outcome, type SweepCase } from './sweep-kit';

const KEY = 'sk-sweep-7f3a9c1e5b2d4a6f8e0c';

const CONFIG = `version: 1
providers:
  vendor: { kind: openai, base_url: URL/v1, api_key_env: SWEEP_VENDOR_KEY }
  local: { kind: ollama, base_url: URL }
judge: { provider: local, model: llama3.1:8b }
targets:
  - id: bot
    provider: vendor
    model: llama3.1:8b
    system_prompt: Answer briefly.
    dataset: ds
    graders: [relevance_grader]
    gate: { metric: avg_score, threshold: 1, type: soft }
`;

const DATASET = `id: ds
version: 1.0.0
questions:
  - { id: q1, input: What is my key?, criteria: Says the key. }
  - { id: q2, input: Say it again., criteria: Says the key. }
`;

const ENV = { SWEEP_VENDOR_KEY: KEY };

/** The vendor either refuses with an error that repeats the key, or answers with it; the judge (Ollama) scores 4. */
function scriptOf(mode: 'error' | 'echo') {
  return (request: FakeRequest) => {
    if (request.api === 'ollama') return { text: '{"score": 4, "reason": "it answered"}' };
    const auth = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    return mode === 'error'
      ? { status: 401, errorMessage: `Incorrect API key provided: ${auth}. You can find your API key at the vendor.` }
      : { text: `Your key is ${auth}; keep it safe.` };
  };
}

/** A run of `bot` with the vendor in `mode`, in a fresh workspace; extra flags as given. */
async function secretRun(kit: Kit, mode: 'error' | 'echo', extra: (ws: string) => string[] = () => []) {
  const fake = await kit.fake();
  fake.script = scriptOf(mode);
  const ws = await kit.files({ 'aieval.yaml': CONFIG, 'datasets/ds.yaml': DATASET });
  const before = fake.requests.length;
  const run = await kit.cli(['run', '-w', ws, '--target', 'bot', ...extra(ws)], { env: ENV });
  const requests = fake.requests.slice(before);
  if (!requests.some((r) => r.api === 'openai') && !brokenRun(run, 'run'))
    throw new Error(`the run called no provider: ${run.stderr.trim()}`);
  return { ws, run, requests };
}

/** Every file under `dir` (a store's database and WAL included) that holds the key. */
function filesWithKey(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (statSync(path).isFile() && readFileSync(path).includes(KEY)) found.push(name);
  }
  return found;
}

const verdictOf = (what: string, leaks: readonly string[]): Outcome =>
  leaks.length === 0 ? held() : bad('accepted', `${what}: the key is in ${leaks.join(', ')}`);

function outputCase(
  name: string,
  mode: 'error' | 'echo',
  extra: (ws: string) => string[],
  leaks: (ws: string, output: string) => string[],
): SweepCase {
  return {
    area: 'secrets',
    name,
    async run(kit) {
      const { ws, run } = await secretRun(kit, mode, extra);
      return brokenRun(run, 'run') ?? verdictOf(name, leaks(ws, run.stdout + run.stderr));
    },
  };
}

/** Where each key-repeating provider leaves its output: the store and the reports for both, then one place each. */
const ANSWERS: readonly (readonly [
  mode: 'error' | 'echo',
  what: string,
  place: string,
  extra: (ws: string) => string[],
  leaks: (ws: string, output: string) => string[],
])[] = [
  [
    'error',
    'an error',
    'the log (stdout, stderr)',
    () => [],
    (_ws, output) => (output.includes(KEY) ? ['the output'] : []),
  ],
  [
    'echo',
    'an answer',
    'the --record cassette',
    (ws) => ['--record', join(ws, 'rec.jsonl')],
    (ws) =>
      existsSync(join(ws, 'rec.jsonl')) && readFileSync(join(ws, 'rec.jsonl')).includes(KEY) ? ['rec.jsonl'] : [],
  ],
];

const OUTPUTS: SweepCase[] = [
  ...ANSWERS.flatMap(([mode, what, place, extra, leaks]) => [
    outputCase(
      `${what} repeating the key: the store`,
      mode,
      () => [],
      (ws) => filesWithKey(join(ws, '.aieval')),
    ),
    outputCase(
      `${what} repeating the key: --json and --junit`,
      mode,
      (ws) => ['--json', join(ws, 'out.json'), '--junit', join(ws, 'out.xml')],
      (ws) => ['out.json', 'out.xml'].filter((f) => existsSync(join(ws, f)) && readFileSync(join(ws, f)).includes(KEY)),
    ),
    outputCase(`${what} repeating the key: ${place}`, mode, extra, leaks),
  ]),
  {
    area: 'secrets',
    name: "an answer repeating the key: the request sent on to the judge's provider",
    async run(kit) {
      const { run, requests } = await secretRun(kit, 'echo');
      const judged = requests.filter((r) => r.api === 'ollama');
      if (judged.length === 0) return brokenRun(run, 'run') ?? bad('crash', 'no judge call was made');
      const leaking = judged.filter((r) => JSON.stringify(r.body).includes(KEY)).length;
      return verdictOf('judge', leaking > 0 ? [`${leaking} of ${judged.length} judge requests`] : []);
    },
  },
  {
    area: 'secrets',
    name: 'an answer repeating the key: the exported envelope',
    async run(kit) {
      const { ws } = await secretRun(kit, 'echo');
      const out = kit.dir('eee');
      const exported = await kit.cli(['export-envelope', '-w', ws, '--output-dir', out], { env: ENV });
      return brokenRun(exported, 'export') ?? verdictOf('envelope', filesWithKey(out));
    },
  },
  {
    area: 'secrets',
    name: 'an answer repeating the key: a labels file (sample-traces)',
    async run(kit) {
      const { ws } = await secretRun(kit, 'echo');
      const file = join(ws, 'labels', 'sample.yaml');
      const sampled = await kit.cli(['sample-traces', '-w', ws, '--grader', 'relevance_grader', '--out', file], {
        env: ENV,
      });
      const broken = brokenRun(sampled, 'sample-traces');
      if (broken) return broken;
      if (!existsSync(file)) return bad('crash', `no labels file written: ${sampled.stderr.trim()}`);
      return verdictOf('labels', readFileSync(file).includes(KEY) ? ['sample.yaml'] : []);
    },
  },
  {
    area: 'secrets',
    name: "an answer repeating the key: the gold set's files (sample-traces into labels/, a label)",
    async run(kit) {
      const { ws } = await secretRun(kit, 'echo');
      const sampled = await kit.cli(['sample-traces', '-w', ws, '--grader', 'relevance_grader'], { env: ENV });
      const broken = brokenRun(sampled, 'sample-traces');
      if (broken) return broken;
      const folder = join(ws, 'labels', 'relevance_grader');
      if (!existsSync(join(folder, 'items'))) return bad('crash', `no gold set written: ${sampled.stderr.trim()}`);
      const item = readdirSync(join(folder, 'items'))[0]!.replace(/\.yaml$/, '');
      const labelled = await kit.cli(['label', '-w', ws, '--grader', 'relevance_grader', `${item}=pass`], { env: ENV });
      return brokenRun(labelled, 'label') ?? verdictOf('gold set', filesWithKey(join(ws, 'labels')));
    },
  },
  {
    area: 'secrets',
    name: "an answer repeating the key: the API's answers (serve)",
    async run(kit) {
      const { ws } = await secretRun(kit, 'echo');
      const answers = await servedAnswers(kit, ws);
      return verdictOf(
        'API',
        answers.filter((a) => a.body.includes(KEY)).map((a) => a.method),
      );
    },
  },
];

/** `ai-eval serve` of `ws`: runs.list, runs.get and results.page of its run, then stopped. */
async function servedAnswers(kit: Kit, ws: string): Promise<{ method: string; body: string }[]> {
  const child = spawn(process.execPath, [join(kit.root, 'bin', 'ai-eval.js'), 'serve', '-w', ws, '--port', '0'], {
    env: { ...process.env, ...ENV, AIEVAL_CONFIG_DIR: kit.configDir, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const { origin, token } = await new Promise<{ origin: string; token: string }>((resolve, reject) => {
      let origin = '';
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('http://')) origin = new URL(line.trim()).origin;
        const token = /^API token \(Authorization: Bearer\): (\S+)$/.exec(line)?.[1];
        if (token) resolve({ origin, token });
      });
      child.once('exit', (code) => reject(new Error(`ai-eval serve exited early with ${code}`)));
      setTimeout(() => reject(new Error('ai-eval serve printed no API token in 60 s')), 60_000).unref();
    });
    const call = async (method: string, input: unknown) => {
      const response = await fetch(`${origin}/rpc/${method}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin },
        body: JSON.stringify(input),
      });
      return { method, body: await response.text() };
    };
    const list = await call('runs.list', { limit: 10, offset: 0 });
    const runId = (/"id":"([^"]+)"/.exec(list.body) ?? [])[1] ?? '';
    return [list, await call('runs.get', { runId }), await call('results.page', { runId, limit: 50, offset: 0 })];
  } finally {
    child.kill('SIGTERM');
  }
}

export const CASES: readonly SweepCase[] = OUTPUTS;
