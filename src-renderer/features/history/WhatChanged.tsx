// A target's "what changed": "3 regressed, 5 flaky, 2 fixed since <run>", each question linked to its timeline, and
// the tests behind the words; narrowed to one tag's questions when a tag is chosen.
import { useEffect, useRef } from 'react';
import type { TargetHistory } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { StatusBadge } from '../../components/StatusBadge';
import { STATE_STATUS, changedGroups } from './history.selectors';

export function WhatChanged({
  history,
  tag,
  onTagChosen,
}: {
  history: TargetHistory;
  /** Only this tag's questions are listed; null lists all. */
  tag: string | null;
  onTagChosen(tag: string | null): void;
}) {
  const groups = changedGroups(history.questions, tag);
  const card = useRef<HTMLElement>(null);
  // A tag chosen on its chart (below) brings the narrowed list into view.
  useEffect(() => {
    if (tag !== null) card.current?.scrollIntoView({ block: 'start' });
  }, [tag]);
  return (
    <section ref={card} className="card what-changed" data-testid="what-changed">
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
          {tag !== null && (
            <p className="what-changed-filter" data-testid="what-changed-tag">
              Only the questions tagged <strong className="mono">{tag}</strong>{' '}
              <button className="button" onClick={() => onTagChosen(null)} data-testid="what-changed-all">
                Show every tag
              </button>
            </p>
          )}
          {groups.length === 0 ? (
            <div className="empty">
              Nothing {tag === null ? '' : `tagged ${tag} `}regressed, turned flaky or was fixed in these runs.
            </div>
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
