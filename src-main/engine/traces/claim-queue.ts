// Hands out items in their original order by key, each at most once: the linear replacement for a `find` (or
// `findIndex` + `splice`) over the items not yet taken, which is quadratic in tool calls.
export class ClaimQueue<T> {
  private readonly taken: boolean[];
  /** Per key, the indices of the items filed under it (in order) and how far the claims have read. */
  private readonly queues = new Map<string, { next: number; indices: number[] }>();

  /** `keysOf` names the keys an item can be claimed by. */
  constructor(
    private readonly items: readonly T[],
    keysOf: (item: T) => readonly string[],
  ) {
    this.taken = items.map(() => false);
    items.forEach((item, index) => {
      for (const key of keysOf(item)) {
        const queue = this.queues.get(key);
        if (queue) queue.indices.push(index);
        else this.queues.set(key, { next: 0, indices: [index] });
      }
    });
  }

  /** The first item filed under `key` and not taken yet (then taken), or undefined. */
  claim(key: string): T | undefined {
    const queue = this.queues.get(key);
    if (!queue) return undefined;
    // Every index is skipped at most once per key it is filed under: amortised constant time per claim.
    while (queue.next < queue.indices.length) {
      const index = queue.indices[queue.next++]!;
      if (this.taken[index]) continue;
      this.taken[index] = true;
      return this.items[index];
    }
    return undefined;
  }

  /** The items never claimed, in their original order. */
  unclaimed(): T[] {
    return this.items.filter((_, index) => !this.taken[index]);
  }
}
