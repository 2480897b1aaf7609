// What the aggregate file summarises, gathered while the run's results stream past: per-grader moments, latency, tokens, cost.
import type { ResultDetail } from '../../../src-shared/model';

/** Count, mean and spread of a stream of numbers in O(1) memory (Welford). */
export class Moments {
  n = 0;
  private meanValue = 0;
  private m2 = 0;

  add(x: number): void {
    this.n += 1;
    const delta = x - this.meanValue;
    this.meanValue += delta / this.n;
    this.m2 += delta * (x - this.meanValue);
  }

  get mean(): number | null {
    return this.n > 0 ? this.meanValue : null;
  }

  /** The sample standard deviation; null below two values. */
  get sd(): number | null {
    return this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1)) : null;
  }
}

export type GraderStats = {
  moments: Moments;
  min: number;
  max: number;
  skipped: number;
  errors: number;
  judgePrompt: string | null;
};

export class RunStats {
  readonly graders = new Map<string, GraderStats>();
  readonly composite = new Moments();
  readonly latencies: number[] = [];
  inputTokens = 0;
  outputTokens = 0;
  costUsd = 0;
  withCost = 0;

  add(result: ResultDetail): void {
    if (result.status === 'scored' && result.score !== null) this.composite.add(result.score);
    if (result.latencyMs !== null) this.latencies.push(result.latencyMs);
    this.inputTokens += result.inputTokens ?? 0;
    this.outputTokens += result.outputTokens ?? 0;
    if (result.costUsd !== null) {
      this.costUsd += result.costUsd;
      this.withCost += 1;
    }
    for (const grader of result.graders) {
      let stats = this.graders.get(grader.graderId);
      if (!stats) {
        stats = {
          moments: new Moments(),
          min: grader.minScore,
          max: grader.maxScore,
          skipped: 0,
          errors: 0,
          judgePrompt: null,
        };
        this.graders.set(grader.graderId, stats);
      }
      if (grader.status === 'scored' && grader.score !== null) stats.moments.add(grader.score);
      else if (grader.status === 'skipped') stats.skipped += 1;
      else stats.errors += 1;
      // The first prompt a judge was really sent stands for its template (EEE llm_scoring.input_prompt).
      stats.judgePrompt ??=
        result.judgeCalls.find((call) => call.graderId === grader.graderId && call.error === null)?.prompt ?? null;
    }
  }
}
