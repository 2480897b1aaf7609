// Helpers to declare contract calls and events, and the handler/client types derived from them.
import { z } from 'zod';

export type Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = Readonly<{
  kind: 'call';
  input: I;
  output: O;
}>;
export type Evt<P extends z.ZodType = z.ZodType> = Readonly<{ kind: 'event'; payload: P }>;

/**
 * A call of the contract. Its schemas are built at their first use: a CLI command uses a few of the contract's calls,
 * and building the zod schemas of all of them cost every start more time than anything else the contract does.
 */
export const call = <I extends z.ZodType, O extends z.ZodType>(schemas: () => { input: I; output: O }): Call<I, O> => {
  const schemasOnce = once(schemas);
  return {
    kind: 'call',
    get input() {
      return schemasOnce().input;
    },
    get output() {
      return schemasOnce().output;
    },
  };
};

/** The input of a call that takes none: an empty object. */
export const noInput = z.object({});

/** An event of the contract; its payload schema is built at its first use, as a call's. */
export const event = <P extends z.ZodType>(payload: () => P): Evt<P> => {
  const payloadOnce = once(payload);
  return {
    kind: 'event',
    get payload() {
      return payloadOnce();
    },
  };
};

function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

export type CallKeys<C> = { [K in keyof C]: C[K] extends Call ? K : never }[keyof C] & string;
export type EventKeys<C> = { [K in keyof C]: C[K] extends Evt ? K : never }[keyof C] & string;
/** What a handler receives: the input after validation and defaults. */
export type In<C, K extends keyof C> = C[K] extends Call<infer I, z.ZodType> ? z.output<I> : never;
/** What a caller sends: defaults may be left out. */
export type ClientIn<C, K extends keyof C> = C[K] extends Call<infer I, z.ZodType> ? z.input<I> : never;
export type Out<C, K extends keyof C> = C[K] extends Call<z.ZodType, infer O> ? z.output<O> : never;
export type Payload<C, K extends keyof C> = C[K] extends Evt<infer P> ? z.output<P> : never;

/** Main side: what the handlers must implement (sync or async). */
export type Handlers<C, Ctx> = {
  [K in CallKeys<C>]: (input: In<C, K>, ctx: Ctx) => Out<C, K> | Promise<Out<C, K>>;
};

/** Renderer side: what the client offers (always async). */
export type Client<C> = { [K in CallKeys<C>]: (input: ClientIn<C, K>) => Promise<Out<C, K>> } & {
  on<E extends EventKeys<C>>(name: E, cb: (payload: Payload<C, E>) => void): () => void;
};
