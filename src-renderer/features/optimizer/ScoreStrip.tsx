// Both score distributions as a strip plot: one dot per run on the 0-5 scale, the mean as a tick, numbers in words.
import { stripLayout } from './optimizer.selectors';

type Series = Readonly<{
  label: string;
  scores: readonly (number | null)[];
  mean: number | null;
  tone: 'baseline' | 'candidate';
  /** The numbers beside the row (mean ± spread). */
  note: string;
}>;

export function ScoreStrip({ series, width = 720 }: { series: readonly Series[]; width?: number }) {
  const layout = stripLayout(series, width);
  const describe = series
    .map((s) => `${s.label}: ${s.scores.map((v) => (v === null ? 'nothing scored' : v.toFixed(2))).join(', ')}`)
    .join('; ');
  return (
    <svg
      className="score-strip"
      width={layout.width}
      height={layout.height}
      role="img"
      aria-label={`Per-run average scores. ${describe}`}
      data-testid="score-strip"
    >
      <title>{describe}</title>
      {layout.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={tick.x} x2={tick.x} y1={18} y2={layout.height - 2} className="strip-grid" />
          <text x={tick.x} y={12} className="strip-tick" textAnchor="middle">
            {tick.value}
          </text>
        </g>
      ))}
      {layout.rows.map((row, index) => (
        <g key={row.label} className={`strip-row ${series[index]?.tone ?? ''}`}>
          <text x={0} y={row.y + 4} className="strip-label">
            {row.label}
          </text>
          <line x1={layout.ticks[0]!.x} x2={layout.ticks.at(-1)!.x} y1={row.y} y2={row.y} className="strip-axis" />
          <text x={layout.width - 120} y={row.y + 4} className="strip-note">
            {series[index]?.note}
          </text>
          {row.meanX !== null && (
            <line x1={row.meanX} x2={row.meanX} y1={row.y - 14} y2={row.y + 14} className="strip-mean" />
          )}
          {row.dots.map((dot) => (
            <circle key={dot.run} cx={dot.x} cy={dot.y} r={4.5} className="strip-dot">
              <title>{`${row.label}, run ${dot.run}: ${dot.value.toFixed(2)}`}</title>
            </circle>
          ))}
        </g>
      ))}
    </svg>
  );
}
