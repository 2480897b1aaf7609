// One question's score per run as an SVG: a point per run shaped by its verdict (never colour alone), a mark where the
// question's text changed, and the days of its first and last run under the line.
import type { TimelinePoint } from '../../../src-shared/model';
import { score } from '../../components/format';
import { linePath, pointVerdict, runDay, textChangeIndex, xAt, yAt, type Box } from './history.selectors';

const BOX: Box = { width: 900, height: 132, pad: 14 };
/** The baseline of the day labels, under the lowest score line. */
const DAY_Y = BOX.height - 1;
const MAX_SCORE = 5;

/** Halfway between the run before the text change and the first run after it. */
const changeX = (index: number, n: number) =>
  index === 0 ? BOX.pad / 2 : (xAt(BOX, index - 1, n) + xAt(BOX, index, n)) / 2;

function Mark({ point, x, y, earlier }: { point: TimelinePoint; x: number; y: number; earlier: boolean }) {
  const verdict = pointVerdict(point);
  const className = `timeline-mark ${verdict} ${earlier ? 'earlier' : ''}`;
  const label = `${runDay(point.run)} · ${point.run.runId}: score ${score(point.score)}, ${point.passes}/${point.trials} passed`;
  if (verdict === 'fail')
    return (
      <path
        className="timeline-mark fail"
        d={`M${x - 4},${y - 4} L${x + 4},${y + 4} M${x - 4},${y + 4} L${x + 4},${y - 4}`}
      >
        <title>{label}</title>
      </path>
    );
  return (
    <circle className={className} cx={x} cy={y} r={4}>
      <title>{label}</title>
    </circle>
  );
}

export function ScoreTimelineChart({ points }: { points: readonly TimelinePoint[] }) {
  const changedAt = textChangeIndex(points);
  const scores = points.map((point) => point.score);
  const summary = `Score per run, oldest to newest (0 to 5): ${scores.map(score).join(' → ')}`;
  return (
    <svg
      className="timeline-chart"
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      role="img"
      aria-label={summary}
      data-testid="timeline-chart"
    >
      <title>{summary}</title>
      {[0, 2.5, 5].map((value) => (
        <g key={value}>
          <line
            className="chart-axis"
            x1={0}
            x2={BOX.width}
            y1={yAt(BOX, value, MAX_SCORE)}
            y2={yAt(BOX, value, MAX_SCORE)}
          />
          <text className="chart-axis-label" x={BOX.width} y={yAt(BOX, value, MAX_SCORE) - 3} textAnchor="end">
            {value}
          </text>
        </g>
      ))}
      {changedAt !== null && (
        <line
          className="timeline-text-change"
          x1={changeX(changedAt, points.length)}
          x2={changeX(changedAt, points.length)}
          y1={0}
          y2={BOX.height}
        />
      )}
      {points.length > 0 && (
        <g data-testid="timeline-days">
          <text className="chart-axis-label" x={xAt(BOX, 0, points.length)} y={DAY_Y} textAnchor="start">
            {runDay(points[0]!.run)}
          </text>
          {points.length > 1 && (
            <text
              className="chart-axis-label"
              x={xAt(BOX, points.length - 1, points.length)}
              y={DAY_Y}
              textAnchor="end"
            >
              {runDay(points.at(-1)!.run)}
            </text>
          )}
        </g>
      )}
      <path className="chart-line" d={linePath(BOX, scores, MAX_SCORE)} fill="none" />
      {points.map((point, i) =>
        point.score === null ? null : (
          <Mark
            key={point.run.runId}
            point={point}
            x={xAt(BOX, i, points.length)}
            y={yAt(BOX, point.score, MAX_SCORE)}
            earlier={changedAt !== null && i < changedAt}
          />
        ),
      )}
    </svg>
  );
}
