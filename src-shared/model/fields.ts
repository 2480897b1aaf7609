// Field schemas the model and the contract repeat in almost every object: plain values, whole numbers, and values
// that may be null or left out. Named like the TypeScript types they parse to, so `id: string` reads as the field.
import { z } from 'zod';

export const string = z.string();
export const number = z.number();
export const boolean = z.boolean();
/** A whole number: a count, an index, a row id. */
export const int = z.number().int();
/** Null where there is no value yet: a score nothing graded, a latency of a call that failed, a run not finished. */
export const nullableNumber = z.number().nullable();
export const nullableInt = z.number().int().nullable();
export const nullableString = z.string().nullable();
export const nullableBoolean = z.boolean().nullable();
export const optionalString = z.string().optional();
export const optionalBoolean = z.boolean().optional();
