// Who applied, rejected or reverted the candidate, when, and why.
import type { OptimizerChange } from '../../../src-shared/model';
import { ago } from '../../components/format';

export function ChangeLog({ changes }: { changes: readonly OptimizerChange[] }) {
  return (
    <section className="card" data-testid="change-log">
      <h2>Changes</h2>
      {changes.length === 0 ? (
        <div className="muted">
          Not reviewed yet: Apply writes the prompt into aieval.yaml, Reject keeps the file as it is.
        </div>
      ) : (
        <ul className="plain-list change-list">
          {changes.map((change) => (
            <li key={change.id}>
              <strong>{change.action}</strong> by {change.actor}{' '}
              <span title={new Date(change.createdAt).toISOString()}>{ago(change.createdAt)}</span>
              {change.reason && <span>: {change.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
