// A small SVG of TPR and TNR per labelling window, each with its Wilson interval, against the trust rule's thresholds.
import type { DriftWindowDto } from '../../../src-shared/contract/judge-probes.contract';

const W = 56;
const H = 96;
const PAD = 14;

export function JudgeDriftChart({
  windows,
  minTpr,
  minTnr,
}: {
  windows: readonly DriftWindowDto[];
  minTpr: number;
  minTnr: number;
}) {
  const width = PAD * 2 + windows.length * W;
  const y = (v: number) => PAD + (1 - v) * (H - 2 * PAD);
  const series = [
    { name: 'TPR', className: 'drift-tpr', dx: 18, rate: (w: DriftWindowDto) => [w.tpr, w.tpr_ci] as const },
    { name: 'TNR', className: 'drift-tnr', dx: 34, rate: (w: DriftWindowDto) => [w.tnr, w.tnr_ci] as const },
  ];
  const summary = windows
    .map((w) => `${w.days}: TPR ${w.tpr?.toFixed(2) ?? '—'}, TNR ${w.tnr?.toFixed(2) ?? '—'}`)
    .join('; ');
  return (
    <svg className="drift-chart" width={width} height={H} role="img" aria-label={`TPR and TNR by window: ${summary}`}>
      <title>{summary}</title>
      <line className="drift-axis" x1={PAD} x2={width - PAD} y1={y(0)} y2={y(0)} />
      <line className="drift-axis" x1={PAD} x2={width - PAD} y1={y(1)} y2={y(1)} />
      <line className="drift-min drift-tpr" x1={PAD} x2={width - PAD} y1={y(minTpr)} y2={y(minTpr)} />
      {minTnr !== minTpr && (
        <line className="drift-min drift-tnr" x1={PAD} x2={width - PAD} y1={y(minTnr)} y2={y(minTnr)} />
      )}
      {windows.map((w, i) =>
        series.map(({ name, className, dx, rate }) => {
          const [value, ci] = rate(w);
          if (value === null) return null;
          const x = PAD + i * W + dx;
          return (
            <g key={`${w.from}-${name}`} className={className}>
              {ci && <line x1={x} x2={x} y1={y(ci[0])} y2={y(ci[1])} strokeWidth={2} />}
              <circle cx={x} cy={y(value)} r={3.5}>
                <title>{`${w.days}: ${name} ${value.toFixed(2)}`}</title>
              </circle>
            </g>
          );
        }),
      )}
    </svg>
  );
}
