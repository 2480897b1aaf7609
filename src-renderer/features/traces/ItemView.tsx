// One review item: flags, the conversation with tool calls and results, the final answer, and the trace's spans.
import type { ReviewItemDetail, TraceMessage } from '../../../src-shared/model';
import { LongText } from '../../components/LongText';
import { StatusBadge } from '../../components/StatusBadge';
import { prettyJson } from '../../components/format';

function Turn({ message }: { message: TraceMessage }) {
  return (
    <div className={`turn turn-${message.role}`}>
      <div className="turn-role">
        {message.role === 'tool' ? `tool result${message.toolCallId ? ` (${message.toolCallId})` : ''}` : message.role}
      </div>
      {message.content && <LongText text={message.content} className="turn-content" />}
      {message.toolCalls.map((call, index) => (
        <div key={index} className="tool-call-line mono">
          → {call.name}({typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)})
        </div>
      ))}
    </div>
  );
}

export function ItemView({ item }: { item: ReviewItemDetail }) {
  const answer = item.output.at(-1);
  return (
    <article className="item-view" data-testid="review-item" aria-label="Review item">
      <header className="item-meta">
        <StatusBadge
          status={item.status === 'error' ? 'error' : item.truncated || !item.captured ? 'degraded' : 'pass'}
          label={
            item.status === 'error' ? 'error' : item.truncated ? 'truncated' : !item.captured ? 'not captured' : 'ok'
          }
        />
        <span className="mono">{item.model ?? 'unknown model'}</span>
        <span className="muted">
          {item.inputTokens ?? '—'} in / {item.outputTokens ?? '—'} out · finish {item.finishReason ?? '—'} ·{' '}
          {item.latencyMs ?? '—'} ms · {item.llmCalls} LLM call{item.llmCalls === 1 ? '' : 's'}
        </span>
      </header>
      {item.flags.map((flag) => (
        <div key={flag} className="banner" role="note">
          {flag}
        </div>
      ))}
      {item.systemText && (
        <details className="system-text">
          <summary>System instructions</summary>
          <LongText text={item.systemText} className="mono" />
        </details>
      )}
      {item.input.map((message, index) => (
        <Turn key={`in-${index}`} message={message} />
      ))}
      {item.output.slice(0, -1).map((message, index) => (
        <Turn key={`out-${index}`} message={message} />
      ))}
      <div className="turn turn-assistant turn-response">
        <div className="turn-role">final answer</div>
        {answer?.content ? (
          <LongText text={answer.content} markdown testId="final-answer" />
        ) : (
          <p className="muted">No answer was captured for this trace.</p>
        )}
      </div>
      {item.toolCalls.length > 0 && (
        <section>
          <h3>Tool calls</h3>
          <ol className="tool-calls">
            {item.toolCalls.map((call, index) => (
              <li key={index}>
                <span className="mono">{call.name}</span> {call.error && <StatusBadge status="error" />}
                <LongText text={prettyJson(call.arguments)} className="mono" />
                {call.result && <LongText text={prettyJson(call.result)} className="mono muted" />}
              </li>
            ))}
          </ol>
        </section>
      )}
      <details>
        <summary>
          Spans ({item.spans.length}
          {item.spansTruncated ? '+' : ''})
        </summary>
        <table className="table spans">
          <tbody>
            {item.spans.map((span) => (
              <tr key={span.spanId}>
                <td className="mono">{span.name}</td>
                <td className="num">+{span.offsetMs.toFixed(0)} ms</td>
                <td className="num">{span.durationMs.toFixed(0)} ms</td>
                <td>{span.isLlm ? 'LLM' : ''}</td>
                <td>{span.statusCode === 2 ? <StatusBadge status="error" /> : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </article>
  );
}
