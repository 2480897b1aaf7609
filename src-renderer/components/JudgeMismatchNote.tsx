// The replay-judge warning (a live target judged from recordings only) with its one-click change of judge.
import type { JudgeMismatch } from '../../src-shared/contract/targets.contract';
import { FixButton } from './FixButton';
import { switchJudge } from './target-fixes';

type Props = Readonly<{ mismatch: JudgeMismatch; testId: string; onSwitched?: () => void }>;

export function JudgeMismatchNote({ mismatch, testId, onSwitched }: Props) {
  const fix = mismatch.fix;
  return (
    <div className="callout" role="note" data-testid={testId}>
      <span>{mismatch.message}</span>
      {fix && (
        <FixButton
          label={`Judge with ${fix.provider}/${fix.model}`}
          apply={async () => {
            const refused = await switchJudge(fix);
            onSwitched?.();
            return refused;
          }}
          testId={`${testId}-fix`}
        />
      )}
    </div>
  );
}
