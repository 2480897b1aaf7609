// Helpers to declare contract calls and events, and the handler/client types derived from them.
import type { z } from 'zod';

export type Call<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = Readonly<{
  kind: 'call';
  input: I;
  output: O;
}>;
export type Evt<P extends z.ZodType = z.ZodType> = Readonly<{ kind: 'event'; payload: P }>;

export const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): Call<I, O> => ({
  kind: 'call',
  input,
  output,
});
export const event = <P extends z.ZodType>(payload: P): Evt<P> => ({ kind: 'event', payload });

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
