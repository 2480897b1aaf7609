// The spans of a file read but not yet written, by trace: a batch holds back the traces still arriving.
import type { DecodedSpan } from '../span';

type PendingTrace = { spans: DecodedSpan[]; rooted: boolean };

/** Traces a file's cuts remember having written (the most recent): a trace continued later than that is rare. */
const RECALLED = 50_000;

/** The spans of one cut, and its traces an earlier cut already wrote part of (their item is rebuilt by the store). */
export type Cut = Readonly<{ spans: DecodedSpan[]; continued: ReadonlySet<string> }>;

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
  /** Traces cut out before, oldest first (at most RECALLED). */
  private readonly written = new Set<string>();
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
  cut(all: boolean): Cut {
    const out: DecodedSpan[] = [];
    const open: [string, PendingTrace][] = [];
    const continued = new Set<string>();
    const take = (traceId: string, trace: PendingTrace) => {
      pushAll(out, trace.spans);
      if (this.written.delete(traceId)) continued.add(traceId);
      this.written.add(traceId);
    };
    let held = 0;
    for (const entry of this.traces) {
      const trace = entry[1];
      if (all || trace.rooted) take(...entry);
      else {
        open.push(entry);
        held += trace.spans.length;
      }
    }
    let oldest = 0;
    for (; held > this.maxHeld; oldest++) {
      const [traceId, trace] = open[oldest]!;
      take(traceId, trace);
      held -= trace.spans.length;
    }
    this.traces = new Map(oldest === 0 ? open : open.slice(oldest));
    this.held = held;
    this.read = 0;
    for (const traceId of this.written) {
      if (this.written.size <= RECALLED) break;
      this.written.delete(traceId);
    }
    return { spans: out, continued };
  }
}

function pushAll(out: DecodedSpan[], spans: readonly DecodedSpan[]): void {
  for (const span of spans) out.push(span);
}
