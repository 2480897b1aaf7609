// What stands between a target and a run that can work, each with its one-click fix: disabled, or a replay-only judge.
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import { FixButton } from '../../components/FixButton';
import { JudgeMismatchNote } from '../targets/JudgeMismatchNote';
import { enableTarget } from '../targets/target-fixes';

/** Why ▶ Run is refused for this target, or undefined when it may start. */
export function runBlockedReason(target: TargetSummary): string | undefined {
  if (!target.enabled) return 'This target is disabled (enabled: false in aieval.yaml); enable it to run it.';
  return undefined;
}

export function RunBlockers({ target }: { target: TargetSummary }) {
  return (
    <>
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
