// A tool result cut for size records its original length as a column (null: not cut), beside the marked text.
export const name = 'tool-result-cut';

export const sql = `
ALTER TABLE tool_calls ADD COLUMN result_original_chars INTEGER;
`;
