// Runs one fuzz target for a number of iterations or seconds: mutated corpus inputs; crashes, hangs and warnings
// written to stderr (a reader reports its problems itself) counted.
import { seededRandom } from '../../src-main/engine/stats/random';
import { mutate } from './mutate';
import { corpusOf, type FuzzTarget, type Seed } from './fuzz-targets';

/**
 * An input that takes longer than this twice in a row is a hang: every reader here is linear in its input. (Once is
 * not enough: the first input down a lazily loaded path, a collection or a busy machine can take that long.)
 */
export const HANG_MS = 2000;

export type FuzzFinding = Readonly<{
  kind: 'crash' | 'hang' | 'warning';
  seed: string;
  input: Buffer;
  message: string;
}>;

export type FuzzReport = Readonly<{
  target: string;
  iterations: number;
  crashes: number;
  hangs: number;
  warnings: number;
  slowestMs: number;
  findings: FuzzFinding[];
}>;

export async function fuzzTarget(
  target: FuzzTarget,
  options: Readonly<{ seed: number; iterations?: number; seconds?: number }>,
): Promise<FuzzReport> {
  const random = seededRandom(options.seed);
  const corpus = corpusOf(target.name);
  const findings: FuzzFinding[] = [];
  const deadline = options.seconds === undefined ? Infinity : Date.now() + options.seconds * 1000;
  const limit = options.iterations ?? Infinity;
  let iterations = 0;
  let slowestMs = 0;
  while (iterations < limit && Date.now() < deadline) {
    const seed = corpus[Math.floor(random() * corpus.length)]!;
    // A few unmutated runs first prove the corpus itself passes.
    const input = iterations < corpus.length ? corpus[iterations]!.bytes : mutate(seed.bytes, random);
    const from = iterations < corpus.length ? corpus[iterations]! : seed;
    const first = await runOnce(target, input, from);
    if (first.error !== undefined) findings.push({ kind: 'crash', seed: from.name, input, message: first.error });
    for (const warning of first.warnings) findings.push({ kind: 'warning', seed: from.name, input, message: warning });
    if (first.ms > HANG_MS) {
      const again = await runOnce(target, input, from);
      if (again.ms > HANG_MS)
        findings.push({
          kind: 'hang',
          seed: from.name,
          input,
          message: `took ${Math.round(first.ms)} ms, then ${Math.round(again.ms)} ms`,
        });
    }
    slowestMs = Math.max(slowestMs, first.ms);
    iterations++;
  }
  return {
    target: target.name,
    iterations,
    crashes: findings.filter((f) => f.kind === 'crash').length,
    hangs: findings.filter((f) => f.kind === 'hang').length,
    warnings: findings.filter((f) => f.kind === 'warning').length,
    slowestMs: Math.round(slowestMs),
    findings,
  };
}

type RunOutcome = Readonly<{ ms: number; error?: string; warnings: string[] }>;

/** Runs the target on one input: how long it took, what it threw, and the warnings it sent to process.emitWarning. */
async function runOnce(target: FuzzTarget, input: Buffer, from: Seed): Promise<RunOutcome> {
  const warnings: string[] = [];
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error) => void warnings.push(String(warning))) as typeof emitWarning;
  const started = performance.now();
  try {
    await target.run(input, from);
    return { ms: performance.now() - started, warnings };
  } catch (error) {
    return { ms: performance.now() - started, error: (error as Error).stack ?? String(error), warnings };
  } finally {
    process.emitWarning = emitWarning;
  }
}
