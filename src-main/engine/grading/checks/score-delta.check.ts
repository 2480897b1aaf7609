// score_delta: a command scores the response and the reference; passes when the response's number minus the reference's ≥ min_delta.
import {
  checkError,
  notExecuted,
  passFail,
  type CheckExecutor,
  type CheckOf,
  type CheckVerdict,
} from '../rubric/check-executor';
import type { GradeContext } from '../grader';
import { runCheckCommand, UNTRUSTED } from './command.check';
import { CHECK_KIND_SCHEMAS } from '../../../../src-shared/model';

export const scoreDeltaCheck: CheckExecutor<'score_delta'> = {
  kind: 'score_delta',
  schema: CHECK_KIND_SCHEMAS.score_delta,
  async execute(check, context) {
    if (!context.trusted) return notExecuted(UNTRUSTED);
    const reference = context.question.expected?.reference;
    if (reference === undefined || reference === '')
      return notExecuted('the question has no expected.reference to compare with');
    const response = await measure(check, context.response, 'the response', context);
    if (typeof response !== 'number') return response;
    const baseline = await measure(check, reference, 'the reference', context);
    if (typeof baseline !== 'number') return baseline;
    const delta = response - baseline;
    return passFail(
      delta >= check.min_delta,
      `response ${response} − reference ${baseline} = ${delta} (at least ${check.min_delta} needed)`,
    );
  },
};

/** The number the command prints for `text`, or the verdict explaining why there is none. */
async function measure(
  check: CheckOf<'score_delta'>,
  text: string,
  what: string,
  context: GradeContext,
): Promise<number | CheckVerdict> {
  const result = await runCheckCommand(`score_delta check ${check.id}`, check.command, text, check.timeout_ms, context);
  if ('status' in result) return result;
  if (result.timedOut) return passFail(false, `scoring ${what} timed out after ${check.timeout_ms} ms`);
  const printed = result.stdout.trim().split(/\s+/).at(-1) ?? '';
  const value = Number(printed);
  if (result.exitCode !== 0 || printed === '' || !Number.isFinite(value)) {
    return checkError(
      `score_delta check ${check.id}: scoring ${what} exited ${result.exitCode ?? result.signal} and printed ${JSON.stringify(result.stdout.trim().slice(0, 100))}, not a number`,
    );
  }
  return value;
}
