// One cell of the matrix: pass/fail, the score (with its spread over repeats), a bar per grader, a person's thumbs and
// preference over the baseline's answer, and the answer's start. The rating buttons are drawn only in the focused row;
// elsewhere a rated cell shows its rating as a mark, so a row's first render stays cheap while the matrix scrolls.
import type { Preference } from '../../../src-shared/model/preference';
import type { LabelVerdict, MatrixCell } from '../../../src-shared/model';
import { StatusBadge, statusIcon } from '../../components/StatusBadge';
import { score } from '../../components/format';

const RATINGS = [
  ['pass', statusIcon('pass'), 'Good answer (+)'],
  ['fail', statusIcon('fail'), 'Bad answer (−)'],
] as const;

const PREFERENCES = [
  ['better', '▲', 'Better than the baseline’s answer (b)'],
  ['same', '=', 'As good as the baseline’s answer (s)'],
  ['worse', '▼', 'Worse than the baseline’s answer (w)'],
] as const;

type RatingProps = Readonly<{
  cell: MatrixCell;
  /** The baseline column has nothing to be preferred over. */
  isBaseline: boolean;
  onRate: (rating: LabelVerdict | null) => void;
  onPrefer: (preference: Preference | null) => void;
}>;

function RatingButtons({ cell, isBaseline, onRate, onPrefer }: RatingProps) {
  return (
    <div className="matrix-rating" role="group" aria-label="Your rating" onClick={(e) => e.stopPropagation()}>
      {RATINGS.map(([verdict, icon, title]) => (
        <button
          key={verdict}
          className="button"
          aria-pressed={cell.rating === verdict}
          title={title}
          onClick={() => onRate(cell.rating === verdict ? null : verdict)}
          data-testid={`rate-${verdict}`}
        >
          {icon}
        </button>
      ))}
      {!isBaseline &&
        PREFERENCES.map(([value, icon, title]) => (
          <button
            key={value}
            className={`button preference-${value}`}
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
  );
}

/** A rated cell outside the focused row: its thumbs and preference as one quiet mark (nothing when unrated). */
function RatingMark({ cell }: { cell: MatrixCell }) {
  const rating = RATINGS.find(([verdict]) => verdict === cell.rating);
  const preference = PREFERENCES.find(([value]) => value === cell.preference);
  if (!rating && !preference) return null;
  const title = [rating?.[2], preference?.[2]].filter(Boolean).join('; ');
  return (
    <span className="matrix-rated" title={`Your rating: ${title}`} data-testid="rating-mark">
      {[rating?.[1], preference?.[1]].filter(Boolean).join(' ')}
    </span>
  );
}

export function MatrixCellView({
  cell,
  graders,
  passThreshold,
  focused,
  controls,
  ...rating
}: Omit<RatingProps, 'cell'> & {
  cell: MatrixCell | null;
  graders: readonly string[];
  passThreshold: number;
  focused: boolean;
  /** Draw the rating buttons (the focused row). */
  controls: boolean;
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
        {controls ? <RatingButtons cell={cell} {...rating} /> : <RatingMark cell={cell} />}
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
