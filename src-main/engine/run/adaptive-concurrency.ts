// Concurrency measured against the server: start at 1 call in flight, double while throughput rises, keep the best.
import type { LaneWidth } from './pool';

// A local server runs only OLLAMA_NUM_PARALLEL requests at once; more in flight just queue there and inflate latency.

/** The most calls in flight the measurement tries. */
export const MAX_ADAPTIVE_CONCURRENCY = 16;
/** A step must beat the best so far by this factor to count as a rise (noise stays under it). */
const RISE = 1.15;
/** Calls measured per step, per call in flight. */
const CALLS_PER_SLOT = 4;

export class AdaptiveConcurrency implements LaneWidth {
  value = 1;
  settled = false;
  private best = { value: 1, rate: 0 };
  private stepStart: number | undefined;
  private stepDone = 0;
  private wake: (() => void) | undefined;
  private next: Promise<void> | undefined;

  constructor(
    private readonly apply: (value: number) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    apply(1);
  }

  current(): number {
    return this.value;
  }

  /** Settles when the value changes next. */
  changed(): Promise<void> {
    return (this.next ??= new Promise((resolve) => (this.wake = resolve)));
  }

  /** A call finished. The first one only starts the clock: it carries the model's load. */
  callDone(): void {
    if (this.settled) return;
    if (this.stepStart === undefined) {
      this.stepStart = this.now();
      return;
    }
    this.stepDone += 1;
    if (this.stepDone < this.value * CALLS_PER_SLOT) return;
    const rate = this.stepDone / Math.max(1, this.now() - this.stepStart);
    if (rate > this.best.rate * RISE) {
      this.best = { value: this.value, rate };
      if (this.value * 2 <= MAX_ADAPTIVE_CONCURRENCY) return this.step(this.value * 2);
    }
    this.settled = true;
    if (this.value !== this.best.value) this.step(this.best.value);
  }

  private step(value: number): void {
    this.value = value;
    this.stepDone = 0;
    this.stepStart = this.now();
    this.apply(value);
    const wake = this.wake;
    this.next = undefined;
    this.wake = undefined;
    wake?.();
  }
}
