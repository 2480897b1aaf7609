// Per-question deltas, largest change first, with arrows and signs (never colour alone); optionally only the deciding ones.
import { useState } from 'react';
import type { QuestionDelta } from '../../../src-shared/model';
import { score } from '../../components/format';
import { deltaCounts, deltaLook, visibleDeltas } from './optimizer.selectors';
import { Term } from '../../components/Term';
import { Checkbox } from '../../components/Checkbox';

export function QuestionDeltas({ questions, split }: { questions: readonly QuestionDelta[]; split: string | null }) {
  const [decidingOnly, setDecidingOnly] = useState(false);
  const rows = visibleDeltas(questions, decidingOnly);
  const counts = deltaCounts(rows);
  if (questions.length === 0)
    return <div className="empty compact">No question results: the runs of this candidate scored nothing.</div>;
  return (
    <div className="question-deltas">
      <div className="toolbar">
        <span className="muted">
          ▲ {counts.up} better · ▼ {counts.down} worse · = {counts.same} unchanged
        </span>
        {split && (
          <Checkbox checked={decidingOnly} onChange={setDecidingOnly} testId="deciding-only">
            only the held-out "{split}" questions (the <Term id="deciding_question">deciding questions</Term>)
          </Checkbox>
        )}
      </div>
      <table className="table optimizer-table" data-testid="question-deltas">
        <thead>
          <tr>
            <th>Question</th>
            <th className="num">Baseline</th>
            <th className="num">Candidate</th>
            <th className="num">Change</th>
            {split && <th>Split</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const look = deltaLook(row.delta);
            return (
              <tr key={row.questionId} data-testid={`delta-${row.questionId}`}>
                <td className="mono">{row.questionId}</td>
                <td className="num">{score(row.baseline)}</td>
                <td className="num">{score(row.candidate)}</td>
                <td className={`num delta ${look.tone}`}>{look.text}</td>
                {split && <td>{row.deciding ? `held-out "${split}"` : 'proposal'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
