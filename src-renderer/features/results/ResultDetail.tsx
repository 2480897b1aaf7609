// One question's result: every grader on its own denominator with its reason, the response, transcript and tool calls.
import { api } from '../../api/client';
import { LongText } from '../../components/LongText';
import { useQuery } from '../../api/use-query';
import { callMetricsText } from '../runs/local-run.selectors';
import { StatusBadge } from '../../components/StatusBadge';
import { ToolCallList } from '../../components/ToolCallList';
import { Annotation } from './Annotation';
import { graderTone, nativeScore, passExplanation, rowStatus, turnsBeforeResponse } from './results.selectors';
import { Term, TextWithTerms } from '../../components/Term';
import { hrefFor } from '../../navigation/router';

export function ResultDetail({
  resultId,
  passThreshold,
  targetId,
}: {
  resultId: number;
  passThreshold: number;
  /** The run's target: the question's timeline across its runs is linked. */
  targetId: string;
}) {
  const { data: detail, error } = useQuery(() => api['results.get']({ resultId }), [resultId]);
  if (error) return <div className="banner error">{error}</div>;
  if (!detail) return <div className="muted">Loading…</div>;
  return (
    <div className="result-detail" data-testid={`result-detail-${detail.questionId}`}>
      <div className="result-detail-head">
        <p className="pass-explanation" data-testid="pass-explanation">
          {passExplanation(detail, passThreshold)}
        </p>
        <a
          className="button"
          href={hrefFor('history', targetId, detail.questionId)}
          data-testid={`detail-timeline-${detail.questionId}`}
        >
          Timeline across runs
        </a>
      </div>
      <table className="table graders">
        <thead>
          <tr>
            <th>Grader</th>
            <th className="num">Score</th>
            <th>Reason</th>
          </tr>
        </thead>
        <tbody>
          {detail.graders.map((grader) => (
            <tr key={grader.graderId} data-testid={`grader-${grader.graderId}`}>
              <td className="mono">{grader.graderId}</td>
              <td className="num">
                <StatusBadge status={graderTone(grader, passThreshold)} label={nativeScore(grader)} />
              </td>
              <td className="reason" title={grader.reason} data-testid={`reason-${grader.graderId}`}>
                <TextWithTerms text={grader.reason} />
                {grader.checks?.map((check) => (
                  <div key={check.id} className="muted check-line">
                    {check.executed ? (check.passed ? '✓' : '✕') : '–'} {check.id} ({check.kind})
                    {check.reason && (
                      <>
                        : <TextWithTerms text={check.reason} />
                      </>
                    )}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {detail.error && <div className="banner error">{detail.error}</div>}
      <div className="detail-columns">
        <section>
          <h3>Conversation</h3>
          {turnsBeforeResponse(detail.transcript, detail.response).map((turn, index) => (
            <div key={index} className={`turn turn-${turn.role}`}>
              <div className="turn-role">{turn.role}</div>
              <LongText text={turn.content} className="turn-content" />
            </div>
          ))}
          <div className="turn turn-assistant turn-response">
            <div className="turn-role">
              response <StatusBadge status={rowStatus(detail)} />
            </div>
            {detail.response === null ? (
              <p className="muted">No response (the target call failed).</p>
            ) : (
              <LongText text={detail.response} markdown testId="response" />
            )}
          </div>
        </section>
        <section>
          <h3>Tool calls</h3>
          <ToolCallList calls={detail.toolCalls} />
          <h3>Call</h3>
          <p className="muted num-line">
            {detail.latencyMs ?? '—'} ms · {detail.inputTokens ?? '—'} in / {detail.outputTokens ?? '—'} out tokens ·
            finish {detail.finishReason ?? '—'} · {detail.attempts}{' '}
            <Term id="attempt">attempt{detail.attempts === 1 ? '' : 's'}</Term>
          </p>
          {detail.metrics && <p className="muted num-line">Ollama: {callMetricsText(detail.metrics)}</p>}
          <Annotation resultId={detail.id} />
        </section>
      </div>
    </div>
  );
}
