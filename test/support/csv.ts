// Test helper: parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF line ends) into rows of fields.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted || (char !== ',' && char !== '\n' && char !== '\r')) {
      field += char;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else {
      if (char === '\r' && text[i + 1] === '\n') i++;
      rows.push([...row, field]);
      row = [];
      field = '';
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
