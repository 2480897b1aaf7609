// Field schemas the model and the contract repeat in almost every object: whole numbers and values that may be null.
import { z } from 'zod';

/** A whole number: a count, an index, a row id. */
export const int = z.number().int();
/** Null where there is no value yet: a score nothing graded, a latency of a call that failed, a run not finished. */
export const nullableNumber = z.number().nullable();
export const nullableInt = z.number().int().nullable();
export const nullableString = z.string().nullable();
export const nullableBoolean = z.boolean().nullable();
export const optionalString = z.string().optional();
export const optionalBoolean = z.boolean().optional();
