// One cell of the matrix: pass/fail, the score (with its spread over repeats), a bar per grader, a person's thumbs and
// preference over the baseline's answer, and the answer's start.
import type { Preference } from '../../../src-shared/compare/preference';
import type { LabelVerdict, MatrixCell } from '../../../src-shared/model';
import { StatusBadge } from '../../components/StatusBadge';
import { score } from '../../components/format';

export function MatrixCellView({
  cell,
  graders,
  passThreshold,
  focused,
  onRate,
  isBaseline,
  onPrefer,
}: {
  cell: MatrixCell | null;
  graders: readonly string[];
  passThreshold: number;
  focused: boolean;
  onRate: (rating: LabelVerdict | null) => void;
  /** The baseline column has nothing to be preferred over. */
  isBaseline: boolean;
  onPrefer: (preference: Preference | null) => void;
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
          {!isBaseline &&
            (
              [
                ['better', '▲', 'Better than the baseline’s answer (b)'],
                ['same', '=', 'As good as the baseline’s answer (s)'],
                ['worse', '▼', 'Worse than the baseline’s answer (w)'],
              ] as const
            ).map(([value, icon, title]) => (
              <button
                key={value}
                className={`button small preference-${value}`}
                aria-pressed={cell.preference === value}
                title={title}
                aria-label={title}
                onClick={() => onPrefer(cell.preference === value ? null : value)}
                data-testid={`prefer-${value}`}
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
