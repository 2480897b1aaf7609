// A small SVG trend over the last runs: an axis fitted to the values (so 4.1–4.8 of 0–5 is not flat), one point per
// run with its own tooltip on a hover area wider than the dot, the last value beside it.
import { fittedAxis } from './sparkline-axis';
export function Sparkline({
  values,
  max = 5,
  width = 120,
  height = 28,
  label,
  format = (value) => value.toFixed(2),
}: {
  values: readonly (number | null)[];
  max?: number;
  width?: number;
  height?: number;
  label: string;
  format?: (value: number) => string;
}) {
  const points = values
    .map((value, index) => [index, value] as const)
    .filter((p): p is readonly [number, number] => p[1] !== null);
  // Nothing to draw: a dash, since the row or card already says whether the target has runs (a run with no score, or
  // none at all, is said there once).
  if (points.length === 0)
    return (
      <span className="muted sparkline-empty" title={`${label}: no scored run to draw`}>
        —
      </span>
    );
  const step = values.length > 1 ? (width - 6) / (values.length - 1) : 0;
  const x = (i: number) => 3 + i * step;
  const [low, high] = fittedAxis(
    points.map(([, v]) => v),
    max,
  );
  const y = (v: number) => height - 3 - ((Math.max(low, Math.min(high, v)) - low) / (high - low)) * (height - 6);
  const path = points.map(([i, v], n) => `${n === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const lastValue = points.at(-1)![1];
  const summary = `${label}, oldest to newest (axis ${format(low)} to ${format(high)}): ${points.map(([, v]) => format(v)).join(' → ')}`;
  return (
    <span className="sparkline-wrap">
      <svg className="sparkline" width={width} height={height} role="img" aria-label={summary}>
        <title>{summary}</title>
        <line className="sparkline-axis" x1={0} x2={width} y1={y(low)} y2={y(low)} />
        <line className="sparkline-axis top" x1={0} x2={width} y1={y(high)} y2={y(high)} />
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {points.map(([i, v], n) => (
          <g key={i} className="sparkline-point" data-testid="sparkline-point">
            <title>{`run ${n + 1} of ${points.length}: ${format(v)}`}</title>
            <circle cx={x(i)} cy={y(v)} r={n === points.length - 1 ? 3 : 2} fill="currentColor" />
            <circle cx={x(i)} cy={y(v)} r={Math.max(4, Math.min(8, step / 2))} fill="transparent" />
          </g>
        ))}
      </svg>
      <span className="sparkline-last num" title="The latest run">
        {format(lastValue)}
      </span>
    </span>
  );
}
