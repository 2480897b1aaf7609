// Decodes OTLP protobuf trace messages (ExportTraceServiceRequest / TracesData) into spans, field by field.
//
// Hand-written rather than generated (protobufjs and the like) for three reasons. It salvages: a malformed span,
// attribute or scope is dropped and reported with its byte offset while the good spans around it are kept, where a
// generated decoder throws the whole message away. It decodes straight into the importer's shape (ids as lowercase
// hex, 64-bit times as decimal strings), with no intermediate objects of Buffers and Longs to convert afterwards. And
// it needs no .proto files or code generation at run time. Nor is a library faster: on a 19 MB request of 20,000 LLM
// spans this took no longer than protobufjs's decode alone, and about half its decode plus the conversion
// (bench/README.md, "OTLP protobuf decoding").
import type { AttrValue, Attrs, DecodedBatch, DecodedSpan, DecodeProblem, SpanEvent } from '../span';
import { DecodeError, hexIdFromBytes, int64 } from './otlp-values';
import {
  ANY_VALUE,
  INSTRUMENTATION_SCOPE,
  KEY_VALUE,
  RESOURCE,
  RESOURCE_SPANS,
  SCOPE_SPANS,
  SPAN,
  SPAN_EVENT,
  STATUS,
  TRACES_DATA,
  VALUES,
} from './otlp-proto-fields';
import { ProtoReader } from './protobuf-wire';
import { messageOf } from '../../../../src-shared/text/message-of';

type Sink = { spans: DecodedSpan[]; bad: number; problems: DecodeProblem[] };

const problemOf = (error: unknown, fallbackOffset: number): DecodeProblem => {
  const message = messageOf(error);
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
      if (tag === TRACES_DATA.resourceSpans) decodeResourceSpans(reader.nested(), sink);
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
    if (tag === RESOURCE_SPANS.resource) resource = decodeResource(reader.nested(), sink);
    else if (tag === RESOURCE_SPANS.scopeSpans) scopes.push(reader.nested());
    else reader.skip(tag & 7);
  });
  // Scopes are decoded after the loop: the resource field may legally come after them.
  for (const scope of scopes) decodeScopeSpans(scope, resource, sink);
}

function decodeResource(reader: ProtoReader, sink: Sink): Attrs {
  const attributes: Attrs = {};
  while (!reader.done) {
    const tag = reader.varint();
    if (tag === RESOURCE.attributes) attribute(reader.nested(), attributes, sink.problems);
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
    if (tag === SCOPE_SPANS.scope) {
      const scope = reader.nested();
      while (!scope.done) {
        const t = scope.varint();
        if (t === INSTRUMENTATION_SCOPE.name) scopeName = scope.string() || null;
        else if (t === INSTRUMENTATION_SCOPE.version) scopeVersion = scope.string() || null;
        else scope.skip(t & 7);
      }
    } else if (tag === SCOPE_SPANS.spans) spans.push(reader.nested());
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
      case SPAN.traceId:
        traceId = hexIdFromBytes(reader.bytes(), 16, 'traceId');
        break;
      case SPAN.spanId:
        spanId = hexIdFromBytes(reader.bytes(), 8, 'spanId');
        break;
      case SPAN.parentSpanId:
        parentSpanId = hexIdFromBytes(reader.bytes(), 8, 'parentSpanId');
        break;
      case SPAN.name:
        name = reader.string();
        break;
      case SPAN.kind:
        kind = reader.varint();
        break;
      case SPAN.startTimeUnixNano:
        startNs = reader.fixed64String();
        break;
      case SPAN.endTimeUnixNano:
        endNs = reader.fixed64String();
        break;
      case SPAN.attributes:
        attribute(reader.nested(), attributes, problems);
        break;
      case SPAN.droppedAttributesCount:
        droppedAttributes = reader.varint();
        break;
      case SPAN.events:
        events.push(decodeEvent(reader.nested()));
        break;
      case SPAN.droppedEventsCount:
        droppedEvents = reader.varint();
        break;
      case SPAN.status: {
        const status = reader.nested();
        while (!status.done) {
          const t = status.varint();
          if (t === STATUS.message) statusMessage = status.string() || null;
          else if (t === STATUS.code) statusCode = status.varint();
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
    if (tag === SPAN_EVENT.timeUnixNano) timeNs = reader.fixed64String();
    else if (tag === SPAN_EVENT.name) name = reader.string();
    else if (tag === SPAN_EVENT.attributes) keyValue(reader.nested(), attributes);
    else reader.skip(tag & 7);
  }
  return { name, timeNs, attributes };
}

function keyValue(reader: ProtoReader, into: Attrs): void {
  let key = '';
  let value: AttrValue = null;
  while (!reader.done) {
    const tag = reader.varint();
    if (tag === KEY_VALUE.key) key = reader.string();
    else if (tag === KEY_VALUE.value) value = anyValue(reader.nested());
    else reader.skip(tag & 7);
  }
  into[key] = value;
}

function anyValue(reader: ProtoReader): AttrValue {
  let value: AttrValue = null;
  while (!reader.done) {
    const tag = reader.varint();
    switch (tag) {
      case ANY_VALUE.stringValue:
        value = reader.string();
        break;
      case ANY_VALUE.boolValue:
        value = reader.varint() !== 0;
        break;
      case ANY_VALUE.intValue:
        value = int64(reader.varint64());
        break;
      case ANY_VALUE.doubleValue:
        value = reader.double();
        break;
      case ANY_VALUE.arrayValue: {
        const array = reader.nested();
        const values: AttrValue[] = [];
        while (!array.done) {
          const t = array.varint();
          if (t === VALUES.values) values.push(anyValue(array.nested()));
          else array.skip(t & 7);
        }
        value = values;
        break;
      }
      case ANY_VALUE.kvlistValue: {
        const list = reader.nested();
        const object: Attrs = {};
        while (!list.done) {
          const t = list.varint();
          if (t === VALUES.values) keyValue(list.nested(), object);
          else list.skip(t & 7);
        }
        value = object;
        break;
      }
      case ANY_VALUE.bytesValue:
        value = reader.bytes().toString('base64');
        break;
      default:
        reader.skip(tag & 7);
    }
  }
  return value;
}
