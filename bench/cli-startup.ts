// The start-up figures of docs/performance.md, measured as a user and a CI job see them: `node bin/ai-eval.js …` in a fresh process
// (the built CLI, no npx), from spawn to exit. Each figure is the median of a few runs, beside plain `node -e 0`, with
// the CPU seconds the process used (on Linux), which a busy machine inflates much less than the wall time.
// The compile cache (cli/compile-cache.ts) lives in a folder of the benchmark's own: each scenario runs once untimed to
// fill it, as any command has run once before on a user's machine; each command's very first start is a row of its own.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeServer } from './bench-processes';
import { writeBenchWorkspace } from './bench-workspace';

export type StartupRow = { scenario: string; measured: string; target: string; ok: boolean };

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'ai-eval.js');

type Timing = { wall: number; cpu: number | undefined };

/** CPU seconds of this process's finished children (cutime + cstime of /proc/self/stat); undefined off Linux. */
function childrenCpuSeconds(): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // After "pid (comm) ", cutime and cstime are fields 13 and 14 (0-based), in clock ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Wall and CPU seconds of one whole process; throws when it fails. */
async function timeOf(args: string[], env: NodeJS.ProcessEnv): Promise<Timing> {
  const cpuBefore = childrenCpuSeconds();
  const start = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}:\n${stderr}`);
  const wall = (performance.now() - start) / 1000;
  const cpuAfter = childrenCpuSeconds();
  return { wall, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

type Scenario = Readonly<{
  /** The compile cache's folder, shared by the scenarios of one benchmark. */
  cacheDir: string;
  /** Prepares each run's fresh folder (untimed). */
  setup?: (dir: string) => void;
  /** Every run without the compile cache, as the very first start after an install. */
  cold?: boolean;
}>;

/** The run of median wall time among `times`, after one untimed run that fills the compile cache (unless cold). */
async function median(
  times: number,
  args: (dir: string) => string[],
  { cacheDir, setup = () => {}, cold = false }: Scenario,
): Promise<Timing> {
  const timings: Timing[] = [];
  const configDir = mkdtempSync(join(tmpdir(), 'aieval-bench-startup-config-'));
  const env = {
    ...process.env,
    CI: 'true',
    AIEVAL_CONFIG_DIR: configDir,
    AIEVAL_CACHE_DIR: cacheDir,
    ...(cold ? { AIEVAL_DISABLE_COMPILE_CACHE: '1' } : {}),
  };
  try {
    for (let i = cold ? 0 : -1; i < times; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'aieval-bench-startup-'));
      try {
        setup(dir);
        const timing = await timeOf(args(dir), env);
        if (i >= 0) timings.push(timing);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
  return timings.sort((a, b) => a.wall - b.wall)[Math.floor(timings.length / 2)]!;
}

const seconds = (s: number) => `${s.toFixed(2)} s`;
const wallAndCpu = ({ wall, cpu }: Timing) =>
  `${seconds(wall)}${cpu === undefined ? '' : ` (${cpu.toFixed(2)} CPU-s)`}`;

export async function startupRows(quick: boolean): Promise<StartupRow[]> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'aieval-bench-startup-cache-'));
  try {
    return await measureRows(quick ? 3 : 7, quick, cacheDir);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

const FIRST_START = ', first start (no compile cache yet)';

/** A command's row with the compile cache filled, then its row for the very first start. */
async function warmAndCold(
  times: number,
  args: (dir: string) => string[],
  scenario: Scenario,
  row: (timing: Timing, suffix: string) => StartupRow,
): Promise<StartupRow[]> {
  const warm = await median(times, args, scenario);
  const cold = await median(times, args, { ...scenario, cold: true });
  return [row(warm, ''), row(cold, FIRST_START)];
}

async function measureRows(times: number, quick: boolean, cacheDir: string): Promise<StartupRow[]> {
  const node = await median(times, () => ['-e', '0'], { cacheDir });
  const version = await median(times, () => [BIN, '--version'], { cacheDir });
  const rows: StartupRow[] = [
    {
      scenario: 'ai-eval --version',
      measured: `${wallAndCpu(version)}; node -e 0: ${wallAndCpu(node)}`,
      target: '≤ 0.2 s',
      ok: version.wall <= 0.2,
    },
  ];
  const example = (dir: string) => cpSync(join(ROOT, 'resources', 'example'), dir, { recursive: true });
  rows.push(
    ...(await warmAndCold(
      times,
      (dir) => [BIN, 'validate', '--workspace', dir],
      { cacheDir, setup: example },
      (t, suffix) => ({
        scenario: `ai-eval validate, the example${suffix}`,
        measured: wallAndCpu(t),
        target: '≤ 0.5 s',
        ok: t.wall <= 0.5,
      }),
    )),
  );
  const run = (dir: string) => [BIN, 'run', '--workspace', dir];
  const instant = await fakeServer(0);
  try {
    const setup = (dir: string) => writeBenchWorkspace(dir, instant.url, 200, 16);
    rows.push(
      ...(await warmAndCold(times, run, { cacheDir, setup }, (t, suffix) => ({
        scenario: `ai-eval run, 200 questions, zero latency (a new store)${suffix}`,
        measured: wallAndCpu(t),
        target: '≤ 1.0 s',
        ok: t.wall <= 1.0,
      }))),
    );
  } finally {
    await instant.stop();
  }
  const slow = await fakeServer(200);
  try {
    const setup = (dir: string) => writeBenchWorkspace(dir, slow.url, 320, 16);
    rows.push(
      ...(await warmAndCold(quick ? 1 : 3, run, { cacheDir, setup }, (t, suffix) => ({
        scenario: `ai-eval run, 320 questions, 200 ms latency, concurrency 16${suffix}`,
        measured: `${wallAndCpu(t)} = ${(t.wall / 4.0).toFixed(3)} × ideal 4.0 s`,
        target: '≤ 1.15 × ideal',
        ok: t.wall / 4.0 <= 1.15,
      }))),
    );
  } finally {
    await slow.stop();
  }
  return rows;
}
