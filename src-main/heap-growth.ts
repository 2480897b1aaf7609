// Keeps V8's heap close to what a long run really holds, for the processes that run evaluations (CLI, desktop main).
import { setFlagsFromString } from 'node:v8';

/**
 * When garbage collection is cheap, V8 lets the old generation grow to four times the live heap before the next full
 * collection. A run allocates steadily for minutes, so that headroom becomes most of its memory; growing by half
 * instead keeps the peak far lower at the same speed (bench/README.md, "Runs"). V8 reads this flag at every full
 * collection, so setting it after start-up takes effect; it only moves when collections happen and can never make a
 * process run out of memory.
 */
export function limitHeapGrowth(): void {
  setFlagsFromString('--heap-growing-percent=50');
}
