// One tag's pass rate per run as a small SVG: the 95% Wilson band, the rate's line and a point per run; a button
// lists the tag's changed questions.
import type { TagHistory } from '../../../src-shared/model';
import { pct } from '../../components/format';
import { bandPaths, linePath, xAt, yAt, type Box } from './history.selectors';

const BOX: Box = { width: 220, height: 64, pad: 4 };

export function TagChart({
  tag,
  changed,
  chosen,
  onChoose,
}: {
  tag: TagHistory;
  /** How many of its questions regressed, were fixed or are flaky. */
  changed: number;
  /** Its questions are the ones listed. */
  chosen: boolean;
  onChoose(): void;
}) {
  const rates = tag.points.map((point) => point.passRate);
  const summary =
    `${tag.tag}: pass rate per run, oldest to newest, with its 95% Wilson interval: ` +
    tag.points.map((point) => pct(point.passRate)).join(' → ');
  return (
    <figure
      className={`tag-chart ${tag.moved ? `moved moved-${tag.moved}` : ''}`}
      data-testid={`tag-chart-${tag.tag}`}
      data-moved={tag.moved ?? undefined}
    >
      <figcaption>
        <strong className="mono">{tag.tag}</strong>
        {tag.moved && (
          <span className={`badge ${tag.moved === 'down' ? 'fail' : 'pass'}`} data-testid={`tag-moved-${tag.tag}`}>
            {tag.moved === 'down' ? '▼ moved down' : '▲ moved up'}
          </span>
        )}
        <span className="muted num">
          {pct(tag.baseline.trials ? tag.baseline.passes / tag.baseline.trials : null)} →{' '}
          {pct(tag.recent.trials ? tag.recent.passes / tag.recent.trials : null)}
        </span>
      </figcaption>
      <svg className="tag-chart-svg" viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-label={summary}>
        <title>{summary}</title>
        <line className="chart-axis" x1={0} x2={BOX.width} y1={yAt(BOX, 0, 1)} y2={yAt(BOX, 0, 1)} />
        <line className="chart-axis top" x1={0} x2={BOX.width} y1={yAt(BOX, 1, 1)} y2={yAt(BOX, 1, 1)} />
        {bandPaths(BOX, tag.points).map((path, i) => (
          <path key={i} className="chart-band" d={path} />
        ))}
        <path className="chart-line" d={linePath(BOX, rates, 1)} fill="none" />
        {tag.points.map((point, i) =>
          point.passRate === null ? null : (
            <circle
              key={point.runId}
              className="chart-point"
              cx={xAt(BOX, i, tag.points.length)}
              cy={yAt(BOX, point.passRate, 1)}
              r={1.6}
            >
              <title>{`${point.runId}: ${point.passes}/${point.trials} passed (${pct(point.passRate)}, 95% ${pct(point.interval?.[0])}–${pct(point.interval?.[1])})`}</title>
            </circle>
          ),
        )}
      </svg>
      <p className="muted tag-sentence">{tag.sentence}</p>
      <button
        className="link-button tag-questions"
        aria-pressed={chosen}
        disabled={changed === 0}
        onClick={onChoose}
        data-testid={`tag-questions-${tag.tag}`}
      >
        {changed === 0
          ? 'no changed question'
          : chosen
            ? `listing its ${changed} changed ${changed === 1 ? 'question' : 'questions'}: show every tag`
            : `list its ${changed} changed ${changed === 1 ? 'question' : 'questions'}`}
      </button>
    </figure>
  );
}
