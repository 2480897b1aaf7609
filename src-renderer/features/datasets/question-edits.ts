// Edits of a dataset's questions applied to the YAML text as minimal edits: only the lines that change are touched.
import { parseDocument } from 'yaml';
import { appendYaml, deleteYaml, moveYamlItem, setYaml } from '../../../src-shared/yaml/yaml-edit';

export type QuestionRow = Readonly<{
  index: number;
  id: string;
  turns: readonly { role: string; content: string }[];
  disabled: boolean;
  tags: readonly string[];
  split: string | null;
}>;

/** "22 questions (1 disabled)", "1 question": the header and the question table count the same rows, the editor's. */
export function questionCountText(total: number, disabled: number): string {
  return `${total} question${total === 1 ? '' : 's'}${disabled > 0 ? ` (${disabled} disabled)` : ''}`;
}

/** The same count over the rows the table shows. */
export const rowsCountText = (rows: readonly Pick<QuestionRow, 'disabled'>[]): string =>
  questionCountText(rows.length, rows.filter((row) => row.disabled).length);

/** The questions as the table shows them; undefined while the text does not parse. */
export function questionRows(text: string): QuestionRow[] | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return undefined;
  const questions = (doc.toJS() as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(questions)) return [];
  return questions.map((raw, index) => {
    const q = (raw ?? {}) as Record<string, unknown>;
    const input = q.input;
    const turns =
      typeof input === 'string'
        ? [{ role: 'user', content: input }]
        : Array.isArray(input)
          ? (input as { role: string; content: string }[])
          : [];
    return {
      index,
      id: typeof q.id === 'string' ? q.id : `(question ${index + 1})`,
      turns,
      disabled: q.disabled === true,
      tags: Array.isArray(q.tags) ? q.tags.map(String) : [],
      split: typeof q.split === 'string' ? q.split : null,
    };
  });
}

/** Applies `change` when the text parses and has a questions list; otherwise the text stays as typed. */
function edit(text: string, change: (rows: QuestionRow[]) => string): string {
  const rows = questionRows(text);
  if (!rows) return text;
  try {
    return change(rows);
  } catch {
    return text;
  }
}

export function toggleDisabled(text: string, index: number): string {
  return edit(text, (rows) => {
    const row = rows[index];
    if (!row) return text;
    const path = ['questions', index, 'disabled'];
    return row.disabled ? deleteYaml(text, path) : setYaml(text, path, true);
  });
}

export function moveQuestion(text: string, index: number, by: -1 | 1): string {
  return edit(text, () => moveYamlItem(text, ['questions'], index, index + by));
}

/** Appends a question with a fresh id (`new_question`, `new_question_2`, …) in the style of the others. */
export function addQuestion(text: string): string {
  return edit(text, (rows) => {
    const ids = new Set(rows.map((row) => row.id));
    let id = 'new_question';
    for (let n = 2; ids.has(id); n++) id = `new_question_${n}`;
    return appendYaml(
      text,
      ['questions'],
      [{ id, input: 'Write the question here.', criteria: 'What a good answer does.' }],
    );
  });
}
