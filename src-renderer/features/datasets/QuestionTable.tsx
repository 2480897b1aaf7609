// The question table beside the YAML: add, disable, reorder, and read a multi-turn transcript; edits the same draft.
import { useState } from 'react';
import { useDatasets } from './datasets.store';
import { addQuestion, moveQuestion, rowsCountText, toggleDisabled, type QuestionRow } from './question-edits';

/** `rows`: the draft's questions as the editor parsed them (undefined while the YAML does not parse). */
export function QuestionTable({ rows }: { rows: readonly QuestionRow[] | undefined }) {
  const draft = useDatasets((state) => state.draft);
  const draftEdited = useDatasets((state) => state.draftEdited);
  const [openTranscript, setOpenTranscript] = useState<string>();
  if (!rows) return <aside className="question-table muted">Fix the YAML syntax errors to use the table.</aside>;
  return (
    <aside className="question-table" aria-label="Questions" data-testid="question-table">
      <div className="question-table-head">
        <strong data-testid="question-table-count">{rowsCountText(rows)}</strong>
        <button className="button" onClick={() => draftEdited(addQuestion(draft))} data-testid="add-question">
          + Add question
        </button>
      </div>
      {rows.length === 0 && <p className="muted">No questions yet: add one, or write them in the YAML.</p>}
      <ol className="question-list">
        {rows.map((row) => (
          <li key={`${row.index}-${row.id}`} className={row.disabled ? 'disabled' : ''} data-testid={`qrow-${row.id}`}>
            <div className="question-line">
              <span className="mono">{row.id}</span>
              {row.split && <span className="badge">{row.split}</span>}
              {row.disabled && <span className="badge">disabled</span>}
              <span className="question-actions">
                <button
                  className="icon-button"
                  onClick={() => draftEdited(moveQuestion(draft, row.index, -1))}
                  disabled={row.index === 0}
                  aria-label={`Move ${row.id} up`}
                >
                  ↑
                </button>
                <button
                  className="icon-button"
                  onClick={() => draftEdited(moveQuestion(draft, row.index, 1))}
                  disabled={row.index === rows.length - 1}
                  aria-label={`Move ${row.id} down`}
                >
                  ↓
                </button>
                <button
                  className="icon-button"
                  onClick={() => draftEdited(toggleDisabled(draft, row.index))}
                  aria-label={row.disabled ? `Enable ${row.id}` : `Disable ${row.id}`}
                  data-testid={`toggle-${row.id}`}
                >
                  {row.disabled ? 'Enable' : 'Disable'}
                </button>
              </span>
            </div>
            {row.turns.length <= 1 ? (
              <div className="question-input">{row.turns[0]?.content ?? ''}</div>
            ) : (
              <button
                className="link-button"
                onClick={() => setOpenTranscript(openTranscript === row.id ? undefined : row.id)}
                aria-expanded={openTranscript === row.id}
              >
                {openTranscript === row.id ? '▾' : '▸'} {row.turns.length} turns: {row.turns.at(-1)?.content}
              </button>
            )}
            {openTranscript === row.id && (
              <div className="transcript">
                {row.turns.map((turn, i) => (
                  <div key={i} className={`turn turn-${turn.role}`}>
                    <div className="turn-role">{turn.role}</div>
                    <div className="turn-content">{turn.content}</div>
                  </div>
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
    </aside>
  );
}
