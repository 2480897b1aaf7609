// The end of a labeling batch: every item is labelled, so offer to validate the judge here, with the result in words.
import { StatusBadge } from '../../components/StatusBadge';
import { hrefFor } from '../../navigation/router';
import type { GraderId } from '../../../src-shared/model';
import { trustLook } from './judges.selectors';
import { useJudges } from './judges.store';

export function GoldBatchEnd({ grader, count }: { grader: GraderId; count: number }) {
  const busy = useJudges((state) => state.busy);
  const validation = useJudges((state) => state.validation);
  const error = useJudges((state) => state.error);
  const validateRequested = useJudges((state) => state.validateRequested);
  const own = validation?.grader === grader ? validation : undefined;
  return (
    <div className="callout batch-end" role="status" data-testid="gold-batch-end">
      <span>
        All {count} items are labelled. Validate the judge now: it measures how often the judge agrees with you.
      </span>
      <button
        className="button primary"
        disabled={busy !== undefined}
        title={busy !== undefined ? `Wait: ${busy} is being sampled or validated` : undefined}
        onClick={() => void validateRequested(grader)}
        data-testid="gold-validate"
      >
        Validate {grader}
      </button>
      {own && (
        <p className="batch-end-result" data-testid="gold-validation">
          <StatusBadge {...trustLook(own.state)} /> {own.text} <a href={hrefFor('judges')}>See all judges</a>
        </p>
      )}
      {error && <p className="fix-refused">{error}</p>}
    </div>
  );
}
