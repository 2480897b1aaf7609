// A typed event hub: the service emits the contract's events, every shell forwards them, the CLI follows them.
import type { EventKeys, Evt, Payload } from './define';

/** One event of the contract as a `[name, payload]` pair: checking the name narrows the payload. */
export type EventOf<C> = { [E in EventKeys<C>]: [name: E, payload: Payload<C, E>] }[EventKeys<C>];

export type Listener<C> = (...event: EventOf<C>) => void;

export type EventHubOptions = Readonly<{
  /** Validate each payload against the contract (tests and development), as the router does with outputs. */
  checkPayloads?: boolean;
}>;

export class EventHub<C> {
  private readonly listeners = new Set<Listener<C>>();

  constructor(
    private readonly contract: C,
    private readonly options: EventHubOptions = {},
  ) {}

  emit<E extends EventKeys<C>>(name: E, payload: Payload<C, E>): void {
    if (this.options.checkPayloads) (this.contract[name] as Evt).payload.parse(payload);
    const event = [name, payload] as EventOf<C>;
    for (const listener of this.listeners) listener(...event);
  }

  /** Subscribes to every event (a listener may take the name alone); returns the unsubscribe function. */
  subscribe(listener: Listener<C>): () => void;
  subscribe(listener: (name: EventKeys<C>) => void): () => void;
  subscribe(listener: Listener<C> | ((name: EventKeys<C>) => void)): () => void {
    this.listeners.add(listener as Listener<C>);
    return () => this.listeners.delete(listener as Listener<C>);
  }
}
