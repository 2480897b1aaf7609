// Decodes OTLP protobuf trace messages (ExportTraceServiceRequest / TracesData) into spans, field by field.
import type { AttrValue, Attrs, DecodedBatch, DecodedSpan, DecodeProblem, SpanEvent } from '../span';
import { DecodeError, hexIdFromBytes, int64 } from './otlp-values';
import { ProtoReader, WIRE } from './protobuf-wire';

type Sink = { spans: DecodedSpan[]; bad: number; problems: DecodeProblem[] };

const problemOf = (error: unknown, fallbackOffset: number): DecodeProblem => {
  const message = error instanceof Error ? error.message : String(error);
  const at = /at byte (\d+)$/.exec(message);
  return { line: null, offset: at ? Number(at[1]) : fallbackOffset, message };
};

/** Decodes a whole request. `base` is the message's byte offset in its file, for error messages. */
export function decodeProtoRequest(buf: Buffer, base = 0): DecodedBatch {
  const sink: Sink = { spans: [], bad: 0, problems: [] };
  const reader = new ProtoReader(buf, 0, buf.length, base);
  try {
    while (!reader.done) {
      const tag = reader.varint();
      if (tag === ((1 << 3) | WIRE.len)) decodeResourceSpans(reader.nested(), sink);
      else reader.skip(tag & 7);
    }
  } catch (error) {
    sink.bad++;
    sink.problems.push(problemOf(error, reader.offset));
  }
  return sink;
}

/** Decodes one ResourceSpans payload (a streamed top-level field of a large request). */
export function decodeResourceSpansMessage(buf: Buffer, base: number): DecodedBatch {
  const sink: Sink = { spans: [], bad: 0, problems: [] };
  try {
    decodeResourceSpans(new ProtoReader(buf, 0, buf.length, base), sink);
  } catch (error) {
    sink.bad++;
    sink.problems.push(problemOf(error, base));
  }
  return sink;
}

/**
 * Runs `read` over a message's fields; a field that breaks the wire format ends the reading there, is reported, and
 * the parts read before it are still decoded by the caller (good spans around a bad one are kept).
 */
function readFields(reader: ProtoReader, sink: Sink, read: () => void): void {
  try {
    while (!reader.done) read();
  } catch (error) {
    sink.bad++;
    sink.problems.push(problemOf(error, reader.offset));
  }
}

function decodeResourceSpans(reader: ProtoReader, sink: Sink): void {
  let resource: Attrs = {};
  const scopes: ProtoReader[] = [];
  readFields(reader, sink, () => {
    const tag = reader.varint();
    if (tag === ((1 << 3) | WIRE.len)) resource = decodeResource(reader.nested(), sink);
    else if (tag === ((2 << 3) | WIRE.len)) scopes.push(reader.nested());
    else reader.skip(tag & 7);
  });
  // Scopes are decoded after the loop: the resource field may legally come after them.
  for (const scope of scopes) decodeScopeSpans(scope, resource, sink);
}

function decodeResource(reader: ProtoReader, sink: Sink): Attrs {
  const attributes: Attrs = {};
  while (!reader.done) {
    const tag = reader.varint();
    if (tag === ((1 << 3) | WIRE.len)) attribute(reader.nested(), attributes, sink.problems);
    else reader.skip(tag & 7);
  }
  return attributes;
}

/** One attribute; a malformed one is dropped and reported, and the span or resource keeps the others. */
function attribute(reader: ProtoReader, into: Attrs, problems: DecodeProblem[]): void {
  const start = reader.offset;
  try {
    keyValue(reader, into);
  } catch (error) {
    const problem = problemOf(error, start);
    problems.push({ ...problem, message: `${problem.message}; the attribute was dropped, the rest kept` });
  }
}

function decodeScopeSpans(reader: ProtoReader, resource: Attrs, sink: Sink): void {
  let scopeName: string | null = null;
  let scopeVersion: string | null = null;
  const spans: ProtoReader[] = [];
  readFields(reader, sink, () => {
    const tag = reader.varint();
    if (tag === ((1 << 3) | WIRE.len)) {
      const scope = reader.nested();
      while (!scope.done) {
        const t = scope.varint();
        if (t === ((1 << 3) | WIRE.len)) scopeName = scope.string() || null;
        else if (t === ((2 << 3) | WIRE.len)) scopeVersion = scope.string() || null;
        else scope.skip(t & 7);
      }
    } else if (tag === ((2 << 3) | WIRE.len)) spans.push(reader.nested());
    else reader.skip(tag & 7);
  });
  for (const span of spans) {
    const start = span.offset;
    try {
      sink.spans.push(decodeSpan(span, resource, scopeName, scopeVersion, sink.problems));
    } catch (error) {
      sink.bad++;
      sink.problems.push(problemOf(error, start));
    }
  }
}

function decodeSpan(
  reader: ProtoReader,
  resource: Attrs,
  scopeName: string | null,
  scopeVersion: string | null,
  problems: DecodeProblem[],
): DecodedSpan {
  const at = reader.offset;
  let traceId: string | null = null;
  let spanId: string | null = null;
  let parentSpanId: string | null = null;
  let name = '';
  let kind = 0;
  let startNs = '0';
  let endNs = '0';
  const attributes: Attrs = {};
  const events: SpanEvent[] = [];
  let statusCode = 0;
  let statusMessage: string | null = null;
  let droppedAttributes = 0;
  let droppedEvents = 0;
  while (!reader.done) {
    const tag = reader.varint();
    switch (tag) {
      case (1 << 3) | WIRE.len:
        traceId = hexIdFromBytes(reader.bytes(), 16, 'traceId');
        break;
      case (2 << 3) | WIRE.len:
        spanId = hexIdFromBytes(reader.bytes(), 8, 'spanId');
        break;
      case (4 << 3) | WIRE.len:
        parentSpanId = hexIdFromBytes(reader.bytes(), 8, 'parentSpanId');
        break;
      case (5 << 3) | WIRE.len:
        name = reader.string();
        break;
      case (6 << 3) | WIRE.varint:
        kind = reader.varint();
        break;
      case (7 << 3) | WIRE.fixed64:
        startNs = reader.fixed64String();
        break;
      case (8 << 3) | WIRE.fixed64:
        endNs = reader.fixed64String();
        break;
      case (9 << 3) | WIRE.len:
        attribute(reader.nested(), attributes, problems);
        break;
      case (10 << 3) | WIRE.varint:
        droppedAttributes = reader.varint();
        break;
      case (11 << 3) | WIRE.len:
        events.push(decodeEvent(reader.nested()));
        break;
      case (12 << 3) | WIRE.varint:
        droppedEvents = reader.varint();
        break;
      case (15 << 3) | WIRE.len: {
        const status = reader.nested();
        while (!status.done) {
          const t = status.varint();
          if (t === ((2 << 3) | WIRE.len)) statusMessage = status.string() || null;
          else if (t === ((3 << 3) | WIRE.varint)) statusCode = status.varint();
          else status.skip(t & 7);
        }
        break;
      }
      default:
        reader.skip(tag & 7);
    }
  }
  if (!traceId) throw new DecodeError(`span at byte ${at} has no traceId`);
  if (!spanId) throw new DecodeError(`span at byte ${at} has no spanId`);
  return {
    traceId,
    spanId,
    parentSpanId,
    name,
    kind,
    startNs,
    endNs,
    statusCode,
    statusMessage,
    attributes,
    events,
    resource,
    scopeName,
    scopeVersion,
    droppedAttributes,
    droppedEvents,
  };
}

function decodeEvent(reader: ProtoReader): SpanEvent {
  let timeNs = '0';
  let name = '';
  const attributes: Attrs = {};
  while (!reader.done) {
    const tag = reader.varint();
    if (tag === ((1 << 3) | WIRE.fixed64)) timeNs = reader.fixed64String();
    else if (tag === ((2 << 3) | WIRE.len)) name = reader.string();
    else if (tag === ((3 << 3) | WIRE.len)) keyValue(reader.nested(), attributes);
    else reader.skip(tag & 7);
  }
  return { name, timeNs, attributes };
}

function keyValue(reader: ProtoReader, into: Attrs): void {
  let key = '';
  let value: AttrValue = null;
  while (!reader.done) {
    const tag = reader.varint();
    if (tag === ((1 << 3) | WIRE.len)) key = reader.string();
    else if (tag === ((2 << 3) | WIRE.len)) value = anyValue(reader.nested());
    else reader.skip(tag & 7);
  }
  into[key] = value;
}

function anyValue(reader: ProtoReader): AttrValue {
  let value: AttrValue = null;
  while (!reader.done) {
    const tag = reader.varint();
    switch (tag) {
      case (1 << 3) | WIRE.len:
        value = reader.string();
        break;
      case (2 << 3) | WIRE.varint:
        value = reader.varint() !== 0;
        break;
      case (3 << 3) | WIRE.varint:
        value = int64(reader.varint64());
        break;
      case (4 << 3) | WIRE.fixed64:
        value = reader.double();
        break;
      case (5 << 3) | WIRE.len: {
        const array = reader.nested();
        const values: AttrValue[] = [];
        while (!array.done) {
          const t = array.varint();
          if (t === ((1 << 3) | WIRE.len)) values.push(anyValue(array.nested()));
          else array.skip(t & 7);
        }
        value = values;
        break;
      }
      case (6 << 3) | WIRE.len: {
        const list = reader.nested();
        const object: Attrs = {};
        while (!list.done) {
          const t = list.varint();
          if (t === ((1 << 3) | WIRE.len)) keyValue(list.nested(), object);
          else list.skip(t & 7);
        }
        value = object;
        break;
      }
      case (7 << 3) | WIRE.len:
        value = reader.bytes().toString('base64');
        break;
      default:
        reader.skip(tag & 7);
    }
  }
  return value;
}
