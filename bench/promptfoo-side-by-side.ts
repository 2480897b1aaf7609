// The comparison of docs/performance.md: `ai-eval run` and promptfoo on the same questions against the same loopback fake provider,
// each with deterministic checks only, each a whole process (ours: the built CLI, bin/ai-eval.js), start-up included;
// reports wall time and peak RSS (VmHWM, Linux) against the ratios of docs/performance.md.
// promptfoo is installed on first use into a cache folder outside the project (it is never a dependency).
// promptfoo 0.121.20 on Node 20 (which it no longer supports) can crash closing its log on a short run (seen at 200
// tests: "write after end"); the default 2,000 runs through.
// Run: node --import tsx bench/promptfoo-side-by-side.ts [--questions 2000] [--concurrency 16]
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fakeServer } from './bench-processes';
import { writeBenchWorkspace } from './bench-workspace';

const PROMPTFOO_VERSION = '0.121.20';
const { values } = parseArgs({
  options: { questions: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '16' } },
});
const questions = Number(values.questions);
const concurrency = Number(values.concurrency);
const here = import.meta.dirname;

/** The promptfoo command line script, installed once into ~/.cache/ai-eval-bench. */
function promptfooEntry(): string {
  const prefix = join(homedir(), '.cache', 'ai-eval-bench', `promptfoo-${PROMPTFOO_VERSION}`);
  const bin = join(prefix, 'node_modules', '.bin', 'promptfoo');
  if (!existsSync(bin)) {
    process.stderr.write(`bench: installing promptfoo ${PROMPTFOO_VERSION} into ${prefix}…\n`);
    mkdirSync(prefix, { recursive: true });
    const installed = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `promptfoo@${PROMPTFOO_VERSION}`],
      { stdio: 'inherit' },
    );
    if (installed.status !== 0) throw new Error(`npm install promptfoo@${PROMPTFOO_VERSION} failed`);
  }
  return realpathSync(bin);
}

/** The peak resident set of a running process so far, from /proc (VmHWM, in kB). */
function peakRssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

type Measured = { wallS: number; peakRssMb: number };

/** Runs one command to its end, sampling its peak RSS every 50 ms (the last sample is within 50 ms of its exit). */
async function measure(args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRssKb(child.pid!))), 50);
  const [code] = (await once(child, 'exit')) as [number];
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}:\n${stderr}`);
  return { wallS: (performance.now() - start) / 1000, peakRssMb: Math.round(peak / 1024) };
}

function writePromptfooConfig(dir: string): string {
  const tests = Array.from({ length: questions }, (_, i) => [
    `  - vars: { question: "Question number ${i}: when is the main branch open?" }`,
    '    assert:',
    '      - { type: contains, value: Sundays }',
    '      - { type: not-contains, value: "24 hours" }',
  ]).flat();
  const file = join(dir, 'promptfooconfig.yaml');
  writeFileSync(
    file,
    [
      'description: ai-eval side-by-side benchmark',
      'prompts:',
      "  - 'Answer briefly. {{question}}'",
      'providers:',
      '  - id: ollama:chat:bench-model',
      'tests:',
      ...tests,
      '',
    ].join('\n'),
  );
  return file;
}

const entry = promptfooEntry();
const server = await fakeServer(0);
const url = server.url;
const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-promptfoo-'));
try {
  writeBenchWorkspace(dir, url, questions, concurrency);
  const config = writePromptfooConfig(dir);
  const promptfooEnv = {
    ...process.env,
    OLLAMA_BASE_URL: url,
    PROMPTFOO_CONFIG_DIR: join(dir, '.promptfoo'),
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
  };
  process.stderr.write(`bench: ai-eval run, ${questions} questions…\n`);
  const ours = await measure([join(here, '..', 'bin', 'ai-eval.js'), 'run', '--workspace', dir], {
    ...process.env,
    CI: 'true',
  });
  process.stderr.write(`bench: promptfoo eval, ${questions} tests…\n`);
  const theirs = await measure(
    [
      entry,
      'eval',
      '-c',
      config,
      '--no-cache',
      '--no-progress-bar',
      '-j',
      String(concurrency),
      '-o',
      join(dir, 'out.json'),
    ],
    promptfooEnv,
  );
  const row = (name: string, m: Measured) =>
    `${name.padEnd(22)}${m.wallS.toFixed(1).padStart(8)} s${String(m.peakRssMb).padStart(8)} MB`;
  console.log(`${questions} questions, concurrency ${concurrency}, zero latency, deterministic checks`);
  console.log(`${'tool'.padEnd(22)}${'wall'.padStart(10)}${'peak RSS'.padStart(11)}`);
  console.log(row('ai-eval run', ours));
  console.log(row(`promptfoo ${PROMPTFOO_VERSION}`, theirs));
  // docs/performance.md: at least 5× less wall time and 3× less peak memory, start-up included.
  const faster = theirs.wallS / ours.wallS;
  const leaner = theirs.peakRssMb / ours.peakRssMb;
  const ok = faster >= 5 && leaner >= 3;
  console.log(
    `ai-eval: ${faster.toFixed(2)}× less wall time (target ≥ 5×), ${leaner.toFixed(2)}× less memory (target ≥ 3×): ${ok ? 'ok' : 'MISSED'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
  await server.stop();
}
