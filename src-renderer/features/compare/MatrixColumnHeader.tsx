// One column's header: what ran (prompt, model), its figures, and how it compares with the baseline in words.
import { diffText } from '../../../src-shared/compare/text-diff';
import type { MatrixColumn } from '../../../src-shared/model';
import { hrefFor } from '../../navigation/router';
import { ago, pct, score } from '../../components/format';
import { statusIcon } from '../../components/StatusBadge';
import { ExportButton } from '../../components/ExportButton';
import { IdText } from '../../components/IdText';
import { columnTone, promptName } from './compare.selectors';

function PromptDiffTip({ baseline, prompt }: { baseline: string; prompt: string }) {
  if (baseline === prompt) return <div className="muted">Same prompt as column 1.</div>;
  const { parts, cut } = diffText(baseline, prompt, 'line');
  return (
    <pre className="matrix-prompt-diff">
      {parts.map((part, i) => (
        <span key={i} className={`diff-${part.kind}`}>
          {part.text
            .replace(/\n$/, '')
            .split('\n')
            .map((line) => `${part.kind === 'added' ? '+ ' : part.kind === 'removed' ? '− ' : '  '}${line}`)
            .join('\n')}
          {'\n'}
        </span>
      ))}
      {cut && <span className="muted">(only the first lines were compared)</span>}
    </pre>
  );
}

export function MatrixColumnHeader({
  column,
  index,
  firstPrompt,
  focused,
  isBaseline,
  oldest,
  baselineRunId,
  statisticsPending,
  onMakeBaseline,
}: {
  column: MatrixColumn;
  index: number;
  firstPrompt: string;
  focused: boolean;
  isBaseline: boolean;
  /** This column's run finished before every other column's. */
  oldest: boolean;
  baselineRunId: string;
  /** The rows are shown and the paired statistics are still being computed. */
  statisticsPending: boolean;
  onMakeBaseline: () => void;
}) {
  const tone = columnTone(column);
  const ci = column.passRateCi;
  return (
    <div className={`matrix-column-header ${focused ? 'focused' : ''}`} data-testid={`matrix-column-${index}`}>
      <div className="matrix-column-title">
        <span className="matrix-column-number">{index + 1}</span>
        <a href={hrefFor('runs', column.runId)} title={`Open run ${column.runId}`}>
          {column.label}
        </a>
      </div>
      <div className="muted" data-testid={`matrix-column-run-${index}`}>
        run <IdText className="mono" id={column.runId} />
        {column.finishedAt !== null && <> · finished {ago(column.finishedAt)}</>}
      </div>
      <div className="muted">
        {column.provider} · <span className="mono">{column.model}</span>
      </div>
      <div className="matrix-prompt" tabIndex={0} aria-describedby={`prompt-tip-${index}`}>
        <span className="muted">Prompt:</span> {promptName(column.systemPrompt)}
        <div role="tooltip" id={`prompt-tip-${index}`} className="matrix-prompt-tip">
          {index === 0 ? <pre className="matrix-prompt-diff">{column.systemPrompt}</pre> : null}
          {index > 0 && <PromptDiffTip baseline={firstPrompt} prompt={column.systemPrompt} />}
        </div>
      </div>
      <dl className="matrix-figures">
        <dt>Average</dt>
        <dd className="num">{score(column.avgScore)}</dd>
        <dt>Pass rate</dt>
        <dd className="num" title="95% Wilson interval: the range the true pass rate likely lies in">
          {pct(column.passRate)}{' '}
          {ci && (
            <span className="muted">
              ({pct(ci[0])}–{pct(ci[1])})
            </span>
          )}
        </dd>
        <dt>Latency p50</dt>
        <dd className="num">{column.latencyP50Ms === null ? '—' : `${Math.round(column.latencyP50Ms)} ms`}</dd>
        <dt>Rated</dt>
        <dd
          className="num"
          data-testid={`matrix-ratings-${index}`}
          title="Your good and bad ratings of this column's answers"
        >
          <span aria-label="good">{statusIcon('pass')}</span> {column.ratings.up} ·{' '}
          <span aria-label="bad">{statusIcon('fail')}</span> {column.ratings.down}
        </dd>
        {!isBaseline && (
          <>
            <dt>vs baseline</dt>
            <dd
              className="num"
              data-testid={`matrix-preferences-${index}`}
              title="Your ratings of this column's answers against the baseline's: better, the same, worse"
            >
              ▲ {column.ratings.better} · = {column.ratings.same} · ▼ {column.ratings.worse}
            </dd>
          </>
        )}
        <dt>Cost</dt>
        <dd className="num">{column.costUsd === null ? '—' : `$${column.costUsd.toFixed(4)}`}</dd>
      </dl>
      {isBaseline ? (
        <p className="matrix-verdict baseline" data-testid={`matrix-baseline-${index}`}>
          Baseline{oldest ? ', the oldest run here' : ''}: every other column is compared with this one.
        </p>
      ) : (
        <>
          {column.vsBaseline ? (
            <p className={`matrix-verdict ${tone}`} data-testid={`matrix-verdict-${index}`}>
              {column.vsBaseline.sentence}
            </p>
          ) : (
            <p className="matrix-verdict pending muted" data-testid={`matrix-verdict-${index}`}>
              {statisticsPending ? 'Computing the paired statistics…' : 'No statistics.'}
            </p>
          )}
          <button className="button small" onClick={onMakeBaseline} data-testid={`make-baseline-${index}`}>
            Make baseline
          </button>
          <ExportButton runId={column.runId} baselineRunId={baselineRunId} />
        </>
      )}
    </div>
  );
}
