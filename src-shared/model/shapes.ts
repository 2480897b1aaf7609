// Small schemas several models share: the confidence interval every rate and estimate carries.
import { z } from 'zod';
import { number } from './fields';

/** A closed interval [lo, hi]. */
export const interval = z.tuple([number, number]);
export type Interval = z.infer<typeof interval>;
