// The tool calls of an agent answer, in order: name, arguments and result as indented JSON (long ones shown in part
// until asked), errors marked.
import type { ToolCallRecord } from '../../src-shared/model';
import { count, prettyJson } from './format';
import { LongText } from './LongText';
import { StatusBadge } from './StatusBadge';

export function ToolCallList({ calls }: { calls: readonly ToolCallRecord[] | null }) {
  if (calls === null) return <p className="muted">No tool-call record (chat mode, or the agent kept none).</p>;
  if (calls.length === 0) return <p className="muted">The agent ran and called no tools while answering.</p>;
  return (
    <ol className="tool-calls" data-testid="tool-calls">
      {calls.map((call) => (
        <li key={call.seq}>
          <span className="mono">{call.server ? `${call.server}:${call.name}` : call.name}</span>{' '}
          {call.error && <StatusBadge status="error" />}
          {call.resultCut && (
            <span className="badge" data-testid={`tool-result-cut-${call.seq}`}>
              result cut: {count(call.resultCut.keptChars)} of {count(call.resultCut.originalChars)} characters kept
            </span>
          )}
          <LongText text={prettyJson(call.args)} className="mono" testId="tool-call-args" />
          {call.result && <LongText text={prettyJson(call.result)} className="mono muted" />}
        </li>
      ))}
    </ol>
  );
}
