import { describe, expect, it } from 'vitest';
import { runPool } from '../../../../src-main/engine/run/pool';

function* numbers(n: number) {
  for (let i = 0; i < n; i += 1) yield i;
}

describe('runPool', () => {
  it('runs every item with at most `concurrency` in flight, pulling lazily', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await runPool(numbers(20), 4, async (i) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(i);
      running -= 1;
    });
    expect(peak).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual([...numbers(20)]);
  });

  it('takes async iterators too, handing out each item once', async () => {
    async function* slow() {
      for (let i = 0; i < 10; i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        yield i;
      }
    }
    const seen: number[] = [];
    await runPool(slow(), 3, async (i) => void seen.push(i));
    expect(seen.sort((a, b) => a - b)).toEqual([...numbers(10)]);
  });

  it('stops pulling on abort and after a failure, finishing what is in flight, then rethrows', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    await runPool(
      numbers(100),
      2,
      async (i) => {
        seen.push(i);
        if (i === 3) controller.abort();
      },
      controller.signal,
    );
    expect(seen.length).toBeLessThan(6);

    const done: number[] = [];
    await expect(
      runPool(numbers(100), 2, async (i) => {
        if (i === 2) throw new Error('disk full');
        await new Promise((resolve) => setImmediate(resolve));
        done.push(i);
      }),
    ).rejects.toThrow('disk full');
    expect(done.length).toBeLessThan(5);
  });
});
