// Helpers the judge commands share: the --grader flag, integer flags, rates and dates.
import { GRADER_CATALOG, GRADER_IDS, type GraderId, type Interval } from '../../src-shared/model';
import { nearest } from '../../src-shared/text/nearest';
import { UsageError, type ParsedArgs } from './command';

/** The LLM grader named by --grader; a usage error (with a did-you-mean) otherwise. */
export function judgeGraderArg(args: ParsedArgs): GraderId {
  const value = args.values.grader;
  if (typeof value !== 'string') throw new UsageError('--grader ID is required');
  const judges = GRADER_IDS.filter((id) => GRADER_CATALOG[id].kind === 'llm_judge');
  if ((judges as readonly string[]).includes(value)) return value as GraderId;
  const suggestion = nearest(value, judges);
  const what = (GRADER_IDS as readonly string[]).includes(value)
    ? `${value} is not an LLM judge`
    : `unknown grader "${value}"`;
  throw new UsageError(`${what}${suggestion ? `; did you mean "${suggestion}"?` : `; judges: ${judges.join(', ')}`}`);
}

/** A whole-number flag with a default, a minimum and (optionally) a maximum. */
export function intArg(args: ParsedArgs, name: string, fallback: number, min: number, max?: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || value < min || (max !== undefined && value > max)) {
    const range = max === undefined ? `>= ${min}` : `from ${min} to ${max}`;
    throw new UsageError(`--${name} must be a whole number ${range}, got ${JSON.stringify(String(raw))}`);
  }
  return value;
}

/** A share flag (strictly between 0 and 1, e.g. 0.1 for 10 points) with a default. */
export function shareArg(args: ParsedArgs, name: string, fallback: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !(value > 0 && value < 1))
    throw new UsageError(
      `--${name} must be a share between 0 and 1 (0.1 is 10 points), got ${JSON.stringify(String(raw))}`,
    );
  return value;
}

export const rate = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
export const range = (ci: Interval | null) => (ci === null ? '' : `${ci[0].toFixed(2)}-${ci[1].toFixed(2)}`);
export const when = (ms: number | null) =>
  ms === null ? 'never' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
