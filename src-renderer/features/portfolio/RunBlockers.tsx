// What stands between a target and a run that can work, each with its fix: disabled, a replay-only judge, the preflight's findings.
import type { PreflightProblem } from '../../../src-shared/contract/runs.contract';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import { FixButton } from '../../components/FixButton';
import { JudgeMismatchNote } from '../../components/JudgeMismatchNote';
import { enableTarget } from '../../components/target-fixes';

const datasetNotLoaded = (target: TargetSummary) =>
  `Dataset "${target.dataset}" did not load: fix the problems listed at the top (or by ai-eval validate) to run this target.`;

/** Why ▶ Run is refused for this target, or undefined when it may start. */
export function runBlockedReason(target: TargetSummary): string | undefined {
  if (!target.enabled) return 'This target is disabled (enabled: false in aieval.yaml); enable it to run it.';
  if (!target.datasetLoaded) return datasetNotLoaded(target);
  return undefined;
}

/** What a preflight found before ▶ Run or Optimize (nothing was started), each problem with its fix, and "… anyway". */
export function PreflightCallout(props: {
  problems: readonly PreflightProblem[];
  /** The button to press again once fixed. */
  again: string;
  anyway: string;
  onAnyway: () => void;
  testId: string;
  anywayTestId: string;
}) {
  const { problems } = props;
  if (problems.length === 0) return null;
  return (
    <div className="callout preflight" role="alert" data-testid={props.testId}>
      <span>
        Not started: the preflight found {problems.length === 1 ? 'a problem' : `${problems.length} problems`}. Fix{' '}
        {problems.length === 1 ? 'it' : 'them'} and press {props.again} again.
      </span>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.subject}: ${problem.problem}`}>
            <strong>{problem.subject}</strong>: {problem.problem}
            <div className="preflight-fix">Fix: {problem.fix}</div>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={props.onAnyway} data-testid={props.anywayTestId}>
        {props.anyway}
      </button>
    </div>
  );
}

type Props = Readonly<{
  target: TargetSummary;
  /** What the last ▶ Run's preflight found (nothing was started). */
  problems: readonly PreflightProblem[];
  runAnyway: () => void;
}>;

export function RunBlockers({ target, problems, runAnyway }: Props) {
  return (
    <>
      <PreflightCallout
        problems={problems}
        again="▶ Run"
        anyway="Run anyway"
        onAnyway={runAnyway}
        testId={`preflight-${target.id}`}
        anywayTestId={`run-anyway-${target.id}`}
      />
      {target.enabled && !target.datasetLoaded && (
        <div className="callout" data-testid={`dataset-not-loaded-${target.id}`}>
          {datasetNotLoaded(target)}
        </div>
      )}
      {!target.enabled && (
        <div className="callout" data-testid={`disabled-${target.id}`}>
          <span>Disabled: runs skip it and ▶ Run is off until it is enabled.</span>
          <FixButton label="Enable" apply={() => enableTarget(target.id)} testId={`enable-${target.id}`} />
        </div>
      )}
      {target.judgeMismatch && (
        <JudgeMismatchNote mismatch={target.judgeMismatch} testId={`judge-mismatch-${target.id}`} />
      )}
    </>
  );
}
