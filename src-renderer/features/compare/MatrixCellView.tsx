// One cell of the matrix: pass/fail, the score (with its spread over repeats), a bar per grader and the answer's start.
import type { MatrixCell } from '../../../src-shared/model';
import { StatusBadge } from '../../components/StatusBadge';
import { score } from '../../components/format';

export function MatrixCellView({
  cell,
  graders,
  passThreshold,
  focused,
}: {
  cell: MatrixCell | null;
  graders: readonly string[];
  passThreshold: number;
  focused: boolean;
}) {
  if (cell === null) return <div className={`matrix-cell missing ${focused ? 'focused' : ''}`}>not in this run</div>;
  const status = cell.status === 'scored' ? (cell.passed ? 'pass' : 'fail') : cell.status;
  return (
    <div className={`matrix-cell ${focused ? 'focused' : ''}`}>
      <div className="matrix-cell-head">
        <StatusBadge status={status} />
        <span className="num">
          {score(cell.score)}
          {cell.repeats > 1 && (
            <span className="muted" title={`mean ± standard deviation over ${cell.repeats} repeats`}>
              {' '}
              ± {score(cell.scoreSd)}
            </span>
          )}
        </span>
        <span className="matrix-bars" aria-label="grader scores">
          {graders.map((graderId, i) => {
            const value = cell.graders[i] ?? null;
            return (
              <span
                key={graderId}
                className={`matrix-bar ${value === null ? 'none' : value >= passThreshold ? 'ok' : 'low'}`}
                title={`${graderId}: ${value === null ? 'not scored' : `${score(value)} / 5`}`}
              >
                <span style={{ height: `${value === null ? 0 : Math.max(8, (value / 5) * 100)}%` }} />
              </span>
            );
          })}
        </span>
      </div>
      <div className="matrix-answer">{cell.error ?? (cell.preview || '(empty answer)')}</div>
    </div>
  );
}
