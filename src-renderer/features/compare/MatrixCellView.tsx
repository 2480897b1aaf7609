// One cell of the matrix: pass/fail, the score (with its spread over repeats), a bar per grader, a person's thumbs and
// the answer's start.
import type { LabelVerdict, MatrixCell } from '../../../src-shared/model';
import { StatusBadge } from '../../components/StatusBadge';
import { score } from '../../components/format';

export function MatrixCellView({
  cell,
  graders,
  passThreshold,
  focused,
  onRate,
}: {
  cell: MatrixCell | null;
  graders: readonly string[];
  passThreshold: number;
  focused: boolean;
  onRate: (rating: LabelVerdict | null) => void;
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
        <div className="matrix-rating" role="group" aria-label="Your rating" onClick={(e) => e.stopPropagation()}>
          {(
            [
              ['pass', '👍', 'Good answer (+)'],
              ['fail', '👎', 'Bad answer (−)'],
            ] as const
          ).map(([verdict, icon, title]) => (
            <button
              key={verdict}
              className="button small"
              aria-pressed={cell.rating === verdict}
              title={title}
              onClick={() => onRate(cell.rating === verdict ? null : verdict)}
              data-testid={`rate-${verdict}`}
            >
              {icon}
            </button>
          ))}
        </div>
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
