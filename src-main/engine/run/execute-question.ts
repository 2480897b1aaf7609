// One question end to end: ask the target, run every grader, score the answer, shape the row to store.
import type { ChatMessage, GraderResult } from '../../../src-shared/model';
import type { GradeContext, GradeOutcome, Grader, JudgeCallRecord } from '../grading/grader';
import { scoreQuestion } from '../scoring/question-score';
import { toZeroFive } from '../scoring/normalise';
import { unansweredReason } from '../scoring/unanswered';
import type { NewQuestionResult } from '../../store/repos/results.repo';
import { resolveRubric } from '../../workspace/load-workspace';
import { questionVersionOf } from '../history/question-version';
import type { AttemptCounter } from './limiter';
import type { PlanItem, RunPlan, ValidWorkspace } from './plan';
import type { RunServices } from './run-services';
import { questionMessages, type TargetAnswer, type TargetCaller } from './target-caller';
import { messageOf } from '../../../src-shared/text/message-of';

/** What the target gave back for one question, or why it gave nothing. */
export type Answered = Readonly<{
  messages: readonly ChatMessage[];
  answer: TargetAnswer | null;
  error: string | null;
  attempts: number;
}>;

export type QuestionEnv = Readonly<{
  runId: string;
  plan: RunPlan;
  workspace: ValidWorkspace;
  services: RunServices;
  trusted: boolean;
  clock: () => number;
  signal: AbortSignal;
  /** How the criteria a judge sees are built from the question and its rubric. */
  criteriaOf: (question: PlanItem['question'], rubric: GradeContext['rubric']) => string;
}>;

/** Calls the target; a failure after the limiter's retries becomes an error, never an exception (cancel excepted). */
export async function answerQuestion(
  item: PlanItem,
  caller: TargetCaller | undefined,
  signal: AbortSignal,
): Promise<Answered> {
  if (!caller)
    throw new Error(`question ${item.question.id}: nothing to ask (a regrade item without its stored answer)`);
  const messages = questionMessages(item.question);
  const counter: AttemptCounter = { attempts: 0, retries: 0 };
  try {
    const answer = await caller.answer(messages, counter, signal);
    return { messages, answer, error: null, attempts: counter.attempts };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    return {
      messages,
      answer: null,
      error: `target call failed: ${messageOf(error)}`,
      attempts: Math.max(1, counter.attempts),
    };
  }
}

/** Grades an answer with every grader of the plan and returns the row to store (degraded when the target failed). */
export async function gradeAnswer(item: PlanItem, answered: Answered, env: QuestionEnv): Promise<NewQuestionResult> {
  const { answer } = answered;
  // An answer to a cut prompt is kept but not graded: it answers a question the model never fully saw.
  const cut = answer?.inputCut;
  const graded =
    answer && !cut
      ? await gradeWith(env.plan.graders, item, answered.messages, answer, env)
      : { graders: [], judgeCalls: [] };
  return resultRow(item, answered, graded, env);
}

/** The row to store for an answer and its grader outcomes. */
export function resultRow(
  item: PlanItem,
  answered: Answered,
  graded: Readonly<{ graders: readonly GraderResult[]; judgeCalls: readonly JudgeCallRecord[] }>,
  env: QuestionEnv,
): NewQuestionResult {
  const { answer } = answered;
  const cut = answer?.inputCut;
  if (env.signal.aborted) throw env.signal.reason;
  const { target } = env.plan;
  const unanswered =
    answer && !cut ? unansweredReason(answer, target.mode === 'agent' ? target.max_steps : null) : null;
  // No answer is a failed question, not one for the graders to judge (a tool-usage grade alone would pass it).
  const { status, score, passed } = unanswered
    ? { status: 'scored' as const, score: 0, passed: false }
    : scoreQuestion(graded.graders, env.plan.passThreshold, answer === null || !!cut);
  const graderErrors = graded.graders
    .filter((grader) => grader.status === 'error')
    .map((grader) => `${grader.graderId}: ${grader.reason}`);
  const cutError = cut
    ? `the target saw a truncated prompt: ${cut.seen} of ${cut.sent} tokens (raise num_ctx; not graded)`
    : null;
  const problems = [...(cutError ? [cutError] : []), ...(unanswered ? [unanswered] : []), ...graderErrors];
  return {
    runId: env.runId,
    questionId: item.question.id,
    question: questionVersionOf(item.question),
    repeatIndex: item.repeatIndex,
    status,
    score,
    passed,
    response: answer?.response ?? null,
    transcript: answer ? [...answered.messages, { role: 'assistant', content: answer.response }] : answered.messages,
    toolCalls: answer?.toolCalls ?? null,
    error: answered.error ?? (problems.length > 0 ? problems.join('; ') : null),
    attempts: answered.attempts,
    latencyMs: answer?.latencyMs ?? null,
    inputTokens: answer?.inputTokens ?? null,
    outputTokens: answer?.outputTokens ?? null,
    costUsd: answer?.costUsd ?? null,
    finishReason: answer?.finishReason ?? null,
    metrics: answer?.metrics ?? null,
    createdAt: env.clock(),
    graders: [...graded.graders],
    judgeCalls: graded.judgeCalls.map((call) => ({ ...call, metrics: call.metrics ?? null })),
  };
}

/** Runs the given graders on one answer. */
export async function gradeWith(
  graders: readonly Grader[],
  item: PlanItem,
  messages: readonly ChatMessage[],
  answer: TargetAnswer,
  env: QuestionEnv,
): Promise<{ graders: GraderResult[]; judgeCalls: JudgeCallRecord[] }> {
  const { plan, workspace } = env;
  const { settings } = workspace.config;
  const rubric = item.question.rubric_ref ? resolveRubric(item.question.rubric_ref, workspace.rubrics) : undefined;
  const context: GradeContext = {
    question: item.question,
    criteria: env.criteriaOf(item.question, rubric),
    messages,
    response: answer.response,
    toolCalls: answer.toolCalls,
    target: plan.target,
    rubric,
    responseCharLimit: plan.target.response_char_limit ?? settings.response_char_limit,
    judgeResponseCharLimit: settings.judge_response_char_limit,
    trusted: env.trusted,
    workspaceDir: workspace.dir,
    judgeFor: (graderId) => env.services.judgeFor(graderId),
    callTool: answer.tools?.callTool,
    signal: env.signal,
  };
  // Graders are independent: run them together; the limiter bounds the judge calls they make.
  const outcomes = await Promise.all(graders.map((grader) => safeGrade(grader, context)));
  return {
    graders: outcomes.map((outcome, index) => toGraderResult(graders[index]!, outcome)),
    judgeCalls: outcomes.flatMap((outcome) => outcome.judgeCalls ?? []),
  };
}

/** A grader that throws is an error outcome (the question is degraded), never a crash of the run or a 0. */
async function safeGrade(grader: Grader, context: GradeContext): Promise<GradeOutcome> {
  try {
    const outcome = await grader.grade(context);
    if (outcome.status === 'scored' && (outcome.score === null || !Number.isFinite(outcome.score))) {
      return {
        ...outcome,
        status: 'error',
        score: null,
        reason: `grader returned a non-numeric score (${String(outcome.score)}): ${outcome.reason}`,
      };
    }
    return outcome;
  } catch (error) {
    return { status: 'error', score: null, reason: `grader failed: ${messageOf(error)}` };
  }
}

function toGraderResult(grader: Grader, outcome: GradeOutcome): GraderResult {
  const { minScore, maxScore } = grader.info;
  const score = outcome.status === 'scored' ? outcome.score : null;
  return {
    graderId: grader.info.id,
    status: outcome.status,
    score,
    minScore,
    maxScore,
    score0to5: score === null ? null : toZeroFive(score, minScore, maxScore),
    reason: outcome.reason,
    checks: outcome.checks ? outcome.checks.map((check) => ({ ...check })) : null,
  };
}
