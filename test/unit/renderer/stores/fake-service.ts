// The service as the renderer's stores see it, faked at the transport boundary: answers by method, records the calls,
// fails on request and holds answers back so a test decides in which order they arrive.
import type { Contract } from '../../../../src-shared/contract';
import type { CallKeys, EventKeys, Payload } from '../../../../src-shared/rpc/define';
import type { Envelope, ErrorCode, EvalBridge, WireEvent } from '../../../../src-shared/rpc/wire';

type Method = CallKeys<Contract>;
type Answer = (input: never) => unknown;

/** An answer the test releases by hand. */
export type Held<T> = Readonly<{ promise: Promise<T>; resolve(value: T): void; reject(error: Error): void }>;

export function held<T>(): Held<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A refusal as the router sends it: the store sees an RpcError with this code and message. */
export class Refused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const answers = new Map<string, Answer>();
const listeners = new Set<(event: WireEvent) => void>();

export const calls: { method: string; input: unknown }[] = [];

export const bridge: EvalBridge = {
  async invoke(method, input): Promise<Envelope> {
    calls.push({ method, input });
    const answer = answers.get(method);
    if (!answer)
      return { ok: false, error: { code: 'internal', message: `The fake service has no answer for ${method}.` } };
    try {
      // The wire carries JSON: the store gets a copy, never the test's own object.
      return { ok: true, value: structuredClone(await answer(input as never)) };
    } catch (error) {
      const code = error instanceof Refused ? error.code : 'internal';
      return { ok: false, error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
  },
  onEvent(cb) {
    listeners.add(cb);
    return () => listeners.delete(cb);
  },
};

/** Answers `method` with `answer(input)` (a value, a promise, or a throw for a refusal) from now on. */
export function answer(method: Method, answer: (input: Record<string, unknown>) => unknown): void {
  answers.set(method, answer as Answer);
}

/** Refuses every call of `method` with this message. */
export function refuse(method: Method, message: string, code: ErrorCode = 'bad_input'): void {
  answers.set(method, () => {
    throw new Refused(code, message);
  });
}

/** Sends an event to every subscriber, as the service's event stream would. */
export function emit<E extends EventKeys<Contract>>(name: E, payload: Payload<Contract, E>): void {
  for (const listener of listeners) listener({ name, payload: structuredClone(payload) });
}

export const calledWith = (method: Method) => calls.filter((call) => call.method === method).map((call) => call.input);

export function resetService(): void {
  answers.clear();
  listeners.clear();
  calls.length = 0;
}

/** Lets every settled promise's callbacks run (the transport and the store await a few times per call). */
export const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Holds back the next `count` answers of `method`, one per call in call order; the test releases them in any order. */
export function heldAnswers(method: Method, count: number): Held<unknown>[] {
  const answersInTurn = Array.from({ length: count }, () => held<unknown>());
  let next = 0;
  answer(method, () => answersInTurn[next++]!.promise);
  return answersInTurn;
}
