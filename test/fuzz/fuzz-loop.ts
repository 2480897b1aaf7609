// Runs one fuzz target for a number of iterations or seconds: mutated corpus inputs, crashes and slow inputs counted.
import { seededRandom } from '../../src-main/engine/judges/sample-calls';
import { mutate } from './mutate';
import { corpusOf, type FuzzTarget } from './fuzz-targets';

/** An input that takes longer than this is a hang: every reader here is linear in its input. */
export const HANG_MS = 2000;

export type FuzzFinding = Readonly<{ kind: 'crash' | 'hang'; seed: string; input: Buffer; message: string }>;

export type FuzzReport = Readonly<{
  target: string;
  iterations: number;
  crashes: number;
  hangs: number;
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
    const started = performance.now();
    try {
      await target.run(input, from);
    } catch (error) {
      findings.push({ kind: 'crash', seed: from.name, input, message: (error as Error).stack ?? String(error) });
    }
    const ms = performance.now() - started;
    slowestMs = Math.max(slowestMs, ms);
    if (ms > HANG_MS) findings.push({ kind: 'hang', seed: from.name, input, message: `took ${Math.round(ms)} ms` });
    iterations++;
  }
  return {
    target: target.name,
    iterations,
    crashes: findings.filter((f) => f.kind === 'crash').length,
    hangs: findings.filter((f) => f.kind === 'hang').length,
    slowestMs: Math.round(slowestMs),
    findings,
  };
}
