// A target's "what changed": "3 regressed, 5 flaky, 2 fixed since <run>", each question linked to its timeline, and
// the tests behind the words.
import type { TargetHistory } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { STATE_STATUS, changedGroups } from './history.selectors';

export function WhatChanged({ history }: { history: TargetHistory }) {
  const groups = changedGroups(history.questions);
  return (
    <section className="card what-changed" data-testid="what-changed">
      <div className="card-title">
        <h2>What changed</h2>
        <span className="muted">over the last {history.runs.length} complete runs</span>
      </div>
      {history.runs.length < 2 ? (
        <div className="empty" data-testid="what-changed-empty">
          A history needs at least two complete runs of {history.targetId}; it has {history.runs.length}.
        </div>
      ) : (
        <>
          <p className="what-changed-summary" data-testid="what-changed-summary">
            {history.summary}
          </p>
          {groups.length === 0 ? (
            <div className="empty">Nothing regressed, turned flaky or was fixed in these runs.</div>
          ) : (
            <ul className="changed-list" aria-label="Changed questions">
              {groups.flatMap((group) =>
                group.questions.map((question) => (
                  <li key={question.questionId} data-testid={`changed-${question.questionId}`}>
                    <StatusBadge status={STATE_STATUS[group.state]} label={group.state} />
                    <a
                      className="mono"
                      href={hrefFor('history', history.targetId, question.questionId)}
                      data-testid={`timeline-link-${question.questionId}`}
                    >
                      {question.questionId}
                    </a>
                    {question.quarantined && (
                      <span className="badge" title="In the target's quarantine: the gate leaves it out">
                        quarantined
                      </span>
                    )}
                    {question.tags.length > 0 && <span className="muted">{question.tags.join(', ')}</span>}
                    <span className="changed-reason muted">{question.reason}</span>
                  </li>
                )),
              )}
            </ul>
          )}
          <details className="history-method">
            <summary>How these are decided</summary>
            <p data-testid="history-method">{history.method}</p>
          </details>
        </>
      )}
    </section>
  );
}
