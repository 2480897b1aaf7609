// Apply / Reject for a pending candidate (Revert once applied), each behind a confirmation that says what happens to aieval.yaml.
import { useState } from 'react';
import type { CandidateDetail } from '../../../src-shared/model';
import { ConfirmDialog } from './ConfirmDialog';
import { useOptimizer, type ReviewAction } from './optimizer.store';
import { useShallow } from 'zustand/react/shallow';

const CONFIRM: Readonly<
  Record<ReviewAction, Readonly<{ title: string; body: (targetId: string) => string; label: string }>>
> = {
  apply: {
    title: 'Apply this prompt?',
    body: (t) =>
      `The candidate prompt replaces the system prompt of "${t}" in aieval.yaml; comments and other lines are kept.`,
    label: 'Apply',
  },
  reject: {
    title: 'Reject this candidate?',
    body: () => 'The candidate is kept as rejected, with its runs; aieval.yaml is not changed.',
    label: 'Reject',
  },
  revert: {
    title: 'Revert this candidate?',
    body: (t) => `The prompt it replaced is written back into aieval.yaml for "${t}".`,
    label: 'Revert',
  },
};

const actionsFor = (status: CandidateDetail['status']): ReviewAction[] =>
  status === 'pending' ? ['reject', 'apply'] : status === 'applied' ? ['revert'] : ['apply'];

export function ReviewBar({ candidate }: { candidate: CandidateDetail }) {
  const { busy, reviewConfirmed } = useOptimizer(
    useShallow(({ busy, reviewConfirmed }) => ({ busy, reviewConfirmed })),
  );
  const [asking, setAsking] = useState<ReviewAction>();
  const ask = asking && CONFIRM[asking];
  return (
    <div className="toolbar">
      {actionsFor(candidate.status).map((action) => (
        <button
          key={action}
          className={`button ${action === 'apply' && candidate.status === 'pending' ? 'primary' : ''}`}
          disabled={busy}
          onClick={() => setAsking(action)}
          data-testid={`${action}-candidate`}
        >
          {action === 'apply' && candidate.status !== 'pending' ? 'Apply anyway' : CONFIRM[action].label}
        </button>
      ))}
      {asking && ask && (
        <ConfirmDialog
          title={ask.title}
          body={ask.body(candidate.targetId)}
          confirmLabel={ask.label}
          onCancel={() => setAsking(undefined)}
          onConfirm={(reason) => {
            setAsking(undefined);
            void reviewConfirmed(asking, candidate.id, reason);
          }}
        />
      )}
    </div>
  );
}
