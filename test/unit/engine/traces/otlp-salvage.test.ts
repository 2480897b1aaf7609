// The bad trace files and bodies of issue 19: every good span around a bad part is kept, and the report names the
// skipped part by its line or byte offset.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeJsonText } from '../../../../src-main/engine/traces/decode/decode-json-text';
import { decodeProtoRequest } from '../../../../src-main/engine/traces/decode/otlp-protobuf';
import { readWholeFile } from './trace-helpers';
import { encodeProtoRequest, jsonRequest, type SpanSpec } from '../../../fixtures/otlp-builder';

const dir = mkdtempSync(join(tmpdir(), 'aieval-salvage-'));
const traceId = (n: number) => (n + 1).toString(16).padStart(32, '0');
const spanId = (n: number) => (n + 1).toString(16).padStart(16, '0');
const span = (n: number, attributes: SpanSpec['attributes'] = {}): SpanSpec => ({
  traceId: traceId(n),
  spanId: spanId(n),
  name: `span ${n}`,
  startNs: '1',
  endNs: '2',
  attributes,
});

async function readAll(content: string | Buffer) {
  const path = join(dir, `f-${Math.random().toString(36).slice(2)}`);
  writeFileSync(path, content);
  return readWholeFile(path);
}

const spanNames = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `span ${from + i}`);

/** A ResourceSpans field (tag 1) around `payload`, as encodeProtoRequest writes it. */
function lengthDelimited(tag: number, payload: Buffer): Buffer {
  const length: number[] = [];
  for (let n = payload.length; ; n >>>= 7) {
    if (n < 0x80) {
      length.push(n);
      break;
    }
    length.push((n & 0x7f) | 0x80);
  }
  return Buffer.concat([Buffer.from([tag, ...length]), payload]);
}

/** Field 20 as a proto2 group holding a varint field: start tag, field 1 = 5, end tag. */
const GROUP = Buffer.from([0xa3, 0x01, 0x08, 0x05, 0xa4, 0x01]);

describe('OTLP JSON salvage', () => {
  it('reads JSON lines whose first line is over 1 MiB as lines: 70 of 70 spans', async () => {
    const big = 'x'.repeat(1_200_000);
    const lines = Array.from({ length: 70 }, (_, i) =>
      JSON.stringify(jsonRequest([span(i, i === 0 ? { 'gen_ai.prompt': big } : {})])),
    );
    const read = await readAll(`${lines.join('\n')}\n`);
    expect(read).toEqual({ names: spanNames(70), bad: 0, problems: [] });
  });

  it('strips a UTF-8 BOM, in JSON lines and in a pretty-printed document', async () => {
    const request = jsonRequest([span(0), span(1)]);
    expect(await readAll(`\uFEFF${JSON.stringify(request)}\n${JSON.stringify(jsonRequest([span(2)]))}\n`)).toEqual({
      names: spanNames(3),
      bad: 0,
      problems: [],
    });
    expect(await readAll(`\uFEFF${JSON.stringify(request, null, 2)}`)).toEqual({
      names: spanNames(2),
      bad: 0,
      problems: [],
    });
    expect(decodeJsonText(`\uFEFF${JSON.stringify(request)}`, null).spans).toHaveLength(2);
  });

  it('accepts {} as an empty export, in a file and as a request body', async () => {
    expect(decodeJsonText('{}', null)).toEqual({ spans: [], bad: 0, problems: [] });
    const read = await readAll(`{}\n${JSON.stringify(jsonRequest([span(0)]))}\n`);
    expect(read).toEqual({ names: ['span 0'], bad: 0, problems: [] });
  });

  it('tolerates null entries in resourceSpans, scopeSpans, spans and events', async () => {
    const request = jsonRequest([span(0), span(1)]) as { resourceSpans: Record<string, unknown>[] };
    const resource = request.resourceSpans[0] as { scopeSpans: { spans: unknown[] }[] };
    resource.scopeSpans[0]!.spans.splice(1, 0, null);
    (resource.scopeSpans[0]!.spans[0] as Record<string, unknown>).events = [null];
    resource.scopeSpans.push(null as never);
    const withNulls = { resourceSpans: [null, ...request.resourceSpans, null] };
    expect(decodeJsonText(JSON.stringify(withNulls), 1)).toMatchObject({ bad: 0, problems: [] });
    expect(decodeJsonText(JSON.stringify(withNulls), 1).spans.map((s) => s.name)).toEqual(spanNames(2));
  });

  it('drops an attribute with intValue "abc", not its span, and says where', async () => {
    const request = jsonRequest([span(0, { good: 1 }), span(1)]) as Record<string, unknown>;
    const text = JSON.stringify(request).replace('"intValue":"1"', '"intValue":"abc"');
    expect(text).toContain('"abc"');
    const read = await readAll(`${JSON.stringify(jsonRequest([span(5)]))}\n${text}\n`);
    expect(read.names).toEqual(['span 5', 'span 0', 'span 1']);
    expect(read.bad).toBe(0);
    expect(read.problems).toEqual([
      {
        line: 2,
        offset: null,
        message: expect.stringMatching(
          /spans\[0\]\.attributes\[0\]\.value\.intValue must be an integer.*attribute was dropped/,
        ),
      },
    ]);
  });

  it('keeps the good spans around a bad one, naming its line', async () => {
    const bad = JSON.stringify(jsonRequest([span(1), { ...span(2), traceId: 'zz' }, span(3)]));
    const read = await readAll(`${JSON.stringify(jsonRequest([span(0)]))}\n${bad}\nnot json\n`);
    expect(read.names).toEqual(['span 0', 'span 1', 'span 3']);
    expect(read.bad).toBe(2);
    expect(read.problems.map((p) => p.line)).toEqual([2, 3]);
  });
});

describe('OTLP protobuf salvage', () => {
  const request = encodeProtoRequest(jsonRequest([span(0), span(1)]));

  it('skips an old group wire type instead of dropping the request, in a file and a body', async () => {
    // The request is one ResourceSpans field (tag 0x0a, length, payload): rebuild it with a group after its scopes.
    const payloadStart = 1 + varintLength(request.subarray(1));
    const withGroup = lengthDelimited(0x0a, Buffer.concat([request.subarray(payloadStart), GROUP]));
    for (const body of [withGroup, Buffer.concat([request, GROUP])]) {
      expect(decodeProtoRequest(body)).toMatchObject({ bad: 0, problems: [] });
      expect(decodeProtoRequest(body).spans).toHaveLength(2);
      expect(await readAll(body)).toEqual({ names: spanNames(2), bad: 0, problems: [] });
    }
  });

  it('keeps the good data before garbage, as the receiver does, and names the byte offset', async () => {
    const body = Buffer.concat([request, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 1, 2, 3])]);
    const received = decodeProtoRequest(body);
    const read = await readAll(body);
    expect(read.names).toEqual(received.spans.map((s) => s.name));
    expect(read.names).toEqual(spanNames(2));
    expect(read.bad).toBe(1);
    expect(read.problems).toEqual([
      {
        line: null,
        offset: request.length,
        message: expect.stringContaining(`from byte ${request.length} on were skipped`),
      },
    ]);
  });
});

function varintLength(bytes: Buffer): number {
  let i = 0;
  while (bytes[i]! >= 0x80) i++;
  return i + 1;
}
