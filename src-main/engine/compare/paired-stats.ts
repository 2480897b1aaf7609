// Paired statistics of two columns of a comparison over the same questions: a seeded bootstrap interval of the
// difference in average score and McNemar's exact test on the pass/fail pairs, with the verdict in one sentence.
import { signTest } from '../stats/binomial';
import { quantile } from '../stats/quantile';
import { seededRandom } from '../stats/random';
import type { PairedComparison } from '../../../src-shared/model/matrix';
import { pValueText } from '../../../src-shared/text/p-value';

/** One question as both columns answered it: the scores of every repeat, and whether the question passed. */
export type PairedQuestion = Readonly<{
  a: readonly number[];
  b: readonly number[];
  passedA: boolean;
  passedB: boolean;
}>;

export type BootstrapOptions = Readonly<{ resamples: number; seed: number; level: number }>;
export const DEFAULT_BOOTSTRAP: BootstrapOptions = { resamples: 10_000, seed: 20_261_201, level: 0.95 };

/** A bootstrap interval of a difference, as the comparison carries it. */
export type Interval = NonNullable<PairedComparison['scoreDifference']>;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The mean of `values` drawn again with replacement (the repeats of one question), or the plain mean for one value. */
function resampledMean(values: readonly number[], random: () => number): number {
  if (values.length === 1) return values[0] as number;
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[Math.floor(random() * values.length)] as number;
  return sum / values.length;
}

/**
 * The mean over questions of mean(b) − mean(a), with a percentile bootstrap interval. Questions are resampled with
 * replacement; where a question has repeats, its repeats are resampled too (a two-stage bootstrap), so run-to-run
 * noise widens the interval instead of being averaged away. The same seed gives the same interval.
 */
export function pairedBootstrap(questions: readonly PairedQuestion[], options: BootstrapOptions): Interval | null {
  const scored = questions.filter((question) => question.a.length > 0 && question.b.length > 0);
  const n = scored.length;
  if (n === 0) return null;
  const estimate = mean(scored.map((question) => mean(question.b) - mean(question.a)));
  const random = seededRandom(options.seed);
  const statistics: number[] = new Array<number>(options.resamples);
  if (scored.every((question) => question.a.length === 1 && question.b.length === 1)) {
    // One score a side: resampling questions is resampling their differences, the cheap common case.
    const differences = Float64Array.from(scored, (question) => (question.b[0] as number) - (question.a[0] as number));
    for (let r = 0; r < options.resamples; r += 1) {
      let sum = 0;
      for (let i = 0; i < n; i += 1) sum += differences[Math.floor(random() * n)] as number;
      statistics[r] = sum / n;
    }
  } else {
    for (let r = 0; r < options.resamples; r += 1) {
      let sum = 0;
      for (let i = 0; i < n; i += 1) {
        const question = scored[Math.floor(random() * n)] as PairedQuestion;
        sum += resampledMean(question.b, random) - resampledMean(question.a, random);
      }
      statistics[r] = sum / n;
    }
  }
  const tail = (1 - options.level) / 2;
  return { estimate, lower: quantile(statistics, tail) as number, upper: quantile(statistics, 1 - tail) as number };
}

/**
 * McNemar's exact test: the two-sided binomial p-value of the discordant pairs (`improved` questions that pass only
 * in B, `worsened` that pass only in A) under p = 0.5. 1 when there is no discordant pair.
 */
export const mcnemarExact = (improved: number, worsened: number): number => signTest(improved, worsened);

/**
 * A column against the baseline: declared once, as the contract's schema (src-shared/model/matrix.ts), which the
 * matrix and the export envelope carry; `comparePaired` fills every field of it.
 */
export type { PairedComparison };

const fixed = (value: number) => value.toFixed(2);
/** A difference with its sign, "+0.12" or "-0.39" ("0.00" rather than "-0.00"). */
const signed = (value: number) => (Math.abs(value) < 0.005 ? '0.00' : `${value > 0 ? '+' : ''}${fixed(value)}`);
const questions = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/**
 * The sentence a reader needs: which column is better, by how much, and whether it is more than noise. "Better by" and
 * "worse by" give sizes, so the interval is of the size too ("worse by 0.46 (0.01 to 1.01)", never "(-1.01 to -0.01)");
 * a difference within the noise keeps its sign, with one level of brackets.
 */
function verdictSentence(
  name: string,
  interval: Interval | null,
  improved: number,
  worsened: number,
  p: number,
): string {
  const counts = `${questions(improved)} improved, ${worsened} worse`;
  if (interval === null) return `${name}: no question was scored in both columns, so nothing can be compared`;
  if (interval.lower > 0)
    return `${name} is better by ${fixed(interval.estimate)} (${fixed(interval.lower)} to ${fixed(interval.upper)}); ${counts}`;
  if (interval.upper < 0)
    return `${name} is worse by ${fixed(-interval.estimate)} (${fixed(-interval.upper)} to ${fixed(-interval.lower)}); ${counts}`;
  const within = `score ${signed(interval.estimate)}, 95% interval ${signed(interval.lower)} to ${signed(interval.upper)}`;
  if (p < 0.05) {
    const direction = improved > worsened ? 'passes more' : 'passes less';
    return `${name} ${direction} often (McNemar ${pValueText('p', p)}), but its score difference is within the noise (${within}); ${counts}`;
  }
  return `${name}: no difference beyond noise (${within}); ${counts}`;
}

/**
 * The pass-rate half of a comparison in one sentence, for a result that reports the pass-rate difference: how many
 * questions pass only in B and only in A, the difference in points, and McNemar's test of it.
 */
export function passRateSentence(name: string, comparison: PairedComparison): string {
  const { improved, worsened, paired, mcnemarP, passRateDifference } = comparison;
  if (passRateDifference === null) return `${name}: no question was scored in both runs, so no pass rates to compare`;
  const points = Math.round(passRateDifference * 100);
  const change =
    points === 0 ? 'the same pass rate' : `a pass rate ${Math.abs(points)} points ${points > 0 ? 'higher' : 'lower'}`;
  const beyond = mcnemarP < 0.05 ? 'beyond the noise' : 'within the noise';
  return `${name} has ${change} over ${questions(paired)} (${improved} pass only here, ${worsened} only in the baseline); McNemar ${pValueText('p', mcnemarP)}, ${beyond}`;
}

/** Column B against the baseline column A over the questions both answered. */
export function comparePaired(
  name: string,
  pairs: readonly PairedQuestion[],
  options: BootstrapOptions = DEFAULT_BOOTSTRAP,
): PairedComparison {
  const scoreDifference = pairedBootstrap(pairs, options);
  const improved = pairs.filter((pair) => pair.passedB && !pair.passedA).length;
  const worsened = pairs.filter((pair) => pair.passedA && !pair.passedB).length;
  const mcnemarP = mcnemarExact(improved, worsened);
  return {
    paired: pairs.length,
    scoreDifference,
    improved,
    worsened,
    passRateDifference: pairs.length === 0 ? null : (improved - worsened) / pairs.length,
    mcnemarP,
    sentence: verdictSentence(name, scoreDifference, improved, worsened, mcnemarP),
  };
}
