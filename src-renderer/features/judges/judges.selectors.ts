// Pure selectors for the judges screen and the labeling page: trust looks, rates, and counts said in words.
import type { JudgeSampleResult, JudgeSummary } from '../../../src-shared/contract/judges.contract';
import type { JudgeIdentity, JudgeValidation, JudgeValidationReport, TrustState } from '../../../src-shared/model';
import type { Status } from '../../components/status';

/** How each trust state is shown: trusted is a pass, failing a fail, the rest need attention. */
const TRUST_LOOKS: Readonly<Record<TrustState, Readonly<{ status: Status; label: string }>>> = {
  trusted: { status: 'pass', label: 'trusted' },
  failing: { status: 'fail', label: 'failing' },
  stale: { status: 'degraded', label: 'stale' },
  insufficient: { status: 'degraded', label: 'too few labels' },
  unvalidated: { status: 'skipped', label: 'unvalidated' },
};

/** How a trust state is shown, as a badge. */
export const trustLook = (state: TrustState): Readonly<{ status: Status; label: string }> => TRUST_LOOKS[state];

/** A rate with its interval, e.g. `92% [80%, 97%]`; a dash when the class has no labels. */
export function rateWithInterval(rate: number | null, ci: readonly [number, number] | null): string {
  if (rate === null) return '—';
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return ci ? `${pct(rate)} [${pct(ci[0])}, ${pct(ci[1])}]` : pct(rate);
}

/** Why each action of a judge's row is off (undefined: it is on), said on the greyed button. */
export function judgeActionBlocks(
  judge: Pick<JudgeSummary, 'judgeCalls' | 'gold'>,
  busy: string | undefined,
): Readonly<{ sample?: string; label?: string; validate?: string }> {
  const wait = busy === undefined ? undefined : `Wait: ${busy} is being sampled or validated`;
  return {
    sample: wait ?? (judge.judgeCalls === 0 ? 'No stored judge calls yet: run a target that uses it first' : undefined),
    label: judge.gold.items === 0 ? 'Nothing to label yet: press Sample first' : undefined,
    validate:
      wait ??
      (judge.gold.items === 0
        ? 'Nothing to validate yet: press Sample, then label'
        : judge.gold.labelled === 0
          ? 'Label at least one item first (Label)'
          : undefined),
  };
}

const SEVERITY: readonly TrustState[] = ['failing', 'stale', 'insufficient', 'unvalidated', 'trusted'];

/** The least trusted state among a target's judges (for the portfolio badge); undefined when it has no judge. */
export function weakestTrust(
  graderIds: readonly string[],
  trust: Readonly<Record<string, { state: TrustState }>>,
): TrustState | undefined {
  const states = graderIds.map((id) => trust[id]?.state).filter((state): state is TrustState => state !== undefined);
  return SEVERITY.find((state) => states.includes(state));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const judgeName = (judge: JudgeIdentity | null) => (judge ? `${judge.provider}/${judge.model}` : 'its judge');

/** TPR in words: how many of the answers you passed the judge passed too ("passed 18 of your 19 passes"). */
export const tprInWords = (report: Pick<JudgeValidationReport, 'tp' | 'n_pos'>): string =>
  report.n_pos === 0
    ? 'no answer labelled pass yet'
    : `passed ${report.tp} of the ${plural(report.n_pos, 'answer')} you passed`;

/** TNR in words: how many of the failures you found the judge caught ("caught 18 of 19 failures"). */
export const tnrInWords = (report: Pick<JudgeValidationReport, 'tn' | 'n_neg'>): string =>
  report.n_neg === 0 ? 'no answer labelled fail yet' : `caught ${report.tn} of ${plural(report.n_neg, 'failure')}`;

/** A validation as one sentence, rounded: "accuracy_grader is trusted: the judge caught 18 of 19 failures (TNR 95%) …". */
export function validationInWords(grader: string, result: JudgeValidation): string {
  const rate = (name: string, value: number | null) => (value === null ? '' : ` (${name} ${percent(value)})`);
  const ignored = result.n_defer + result.n_unlabelled;
  const head =
    result.state === 'insufficient'
      ? `${grader} stays unvalidated, ${result.reason ?? 'not enough labels'}. So far the judge`
      : `${grader} is ${trustLook(result.state).label}${result.reason ? ` (${result.reason})` : ''}: the judge`;
  return (
    `${head} ${tnrInWords(result)}${rate('TNR', result.tnr)} and ${tprInWords(result)}${rate('TPR', result.tpr)}.` +
    (ignored > 0
      ? ` ${plural(ignored, 'item')} deferred or not labelled ${ignored === 1 ? 'was' : 'were'} left out.`
      : '') +
    (result.n_disputed > 0
      ? ` ${plural(result.n_disputed, 'item')} whose reviewers disagree (pass against fail) ${result.n_disputed === 1 ? 'was' : 'were'} left out until they agree.`
      : '')
  );
}

/**
 * What a sample drew and, when it drew fewer than asked, why: the distinct calls the current judge made in the window
 * were all there were, after leaving out repeats of an identical answer and calls of another judge.
 */
export function sampleInWords(grader: string, result: JudgeSampleResult): string {
  const drawn = result.items.length;
  const kept = drawn - result.added;
  const head =
    drawn < result.requested
      ? `${grader}: drew ${drawn} of the ${result.requested} asked, because ${judgeName(result.judge)} made only ` +
        `${plural(result.population, 'distinct scored call')} in the last ${plural(result.windowDays, 'day')}`
      : `${grader}: drew ${drawn} of ${plural(result.population, 'distinct scored call')} by ${judgeName(result.judge)} ` +
        `in the last ${plural(result.windowDays, 'day')}`;
  const { repeats, byOtherJudge, scoredInWindow } = result.excluded;
  const left = [
    repeats > 0 && `${plural(repeats, 'repeat')} of an identical answer, sampled once`,
    byOtherJudge > 0 && `${byOtherJudge} by another judge model or template, which would not measure this one`,
  ].filter((part): part is string => typeof part === 'string');
  const why = left.length > 0 ? ` (of ${plural(scoredInWindow, 'scored call')}, left out: ${left.join('; ')})` : '';
  const fresh =
    kept === 0 ? `all ${drawn} new` : `${result.added} new, ${kept} already in the gold set with their labels kept`;
  const more =
    drawn < result.requested ? ' New answers give more to sample; a repeated run’s identical answers do not.' : '';
  return `${head}${why}: ${fresh}.${more}`;
}
