// A tiny typed event hub: the service emits contract events, every shell forwards them.

export type Listener = (name: string, payload: unknown) => void;

export class EventHub {
  private readonly listeners = new Set<Listener>();

  emit(name: string, payload: unknown): void {
    for (const listener of this.listeners) listener(name, payload);
  }

  /** Subscribes to every event; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
