// Reads a JSONL samples file line by line in flat memory, hashing its exact bytes (the companion checksum) on the way.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { CompanionDigest } from './eee-checks';

/** Calls `onLine` for every non-blank line (1-based numbers); returns the file's sha256, md5, rows and blank lines. */
export async function scanLines(
  path: string,
  onLine: (line: string, lineNumber: number) => void,
): Promise<CompanionDigest> {
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let lineNumber = 0;
  let rows = 0;
  let blankLines = 0;
  const take = (line: string) => {
    lineNumber += 1;
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim() === '') blankLines += 1;
    else {
      rows += 1;
      onLine(text, lineNumber);
    }
  };
  for await (const chunk of createReadStream(path)) {
    const bytes = chunk as Buffer;
    sha256.update(bytes);
    md5.update(bytes);
    const lines = (carry + decoder.write(bytes)).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  carry += decoder.end();
  // A last line without a newline is still a row; an empty remainder after the final newline is not a line.
  if (carry !== '') take(carry);
  return { sha256: sha256.digest('hex'), md5: md5.digest('hex'), rows, blankLines };
}
