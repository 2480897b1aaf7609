// A small SVG trend line over the last runs; the last point is marked, the values are in the title.
export function Sparkline({
  values,
  max = 5,
  width = 120,
  height = 28,
  label,
}: {
  values: readonly (number | null)[];
  max?: number;
  width?: number;
  height?: number;
  label: string;
}) {
  const points = values
    .map((value, index) => [index, value] as const)
    .filter((p): p is readonly [number, number] => p[1] !== null);
  if (points.length === 0) return <span className="muted sparkline-empty">no runs yet</span>;
  const step = values.length > 1 ? (width - 4) / (values.length - 1) : 0;
  const y = (v: number) => height - 2 - (Math.max(0, Math.min(max, v)) / max) * (height - 4);
  const path = points
    .map(([i, v], n) => `${n === 0 ? 'M' : 'L'}${(2 + i * step).toFixed(1)},${y(v).toFixed(1)}`)
    .join(' ');
  const [lastIndex, lastValue] = points.at(-1)!;
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      role="img"
      aria-label={`${label}: ${points.map(([, v]) => v.toFixed(2)).join(', ')}`}
    >
      <title>{`${label}: ${points.map(([, v]) => v.toFixed(2)).join(' → ')}`}</title>
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx={2 + lastIndex * step} cy={y(lastValue)} r="2.5" fill="currentColor" />
    </svg>
  );
}
