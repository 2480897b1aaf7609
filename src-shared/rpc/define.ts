// Helpers to declare contract calls and events, and the handler/client types derived from them.
import type { z } from 'zod';

export type Call<I, O> = Readonly<{ kind: 'call'; input: z.ZodType<I>; output: z.ZodType<O> }>;
export type Evt<P> = Readonly<{ kind: 'event'; payload: z.ZodType<P> }>;

export const call = <I, O>(input: z.ZodType<I>, output: z.ZodType<O>): Call<I, O> => ({ kind: 'call', input, output });
export const event = <P>(payload: z.ZodType<P>): Evt<P> => ({ kind: 'event', payload });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCall = Call<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEvt = Evt<any>;

export type CallKeys<C> = { [K in keyof C]: C[K] extends AnyCall ? K : never }[keyof C] & string;
export type EventKeys<C> = { [K in keyof C]: C[K] extends AnyEvt ? K : never }[keyof C] & string;
export type In<C, K extends keyof C> = C[K] extends Call<infer I, unknown> ? I : never;
export type Out<C, K extends keyof C> = C[K] extends Call<unknown, infer O> ? O : never;
export type Payload<C, K extends keyof C> = C[K] extends Evt<infer P> ? P : never;

/** Main side: what the handlers must implement (sync or async). */
export type Handlers<C, Ctx> = {
  [K in CallKeys<C>]: (input: In<C, K>, ctx: Ctx) => Out<C, K> | Promise<Out<C, K>>;
};

/** Renderer side: what the client offers (always async). */
export type Client<C> = { [K in CallKeys<C>]: (input: In<C, K>) => Promise<Out<C, K>> } & {
  on<E extends EventKeys<C>>(name: E, cb: (payload: Payload<C, E>) => void): () => void;
};
