// A small SVG trend over the last runs: a 0–max axis, one point per run with its own tooltip, the last value beside it.
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
  if (points.length === 0) return <span className="muted sparkline-empty">no runs yet</span>;
  const step = values.length > 1 ? (width - 6) / (values.length - 1) : 0;
  const x = (i: number) => 3 + i * step;
  const y = (v: number) => height - 3 - (Math.max(0, Math.min(max, v)) / max) * (height - 6);
  const path = points.map(([i, v], n) => `${n === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const lastValue = points.at(-1)![1];
  const summary = `${label}, oldest to newest (axis 0 to ${format(max)}): ${points.map(([, v]) => format(v)).join(' → ')}`;
  return (
    <span className="sparkline-wrap">
      <svg className="sparkline" width={width} height={height} role="img" aria-label={summary}>
        <title>{summary}</title>
        <line className="sparkline-axis" x1={0} x2={width} y1={y(0)} y2={y(0)} />
        <line className="sparkline-axis top" x1={0} x2={width} y1={y(max)} y2={y(max)} />
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {points.map(([i, v], n) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={n === points.length - 1 ? 3 : 2} fill="currentColor">
            <title>{`run ${n + 1} of ${points.length}: ${format(v)}`}</title>
          </circle>
        ))}
      </svg>
      <span className="sparkline-last num" title="The latest run">
        {format(lastValue)}
      </span>
    </span>
  );
}
