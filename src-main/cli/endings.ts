// What the service ends in the background (a run, an optimizer job), waited for by id even when the end came first.

export class Endings<T> {
  private readonly ended = new Map<string, T>();
  private readonly waiters = new Map<string, (value: T) => void>();

  /** Records the end of `id`: its waiter hears it now, or the next `wait(id)` does. */
  end(id: string, value: T): void {
    const waiter = this.waiters.get(id);
    if (!waiter) {
      this.ended.set(id, value);
      return;
    }
    this.waiters.delete(id);
    waiter(value);
  }

  wait(id: string): Promise<T> {
    if (this.ended.has(id)) {
      const value = this.ended.get(id) as T;
      this.ended.delete(id);
      return Promise.resolve(value);
    }
    return new Promise((resolve) => this.waiters.set(id, resolve));
  }
}
