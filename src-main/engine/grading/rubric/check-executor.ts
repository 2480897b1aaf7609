// The check executor plugin interface: one executor per rubric check kind, looked up in a registry by kind (docs/workspace.md).
import type { CheckKindSchema, RubricCheck } from '../../../../src-shared/model';
import type { GradeContext, JudgeCallRecord } from '../grader';

/** What one check came to: a score in [0,1] with passed, not executed (and why), or an error (the grader is degraded). */
export type CheckVerdict =
  | Readonly<{ status: 'executed'; score: number; passed: boolean; reason: string }>
  | Readonly<{ status: 'not_executed'; reason: string }>
  | Readonly<{ status: 'error'; reason: string }>;

export type CheckContext = GradeContext &
  Readonly<{
    /** Runs a nested check through the same registry (composite). */
    runCheck(check: RubricCheck): Promise<CheckVerdict>;
    /** Keeps a judge call made by a check, so the run engine stores it. */
    recordJudgeCall(record: JudgeCallRecord): void;
  }>;

export type CheckOf<K extends RubricCheck['kind']> = Extract<RubricCheck, { kind: K }>;

export type CheckExecutor<K extends RubricCheck['kind'] = RubricCheck['kind']> = Readonly<{
  kind: K;
  /** The schema of this kind's checks, which the executor contributes to the rubric schema (composite nests the others). */
  schema: K extends 'composite' ? null : CheckKindSchema;
  execute(check: CheckOf<K>, context: CheckContext): Promise<CheckVerdict>;
}>;

/** An executor of any one kind. */
export type AnyCheckExecutor = { [K in RubricCheck['kind']]: CheckExecutor<K> }[RubricCheck['kind']];

export type CheckRegistry = ReadonlyMap<string, AnyCheckExecutor>;

/** A registry from executors; a later executor of the same kind replaces an earlier one (plug-ins override defaults). */
export function checkRegistry(...executors: readonly AnyCheckExecutor[]): CheckRegistry {
  return new Map(executors.map((executor) => [executor.kind, executor]));
}

export const executed = (score: number, passed: boolean, reason: string): CheckVerdict => ({
  status: 'executed',
  score,
  passed,
  reason,
});
export const passFail = (passed: boolean, reason: string): CheckVerdict => executed(passed ? 1 : 0, passed, reason);
export const notExecuted = (reason: string): CheckVerdict => ({ status: 'not_executed', reason });
export const checkError = (reason: string): CheckVerdict => ({ status: 'error', reason });
