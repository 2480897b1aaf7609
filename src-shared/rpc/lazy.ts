// Code loaded at its first use: a service part (`lazy`) or a domain's handlers (`lazyHandlers`), so a command that
// never calls a domain never loads it (`ai-eval validate` loads no engine, store or provider code).
import type { Call, Handlers } from './define';

export type Lazy<T> = Readonly<{
  /** Loads it once; a load that failed is tried again at the next call. */
  get(): Promise<T>;
  /** The loaded value, or undefined when nothing has asked for it yet (nothing to stop or cancel then). */
  loaded(): T | undefined;
}>;

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    get: () =>
      (pending ??= load().then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

type AnyHandler<Ctx> = (input: unknown, ctx: Ctx) => unknown;

/**
 * The handlers of every call in `calls`, each loading the domain's real handlers (once) before it runs. Once loaded,
 * a call goes straight to its handler, as if it had never been lazy (a cancel reaches a running import as soon).
 */
export function lazyHandlers<C extends Readonly<Record<string, unknown>>, Ctx>(
  calls: C,
  load: () => Promise<Handlers<C, Ctx>>,
): Handlers<C, Ctx> {
  const domain = lazy(async () => (await load()) as unknown as Record<string, AnyHandler<Ctx>>);
  const table: Record<string, AnyHandler<Ctx>> = {};
  for (const [method, spec] of Object.entries(calls)) {
    if ((spec as Call).kind !== 'call') continue;
    table[method] = (input, ctx) => {
      const loaded = domain.loaded();
      if (loaded) return (loaded[method] as AnyHandler<Ctx>)(input, ctx);
      return domain.get().then((handlers) => (handlers[method] as AnyHandler<Ctx>)(input, ctx));
    };
  }
  return table as unknown as Handlers<C, Ctx>;
}
