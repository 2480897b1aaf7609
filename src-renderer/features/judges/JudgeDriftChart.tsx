// A small SVG of TPR and TNR per labelling window, each with its Wilson interval, against the trust rule's thresholds.
import type { DriftWindowDto } from '../../../src-shared/contract/judge-probes.contract';

const W = 72;
const H = 132;
const LEFT = 30;
const TOP = 10;
const PLOT = 90;

const SERIES = [
  { name: 'TPR', className: 'drift-tpr', dx: 26, rate: (w: DriftWindowDto) => [w.tpr, w.tpr_ci] as const },
  { name: 'TNR', className: 'drift-tnr', dx: 46, rate: (w: DriftWindowDto) => [w.tnr, w.tnr_ci] as const },
];

export function JudgeDriftChart({
  windows,
  minTpr,
  minTnr,
}: {
  windows: readonly DriftWindowDto[];
  minTpr: number;
  minTnr: number;
}) {
  const width = LEFT + windows.length * W + 8;
  const y = (v: number) => TOP + (1 - v) * PLOT;
  const summary = windows
    .map((w) => `${w.days}: TPR ${w.tpr?.toFixed(2) ?? '—'}, TNR ${w.tnr?.toFixed(2) ?? '—'}`)
    .join('; ');
  return (
    <figure className="drift-figure">
      <svg className="drift-chart" width={width} height={H} role="img" aria-label={`TPR and TNR by window: ${summary}`}>
        <title>{summary}</title>
        {[0, 0.5, 1].map((v) => (
          <g key={v}>
            <line className="drift-axis" x1={LEFT} x2={width} y1={y(v)} y2={y(v)} />
            <text className="drift-tick" x={LEFT - 4} y={y(v) + 3} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        <line className="drift-min drift-tpr" x1={LEFT} x2={width} y1={y(minTpr)} y2={y(minTpr)} />
        {minTnr !== minTpr && (
          <line className="drift-min drift-tnr" x1={LEFT} x2={width} y1={y(minTnr)} y2={y(minTnr)} />
        )}
        {windows.map((w, i) => (
          <g key={w.from}>
            {SERIES.map(({ name, className, dx, rate }) => {
              const [value, ci] = rate(w);
              if (value === null) return null;
              const x = LEFT + i * W + dx;
              return (
                <g key={name} className={className}>
                  {ci && <line x1={x} x2={x} y1={y(ci[0])} y2={y(ci[1])} strokeWidth={2} />}
                  <circle cx={x} cy={y(value)} r={3.5}>
                    <title>{`${w.days}: ${name} ${value.toFixed(2)}`}</title>
                  </circle>
                </g>
              );
            })}
            <text className="drift-tick" x={LEFT + i * W + 36} y={H - 12} textAnchor="middle">
              {w.days.split('–')[0]}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="muted rate-words">
        <span className="drift-tpr">● TPR</span> <span className="drift-tnr">● TNR</span> per window (from its first
        day), with Wilson intervals at the settings’ confidence; dashed: the threshold.
      </figcaption>
    </figure>
  );
}
