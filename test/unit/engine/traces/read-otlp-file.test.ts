import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  maxInflatedBytes,
  readOtlpFile,
  UnreadableFileError,
} from '../../../../src-main/engine/traces/decode/read-otlp-file';
import { readWholeFile, s } from './trace-helpers';
import { encodeProtoRequest, frameDelimited, jsonRequest } from '../../../fixtures/otlp-builder';

const dir = mkdtempSync(join(tmpdir(), 'aieval-otlp-'));
const traceId = (n: number) => n.toString(16).padStart(32, '0');
const spanId = (n: number) => n.toString(16).padStart(16, '0');
const request = (n: number, count = 2) =>
  jsonRequest(
    Array.from({ length: count }, (_, i) => ({
      traceId: traceId(n),
      spanId: spanId(n * 100 + i + 1),
      name: `span ${n}.${i}`,
      startNs: '1',
      endNs: '2',
    })),
  );

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('readOtlpFile', () => {
  it('reads JSON lines, skips blank lines, and names the line of a bad one while keeping the rest', async () => {
    const text = [JSON.stringify(request(1)), '', '{"resourceSpans": [ broken', JSON.stringify(request(2)), ''].join(
      '\n',
    );
    const result = await readWholeFile(file('lines.jsonl', text));
    expect(result.names).toEqual(['span 1.0', 'span 1.1', 'span 2.0', 'span 2.1']);
    expect(result.bad).toBe(1);
    expect(result.problems[0]).toMatchObject({ line: 3, offset: null });
    expect(result.problems[0]!.message).toMatch(/^not valid JSON: unexpected token 'b'/);
    expect(result.problems[0]!.message).not.toContain('resourceSpans');
  });

  it('reads one pretty-printed document and a JSON array of requests', async () => {
    expect((await readWholeFile(file('doc.json', JSON.stringify(request(1), null, 2)))).names).toEqual([
      'span 1.0',
      'span 1.1',
    ]);
    expect((await readWholeFile(file('array.json', JSON.stringify([request(1, 1), request(2, 1)])))).names).toEqual([
      'span 1.0',
      'span 2.0',
    ]);
  });

  it('names the line of a syntax error inside a pretty-printed document', async () => {
    const text = JSON.stringify(request(1), null, 2).replace('"span 1.1"', '"span 1.1",,');
    const result = await readWholeFile(file('bad-doc.json', text));
    expect(result.names).toEqual([]);
    expect(result.problems[0]!.line).toBe(text.slice(0, text.indexOf(',,')).split('\n').length);
  });

  it('reads protobuf as one message, varint-delimited messages and 4-byte-length messages', async () => {
    const one = encodeProtoRequest(request(1));
    const two = encodeProtoRequest(request(2));
    const single = Buffer.concat([one, two]); // two requests concatenated are one request with two resource_spans
    expect((await readWholeFile(file('single.pb', single))).names).toEqual([
      'span 1.0',
      'span 1.1',
      'span 2.0',
      'span 2.1',
    ]);
    expect((await readWholeFile(file('varint.pb', frameDelimited([one, two], 'varint')))).names).toHaveLength(4);
    expect((await readWholeFile(file('uint32.pb', frameDelimited([one, two], 'uint32')))).names).toHaveLength(4);
  });

  it('refuses a gzip bomb once it inflates past the cap, naming the file and the sizes', async () => {
    const bomb = file('bomb.jsonl.gz', gzipSync(Buffer.alloc(8 * 1024 * 1024, ' ')));
    const read = async () => {
      for await (const batch of readOtlpFile(bomb, { maxInflatedBytes: 2 * 1024 * 1024 })) void batch;
    };
    await expect(read()).rejects.toThrow(UnreadableFileError);
    await expect(read()).rejects.toThrow(/bomb\.jsonl\.gz inflates past 2097152 bytes from \d+ gzipped bytes/);
    // The same file under the default cap (at least 1 GiB) is read to its end: blank space only, so empty.
    await expect(readWholeFile(bomb)).rejects.toThrow(/is empty \(blank lines only\)/);
    expect([maxInflatedBytes(1), maxInflatedBytes(100 * 1024 ** 2), maxInflatedBytes(1024 ** 3)]).toEqual([
      1024 ** 3,
      100 * 100 * 1024 ** 2,
      16 * 1024 ** 3,
    ]);
  });

  it('refuses a run of blank space early, long before the inflate cap (a gzipped file of spaces inflates 1,000 times)', async () => {
    const spaces = file('spaces.jsonl.gz', gzipSync(Buffer.alloc(8 * 1024 * 1024, ' ')));
    const read = async () => {
      for await (const batch of readOtlpFile(spaces, { maxBlankRunBytes: 3 * 1024 * 1024 })) void batch;
    };
    await expect(read()).rejects.toThrow(
      /spaces\.jsonl\.gz holds more than 3145728 bytes of blank space in a row once inflated \(at byte \d+\)/,
    );
    // Content between the runs starts the count again: the same spaces split by spans are read.
    const span = JSON.stringify(jsonRequest([s(1, 'chat', 0, 1)]));
    const blank = ' '.repeat(2 * 1024 * 1024);
    const split = file('split.jsonl.gz', gzipSync(`${span}\n${blank}\n${span}\n${blank}\n`));
    const names: string[] = [];
    for await (const batch of readOtlpFile(split, { maxBlankRunBytes: 3 * 1024 * 1024 }))
      names.push(...batch.spans.map((one) => one.name));
    expect(names).toEqual(['chat', 'chat']);
    // More than a read's worth (1 MiB) of blank space before the first line is JSON lines still, not protobuf.
    const late = file('late.jsonl.gz', gzipSync(`${blank}\n${span}\n`));
    const lateNames: string[] = [];
    for await (const batch of readOtlpFile(late)) lateNames.push(...batch.spans.map((one) => one.name));
    expect(lateNames).toEqual(['chat']);
  });

  it('reads gzipped files', async () => {
    const text = [request(1), request(2)].map((r) => JSON.stringify(r)).join('\n');
    expect((await readWholeFile(file('lines.jsonl.gz', gzipSync(text)))).names).toHaveLength(4);
  });

  it('keeps the complete messages of a protobuf file that ends early and says where the cut is', async () => {
    const one = encodeProtoRequest(request(1));
    const framed = frameDelimited([one, one], 'uint32');
    const result = await readWholeFile(file('cut.pb', framed.subarray(0, framed.length - 3)));
    expect(result.names).toEqual(['span 1.0', 'span 1.1']);
    expect(result.bad).toBe(1);
    expect(result.problems[0]!.message).toMatch(
      new RegExp(`ends inside a record that starts at byte ${one.length + 4}`),
    );
  });

  it('refuses files it cannot read at all', async () => {
    await expect(readWholeFile(join(dir, 'missing.jsonl'))).rejects.toThrow(UnreadableFileError);
    await expect(readWholeFile(dir)).rejects.toThrow(/is a directory/);
    await expect(readWholeFile(file('empty.jsonl', ''))).rejects.toThrow(/is empty/);
  });

  it('refuses a file of blank lines as it refuses an empty one', async () => {
    await expect(readWholeFile(file('blank.jsonl', '\n\n  \n\t\n'))).rejects.toThrow(
      /blank\.jsonl is empty \(blank lines only\)/,
    );
    await expect(readWholeFile(file('blank.json', '   '))).rejects.toThrow(/is empty \(blank lines only\)/);
  });
});
