// Decodes one OTLP/JSON ExportTraceServiceRequest (or TracesData) object into spans; a bad span is counted, not fatal.
import type { Attrs, DecodedBatch, DecodedSpan, DecodeProblem, SpanEvent } from '../span';
import { DecodeError, hexId, keyValues, nanos } from './otlp-values';

type Obj = Readonly<Record<string, unknown>>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown, field: string): unknown[] => {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new DecodeError(`${field} must be a list`);
  return value;
};
const uint = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0)) || 0;

/** Decodes a parsed request; `line` is reported with every problem. Unknown fields are ignored, as OTLP requires. */
export function decodeJsonRequest(request: unknown, line: number | null): DecodedBatch {
  const spans: DecodedSpan[] = [];
  const problems: DecodeProblem[] = [];
  let bad = 0;
  const problem = (message: string) => problems.push({ line, offset: null, message });
  if (!isObj(request)) {
    problem('expected an ExportTraceServiceRequest object with "resourceSpans"');
    return { spans, bad: 1, problems };
  }
  // An empty request is a valid, empty export (OTLP: every field is optional).
  if (Object.keys(request).length === 0) return { spans, bad, problems };
  if (!('resourceSpans' in request)) {
    problem(
      `no "resourceSpans" key (found ${Object.keys(request).slice(0, 5).join(', ') || 'nothing'}): is this an OTLP trace export?`,
    );
    return { spans, bad: 1, problems };
  }
  let resourceSpansList: unknown[];
  try {
    resourceSpansList = list(request.resourceSpans, 'resourceSpans');
  } catch (error) {
    problem((error as Error).message);
    return { spans, bad: 1, problems };
  }
  // Each level keeps its good parts around a bad one: a bad attribute is dropped, a bad span skipped, a bad scope or
  // resource skipped; null entries (some exporters write them for empty slots) are no entries.
  const skip = (error: unknown) => {
    bad++;
    problem(error instanceof DecodeError ? error.message : String(error));
  };
  const drop = (message: string) => problem(message);
  resourceSpansList.forEach((resourceSpans, r) => {
    const at = `resourceSpans[${r}]`;
    if (resourceSpans === null) return;
    try {
      if (!isObj(resourceSpans)) throw new DecodeError(`${at} must be an object`);
      const resource = keyValues(
        isObj(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined,
        `${at}.resource.attributes`,
        drop,
      );
      list(resourceSpans.scopeSpans, `${at}.scopeSpans`).forEach((scopeSpans, s) => {
        const scopeAt = `${at}.scopeSpans[${s}]`;
        if (scopeSpans === null) return;
        try {
          if (!isObj(scopeSpans)) throw new DecodeError(`${scopeAt} must be an object`);
          const scope = isObj(scopeSpans.scope) ? scopeSpans.scope : {};
          const scopeName = typeof scope.name === 'string' && scope.name !== '' ? scope.name : null;
          const scopeVersion = typeof scope.version === 'string' && scope.version !== '' ? scope.version : null;
          list(scopeSpans.spans, `${scopeAt}.spans`).forEach((span, i) => {
            if (span === null) return;
            try {
              spans.push(decodeSpan(span, `${scopeAt}.spans[${i}]`, resource, scopeName, scopeVersion, drop));
            } catch (error) {
              skip(error);
            }
          });
        } catch (error) {
          skip(error);
        }
      });
    } catch (error) {
      skip(error);
    }
  });
  return { spans, bad, problems };
}

function decodeSpan(
  raw: unknown,
  at: string,
  resource: Attrs,
  scopeName: string | null,
  scopeVersion: string | null,
  drop: (message: string) => void,
): DecodedSpan {
  if (!isObj(raw)) throw new DecodeError(`${at} must be an object`);
  const traceId = hexId(raw.traceId, 16, `${at}.traceId`);
  const spanId = hexId(raw.spanId, 8, `${at}.spanId`);
  if (!traceId) throw new DecodeError(`${at} has no traceId`);
  if (!spanId) throw new DecodeError(`${at} has no spanId`);
  const kind = raw.kind ?? 0;
  if (typeof kind !== 'number' || !Number.isInteger(kind))
    throw new DecodeError(`${at}.kind must be an integer enum, got ${JSON.stringify(kind)}`);
  const status = isObj(raw.status) ? raw.status : {};
  const statusCode = status.code ?? 0;
  if (typeof statusCode !== 'number')
    throw new DecodeError(`${at}.status.code must be an integer enum, got ${JSON.stringify(statusCode)}`);
  const events: SpanEvent[] = list(raw.events, `${at}.events`).flatMap((event, e) => {
    if (event === null) return [];
    if (!isObj(event)) throw new DecodeError(`${at}.events[${e}] must be an object`);
    return [
      {
        name: typeof event.name === 'string' ? event.name : '',
        timeNs: nanos(event.timeUnixNano, `${at}.events[${e}].timeUnixNano`),
        attributes: keyValues(event.attributes, `${at}.events[${e}].attributes`, drop),
      },
    ];
  });
  return {
    traceId,
    spanId,
    parentSpanId: hexId(raw.parentSpanId, 8, `${at}.parentSpanId`),
    name: typeof raw.name === 'string' ? raw.name : '',
    kind,
    startNs: nanos(raw.startTimeUnixNano, `${at}.startTimeUnixNano`),
    endNs: nanos(raw.endTimeUnixNano, `${at}.endTimeUnixNano`),
    statusCode,
    statusMessage: typeof status.message === 'string' && status.message !== '' ? status.message : null,
    attributes: keyValues(raw.attributes, `${at}.attributes`, drop),
    events,
    resource,
    scopeName,
    scopeVersion,
    droppedAttributes: uint(raw.droppedAttributesCount),
    droppedEvents: uint(raw.droppedEventsCount),
  };
}
