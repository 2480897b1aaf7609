// The field tags of the OTLP trace messages the decoder reads, named as in opentelemetry-proto (trace/v1, common/v1,
// resource/v1, collector/trace/v1). A tag is the field number and the wire type in one varint: (number << 3) | type.
import { WIRE } from './protobuf-wire';

const tag = (field: number, wire: number) => (field << 3) | wire;

/** ExportTraceServiceRequest and TracesData share their one field. */
export const TRACES_DATA = { resourceSpans: tag(1, WIRE.len) } as const;
export const RESOURCE_SPANS = { resource: tag(1, WIRE.len), scopeSpans: tag(2, WIRE.len) } as const;
export const RESOURCE = { attributes: tag(1, WIRE.len) } as const;
export const SCOPE_SPANS = { scope: tag(1, WIRE.len), spans: tag(2, WIRE.len) } as const;
export const INSTRUMENTATION_SCOPE = { name: tag(1, WIRE.len), version: tag(2, WIRE.len) } as const;

export const SPAN = {
  traceId: tag(1, WIRE.len),
  spanId: tag(2, WIRE.len),
  parentSpanId: tag(4, WIRE.len),
  name: tag(5, WIRE.len),
  kind: tag(6, WIRE.varint),
  startTimeUnixNano: tag(7, WIRE.fixed64),
  endTimeUnixNano: tag(8, WIRE.fixed64),
  attributes: tag(9, WIRE.len),
  droppedAttributesCount: tag(10, WIRE.varint),
  events: tag(11, WIRE.len),
  droppedEventsCount: tag(12, WIRE.varint),
  status: tag(15, WIRE.len),
} as const;

export const STATUS = { message: tag(2, WIRE.len), code: tag(3, WIRE.varint) } as const;
export const SPAN_EVENT = {
  timeUnixNano: tag(1, WIRE.fixed64),
  name: tag(2, WIRE.len),
  attributes: tag(3, WIRE.len),
} as const;
export const KEY_VALUE = { key: tag(1, WIRE.len), value: tag(2, WIRE.len) } as const;

export const ANY_VALUE = {
  stringValue: tag(1, WIRE.len),
  boolValue: tag(2, WIRE.varint),
  intValue: tag(3, WIRE.varint),
  doubleValue: tag(4, WIRE.fixed64),
  arrayValue: tag(5, WIRE.len),
  kvlistValue: tag(6, WIRE.len),
  bytesValue: tag(7, WIRE.len),
} as const;

/** ArrayValue and KeyValueList: their one repeated field. */
export const VALUES = { values: tag(1, WIRE.len) } as const;
