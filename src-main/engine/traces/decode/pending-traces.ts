// The spans of a file read but not yet written, by trace: a batch holds back the traces still arriving.
import type { DecodedSpan } from '../span';

type PendingTrace = { spans: DecodedSpan[]; rooted: boolean };

/**
 * An SDK exports each span when it ends, so a trace's spans are spread over several requests, its root last. A
 * batch cut from here holds back the traces still open (no root span yet): a trace then usually reaches the store
 * whole, and its review item is built once, from the batch, instead of from a part and then again from the store.
 * A trace whose root is in another service is written when the open traces read after it push it out. Spans that
 * arrive after their trace was written are still queued, and their item rebuilt by the store.
 */
export class PendingTraces {
  /** In the order each trace was first read. */
  private traces = new Map<string, PendingTrace>();
  private held = 0;
  /** Spans read since the last cut. */
  read = 0;

  /** @param maxHeld the most spans a cut holds back; beyond it, the traces first read are written anyway. */
  constructor(private readonly maxHeld: number) {}

  add(span: DecodedSpan): void {
    let trace = this.traces.get(span.traceId);
    if (!trace) this.traces.set(span.traceId, (trace = { spans: [], rooted: false }));
    trace.spans.push(span);
    if (span.parentSpanId === null) trace.rooted = true;
    this.read++;
  }

  /** Spans read and not yet cut out. */
  get size(): number {
    return this.read + this.held;
  }

  /** The spans to write now, a trace's together: every one when `all`, else all but those of the open traces. */
  cut(all: boolean): DecodedSpan[] {
    const out: DecodedSpan[] = [];
    const open: [string, PendingTrace][] = [];
    let held = 0;
    for (const entry of this.traces) {
      const trace = entry[1];
      if (all || trace.rooted) pushAll(out, trace.spans);
      else {
        open.push(entry);
        held += trace.spans.length;
      }
    }
    let oldest = 0;
    for (; held > this.maxHeld; oldest++) {
      const trace = open[oldest]![1];
      pushAll(out, trace.spans);
      held -= trace.spans.length;
    }
    this.traces = new Map(oldest === 0 ? open : open.slice(oldest));
    this.held = held;
    this.read = 0;
    return out;
  }
}

function pushAll(out: DecodedSpan[], spans: readonly DecodedSpan[]): void {
  for (const span of spans) out.push(span);
}
