// An opened row: every column's whole answer, and a word diff between any two of them.
import { useEffect, useMemo, useState } from 'react';
import { diffText, MAX_DIFF_CHARS, MAX_DIFF_TOKENS } from '../../../src-shared/compare/text-diff';
import { count } from '../../components/format';
import type { MatrixColumn, MatrixRow } from '../../../src-shared/model';
import { api } from '../../api/client';
import { LongText } from '../../components/LongText';
import { hrefFor } from '../../navigation/router';
import { messageOf } from '../../../src-shared/text/message-of';

type Answers = Readonly<{ key: string; texts: readonly (string | null)[] }>;

/** The whole answers of a row's cells; a late answer for another row is dropped. */
function useAnswers(row: MatrixRow): Answers | undefined {
  const key = row.cells.map((cell) => cell?.resultId ?? '-').join('|');
  const [answers, setAnswers] = useState<Answers>();
  useEffect(() => {
    let current = true;
    void Promise.all(
      row.cells.map((cell) =>
        cell === null
          ? null
          : api['results.get']({ resultId: cell.resultId }).then(
              (detail) => detail.response ?? detail.error ?? '',
              (error: unknown) => `(could not load the answer: ${messageOf(error)})`,
            ),
      ),
    ).then((texts) => current && setAnswers({ key, texts }));
    return () => {
      current = false;
    };
  }, [key, row.cells]);
  return answers?.key === key ? answers : undefined;
}

function ColumnPicker({
  label,
  value,
  columns,
  onChange,
}: {
  label: string;
  value: number;
  columns: readonly MatrixColumn[];
  onChange: (index: number) => void;
}) {
  return (
    <label>
      {label}{' '}
      <select className="input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {columns.map((column, i) => (
          <option key={column.runId} value={i}>
            {i + 1}. {column.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function MatrixRowDetail({
  row,
  columns,
  baseline,
  focusedColumn,
}: {
  row: MatrixRow;
  columns: readonly MatrixColumn[];
  baseline: number;
  focusedColumn: number;
}) {
  const answers = useAnswers(row);
  const [from, setFrom] = useState(baseline);
  const [to, setTo] = useState(focusedColumn === baseline ? (baseline === 0 ? 1 : 0) : focusedColumn);
  const before = answers?.texts[from];
  const after = answers?.texts[to];
  const diff = useMemo(
    () =>
      before === null || before === undefined || after === null || after === undefined
        ? null
        : diffText(before, after, 'word'),
    [before, after],
  );
  if (!answers) return <div className="matrix-detail muted">Loading the answers…</div>;
  return (
    <div className="matrix-detail" data-testid={`matrix-detail-${row.questionId}`}>
      <div
        className="matrix-detail-answers"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        {answers.texts.map((text, i) => (
          <section key={columns[i]?.runId ?? i}>
            <h3>
              {i + 1}. {columns[i]?.label}
            </h3>
            {text === null ? (
              <p className="muted">not in this run</p>
            ) : (
              <LongText text={text} className="preview-multiline" />
            )}
          </section>
        ))}
      </div>
      <div className="matrix-diff-bar">
        <strong>Diff</strong>
        <ColumnPicker label="from" value={from} columns={columns} onChange={setFrom} />
        <ColumnPicker label="to" value={to} columns={columns} onChange={setTo} />
        {[...new Set(columns.map((column) => column.targetId))].map((targetId) => (
          <a
            key={targetId}
            href={hrefFor('history', targetId, row.questionId)}
            data-testid={`matrix-timeline-${row.questionId}`}
          >
            Timeline of {row.questionId} on {targetId}
          </a>
        ))}
      </div>
      {diff === null ? (
        <p className="muted">One of these columns has no answer to this question.</p>
      ) : (
        <div className="matrix-diff preview-multiline" data-testid="matrix-diff">
          {diff.parts.map((part, i) =>
            part.kind === 'same' ? (
              <span key={i}>{part.text}</span>
            ) : part.kind === 'added' ? (
              <ins key={i}>{part.text}</ins>
            ) : (
              <del key={i}>{part.text}</del>
            ),
          )}
          {diff.cut && (
            <p className="muted">
              Only the start of each answer was compared (its first {count(MAX_DIFF_TOKENS)} words or{' '}
              {count(MAX_DIFF_CHARS)} characters).
            </p>
          )}
        </div>
      )}
    </div>
  );
}
