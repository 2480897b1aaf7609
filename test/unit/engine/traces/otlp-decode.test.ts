import { describe, expect, it } from 'vitest';
import { decodeJsonRequest } from '../../../../src-main/engine/traces/decode/otlp-json';
import { decodeProtoRequest } from '../../../../src-main/engine/traces/decode/otlp-protobuf';
import { encodeProtoRequest, jsonRequest } from '../../../fixtures/otlp-builder';

const TRACE = '5b8efff798038103d269b633813fc60c';
const SPAN = 'eee19b7ec3c1b174';

/** The official examples/trace.json shape: uppercase hex ids, string 64-bit values, every AnyValue kind. */
const official = {
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'my.service' } }] },
      scopeSpans: [
        {
          scope: { name: 'my.library', version: '1.0.0', attributes: [] },
          spans: [
            {
              traceId: TRACE.toUpperCase(),
              spanId: SPAN.toUpperCase(),
              parentSpanId: '',
              name: "I'm a server span",
              startTimeUnixNano: '1544712660000000000',
              endTimeUnixNano: '1544712661123456789',
              kind: 2,
              attributes: [
                { key: 'my.span.attr', value: { stringValue: 'some value' } },
                { key: 'count', value: { intValue: '42' } },
                { key: 'count.number', value: { intValue: 7 } },
                { key: 'big', value: { intValue: '9007199254740993' } },
                { key: 'ratio', value: { doubleValue: 0.25 } },
                { key: 'flag', value: { boolValue: true } },
                { key: 'list', value: { arrayValue: { values: [{ stringValue: 'a' }, { intValue: '1' }] } } },
                { key: 'map', value: { kvlistValue: { values: [{ key: 'k', value: { stringValue: 'v' } }] } } },
                { key: 'raw', value: { bytesValue: 'AQID' } },
                { key: 'empty', value: {} },
              ],
              events: [{ timeUnixNano: '1544712660500000000', name: 'ev', attributes: [] }],
              status: {},
              somethingNew: { ignored: true },
            },
          ],
        },
      ],
    },
  ],
};

describe('OTLP/JSON encoding rules', () => {
  it('reads ids as lowercase hex, keeps nanoseconds as exact strings and unwraps every AnyValue kind', () => {
    const { spans, bad, problems } = decodeJsonRequest(official, 1);
    expect(bad).toBe(0);
    expect(problems).toEqual([]);
    const span = spans[0]!;
    expect(span.traceId).toBe(TRACE);
    expect(span.spanId).toBe(SPAN);
    expect(span.parentSpanId).toBeNull();
    expect(span.startNs).toBe('1544712660000000000');
    expect(span.endNs).toBe('1544712661123456789');
    expect(span.kind).toBe(2);
    expect(span.statusCode).toBe(0);
    expect(span.resource).toEqual({ 'service.name': 'my.service' });
    expect(span.scopeName).toBe('my.library');
    expect(span.attributes).toEqual({
      'my.span.attr': 'some value',
      count: 42,
      'count.number': 7,
      big: '9007199254740993',
      ratio: 0.25,
      flag: true,
      list: ['a', 1],
      map: { k: 'v' },
      raw: 'AQID',
      empty: null,
    });
    expect(span.events).toEqual([{ name: 'ev', timeNs: '1544712660500000000', attributes: {} }]);
  });

  it('accepts base64 ids (the generic proto3 JSON mapping) and numbers for 64-bit times', () => {
    const request = jsonRequest([{ traceId: TRACE, spanId: SPAN, name: 's', startNs: '1', endNs: '2' }]);
    const span = (request.resourceSpans as { scopeSpans: { spans: Record<string, unknown>[] }[] }[])[0]!.scopeSpans[0]!
      .spans[0]!;
    span.traceId = Buffer.from(TRACE, 'hex').toString('base64');
    span.spanId = Buffer.from(SPAN, 'hex').toString('base64');
    span.startTimeUnixNano = 1700000000000000;
    const decoded = decodeJsonRequest(request, null).spans[0]!;
    expect(decoded.traceId).toBe(TRACE);
    expect(decoded.spanId).toBe(SPAN);
    expect(decoded.startNs).toBe('1700000000000000');
  });

  it('counts a bad span with its path and keeps the good ones', () => {
    const request = jsonRequest([
      { traceId: TRACE, spanId: SPAN, name: 'good', startNs: '1', endNs: '2' },
      { traceId: 'xyz', spanId: SPAN, name: 'bad id', startNs: '1', endNs: '2' },
      { traceId: '0'.repeat(32), spanId: SPAN, name: 'zero id', startNs: '1', endNs: '2' },
    ]);
    const spans = (request.resourceSpans as { scopeSpans: { spans: Record<string, unknown>[] }[] }[])[0]!.scopeSpans[0]!
      .spans;
    spans.push({
      traceId: TRACE,
      spanId: 'aaaaaaaaaaaaaaaa',
      kind: 'SPAN_KIND_SERVER',
      startTimeUnixNano: '1',
      endTimeUnixNano: '2',
    });
    const { spans: good, bad, problems } = decodeJsonRequest(request, 7);
    expect(good.map((s) => s.name)).toEqual(['good']);
    expect(bad).toBe(3);
    expect(problems.map((p) => p.line)).toEqual([7, 7, 7]);
    expect(problems[0]!.message).toMatch(/resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[1\]\.traceId "xyz"/);
    expect(problems[1]!.message).toMatch(/all zeros/);
    expect(problems[2]!.message).toMatch(/kind must be an integer enum/);
  });

  it('says what is wrong with something that is not a trace export', () => {
    const result = decodeJsonRequest({ resourceMetrics: [] }, 3);
    expect(result.bad).toBe(1);
    expect(result.problems[0]!.message).toMatch(/no "resourceSpans" key \(found resourceMetrics\)/);
  });
});

describe('OTLP protobuf decoding', () => {
  it('decodes the protobuf encoding of a request to the same spans as its JSON form', () => {
    const fromJson = decodeJsonRequest(official, null).spans;
    const fromProto = decodeProtoRequest(encodeProtoRequest(official as never)).spans;
    expect(fromProto).toEqual(fromJson);
  });

  it('keeps a fixed64 time above 2^53 exact', () => {
    const request = jsonRequest([
      { traceId: TRACE, spanId: SPAN, name: 's', startNs: '18446744073709551615', endNs: '9007199254740993' },
    ]);
    const span = decodeProtoRequest(encodeProtoRequest(request)).spans[0]!;
    expect(span.startNs).toBe('18446744073709551615');
    expect(span.endNs).toBe('9007199254740993');
  });

  it('reports a message cut short with its byte offset, and skips unknown fields', () => {
    const request = jsonRequest([{ traceId: TRACE, spanId: SPAN, name: 's', startNs: '1', endNs: '2' }]);
    const bytes = encodeProtoRequest(request);
    const cut = decodeProtoRequest(bytes.subarray(0, bytes.length - 5), 1000);
    expect(cut.spans).toEqual([]);
    expect(cut.bad).toBe(1);
    expect(cut.problems[0]!.offset).toBeGreaterThanOrEqual(1000);
    expect(cut.problems[0]!.message).toMatch(/at byte \d+/);
    // An unknown top-level field (number 99, varint) is ignored.
    const withUnknown = Buffer.concat([Buffer.from([0x98, 0x06, 0x01]), bytes]);
    expect(decodeProtoRequest(withUnknown).spans).toHaveLength(1);
  });

  it('rejects an id of the wrong length', () => {
    const request = jsonRequest([{ traceId: TRACE.slice(0, 30), spanId: SPAN, name: 's', startNs: '1', endNs: '2' }]);
    const result = decodeProtoRequest(encodeProtoRequest(request));
    expect(result.spans).toEqual([]);
    expect(result.problems[0]!.message).toMatch(/traceId has 15 bytes, expected 16/);
  });
});
