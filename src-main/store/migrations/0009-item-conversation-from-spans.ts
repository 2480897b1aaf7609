// Review items without a copy of their conversation: it is rebuilt from the trace's spans when an item is opened.
export const name = 'item-conversation-from-spans';

// input_json, output_json and system_text held again what the spans' attributes hold (the messages and the system
// instructions): a second copy of every conversation, serialised and written by every import, read only when one
// item was opened. Without them an import writes less and its store is smaller (bench/README.md, "Trace import").
export const sql = `
ALTER TABLE review_items DROP COLUMN input_json;
ALTER TABLE review_items DROP COLUMN output_json;
ALTER TABLE review_items DROP COLUMN system_text;
`;
