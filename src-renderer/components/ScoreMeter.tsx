// A horizontal meter of a score on its scale, with the threshold marked and the number beside it.
export function ScoreMeter({
  value,
  max,
  threshold,
  thresholdLabel,
  format,
}: {
  value: number | null;
  max: number;
  threshold?: number;
  /** What the threshold's tick is, on hover ("gate: pass rate ≥ 80%"); "threshold N" when not given. */
  thresholdLabel?: string;
  format?: (v: number) => string;
}) {
  if (value === null) return <span className="muted">—</span>;
  const ratio = Math.max(0, Math.min(1, value / max));
  const passed = threshold === undefined || value >= threshold;
  return (
    <span
      className="score-meter"
      title={threshold !== undefined ? (thresholdLabel ?? `threshold ${threshold}`) : undefined}
    >
      <span className="score-meter-track">
        <span className={`score-meter-fill ${passed ? 'pass' : 'fail'}`} style={{ width: `${ratio * 100}%` }} />
        {threshold !== undefined && (
          <span className="score-meter-threshold" style={{ left: `${(threshold / max) * 100}%` }} />
        )}
      </span>
      <span className="num">{format ? format(value) : value.toFixed(2)}</span>
    </span>
  );
}
