// Helpers the judge commands share: the --grader flag, the opened workspace, integer flags, rates and dates.
import { formatIssue, GRADER_CATALOG, GRADER_IDS, type GraderId, type Interval } from '../../src-shared/model';
import type { App } from '../app/create-app';
import { hasErrors } from '../workspace/load-workspace';
import { nearest } from '../workspace/did-you-mean';
import { createCliApp } from './cli-app';
import { EXIT, UsageError, type CliIo, type ParsedArgs } from './command';

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

/** A whole-number flag with a default and a minimum. */
export function intArg(args: ParsedArgs, name: string, fallback: number, min: number): number {
  const raw = args.values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || value < min)
    throw new UsageError(`--${name} must be a whole number >= ${min}, got ${String(raw)}`);
  return value;
}

/** Runs `work` with the service over a valid workspace; prints the workspace's errors and exits 2 otherwise. */
export async function withJudgeWorkspace(
  args: ParsedArgs,
  io: CliIo,
  work: (app: App) => Promise<number>,
): Promise<number> {
  const app = createCliApp(args, io);
  try {
    const workspace = app.state.workspace();
    if (!workspace.config || hasErrors(workspace.issues)) {
      for (const issue of workspace.issues.filter((i) => i.severity === 'error')) io.err(formatIssue(issue));
      io.err(`error: the workspace ${app.state.dir} has errors; fix them first (ai-eval validate)`);
      return EXIT.invalid;
    }
    return await work(app);
  } finally {
    await app.dispose();
  }
}

export const rate = (x: number | null) => (x === null ? 'n/a' : x.toFixed(2));
export const range = (ci: Interval | null) => (ci === null ? '' : `${ci[0].toFixed(2)}-${ci[1].toFixed(2)}`);
export const when = (ms: number | null) =>
  ms === null ? 'never' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
