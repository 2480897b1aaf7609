// A run in phases for one GPU: every target call first (each answer stored as it comes), then the graders, one judge
// model at a time, so a machine that holds one model at once loads each model once instead of once per question.
import type { GraderResult } from '../../../src-shared/model';
import type { Grader, JudgeCallRecord } from '../grading/grader';
import type { StoreApi } from '../../store/store';
import { answerQuestion, gradeWith, resultRow, type Answered, type QuestionEnv } from './execute-question';
import { judgeRefs } from './local-models';
import type { PlanItem } from './plan';
import { runPool, type LaneWidth } from './pool';
import { recordingOwner } from '../providers/cassette';
import { questionLabel } from './unwritten';
import type { NewQuestionResult } from '../../store/repos/results.repo';
import type { TargetCaller } from './target-caller';

/** The graders that share one judge model (deterministic graders ride with the first group). */
export type JudgeGroup = Readonly<{ key: string; model: string | null; graders: readonly Grader[] }>;

/** What grading so far left on a held answer. */
type Graded = { groups: string[]; graders: GraderResult[]; judgeCalls: JudgeCallRecord[] };

const PAGE = 200;

/** The plan's graders by judge model; a group on the target's own model first (it is still loaded). */
export function judgeGroups(env: QuestionEnv): JudgeGroup[] {
  const refs = new Map(judgeRefs(env.plan, env.workspace).map((ref) => [ref.graderId, ref]));
  const groups = new Map<string, { model: string | null; graders: Grader[] }>();
  for (const grader of env.plan.graders) {
    const ref = refs.get(grader.info.id);
    const key = ref ? `${ref.provider}\n${ref.model}` : '';
    const group = groups.get(key) ?? { model: ref?.model ?? null, graders: [] };
    group.graders.push(grader);
    groups.set(key, group);
  }
  const ordered = [...groups].map(([key, group]) => ({ key, ...group }));
  const first = (group: JudgeGroup) => (group.key === '' || group.model === env.plan.target.model ? 0 : 1);
  return ordered.sort((a, b) => first(a) - first(b));
}

export type PhaseHooks = Readonly<{
  db: StoreApi;
  env: QuestionEnv;
  concurrency: number;
  /** The measured concurrency, when it is measured: the lanes above it wait. */
  width: LaneWidth | undefined;
  /** Writes a finished question (result row), with tally and progress. */
  commit(row: NewQuestionResult): Promise<void>;
  answered(answered: Answered): void;
  phase(name: 'answering' | 'judging', model: string | null): void;
}>;

/** Phase one: asks the target every pending question; a failed or cut answer is final at once, the rest are held. */
export async function answerPhase(
  items: Iterator<PlanItem> | AsyncIterator<PlanItem>,
  caller: TargetCaller | undefined,
  hooks: PhaseHooks,
): Promise<void> {
  const { env } = hooks;
  hooks.phase('answering', env.plan.target.model);
  await runPool(
    items,
    hooks.concurrency,
    untilCancelled(
      env,
      (item) => questionLabel(item.question.id, item.repeatIndex),
      async (item) => {
        const answered = await answerQuestion(item, caller, env.signal);
        await answered.answer?.tools?.close();
        if (!answered.answer || answered.answer.inputCut) {
          await hooks.commit(resultRow(item, answered, { graders: [], judgeCalls: [] }, env));
          return;
        }
        const { tools: _closed, ...answer } = answered.answer;
        const held: Answered = { ...answered, answer };
        await hooks.db.answered.put(env.runId, item.question.id, item.repeatIndex, JSON.stringify(held), env.clock());
        hooks.answered(held);
      },
    ),
    env.signal,
    hooks.width,
  );
}

/**
 * Phase two: each judge group over every held answer (this run's and any a crashed or cancelled process left);
 * the last group writes the question's result, the others keep their outcomes on the held answer.
 */
export async function judgePhase(hooks: PhaseHooks): Promise<void> {
  const { env, db } = hooks;
  const questions = new Map(env.plan.questions.map((question) => [question.id, question]));
  const groups = judgeGroups(env);
  for (const [index, group] of groups.entries()) {
    if (env.signal.aborted) return;
    hooks.phase('judging', group.model);
    const last = index === groups.length - 1;
    await runPool(
      heldAnswers(db, env.runId),
      hooks.concurrency,
      untilCancelled(
        env,
        (row) => questionLabel(row.questionId, row.repeatIndex),
        async (row) => {
          const question = questions.get(row.questionId);
          const answered = JSON.parse(row.answeredJson) as Answered;
          const graded: Graded = row.gradedJson
            ? (JSON.parse(row.gradedJson) as Graded)
            : { groups: [], graders: [], judgeCalls: [] };
          const item: PlanItem = {
            question: question ?? { id: row.questionId, input: '' },
            repeatIndex: row.repeatIndex,
          };
          if (!question) {
            const gone = {
              ...answered,
              answer: null,
              error: `question "${row.questionId}" left the dataset; not graded`,
            };
            return hooks.commit(resultRow(item, gone, { graders: [], judgeCalls: [] }, env));
          }
          if (!graded.groups.includes(group.key) && answered.answer) {
            const outcome = await gradeWith(group.graders, item, answered.messages, answered.answer, env);
            graded.groups.push(group.key);
            graded.graders.push(...outcome.graders);
            graded.judgeCalls.push(...outcome.judgeCalls);
          }
          if (env.signal.aborted) return;
          if (last) {
            const order = env.plan.graders.map((grader) => grader.info.id as string);
            graded.graders.sort((a, b) => order.indexOf(a.graderId) - order.indexOf(b.graderId));
            return hooks.commit(resultRow(item, answered, graded, env));
          }
          await db.answered.setGraded(env.runId, row.questionId, row.repeatIndex, JSON.stringify(graded));
        },
      ),
      env.signal,
      hooks.width,
    );
  }
}

/**
 * A cancel drops the questions in flight (nothing half-graded is stored) without failing the run. The worker's calls
 * are the item's question's (`owner`): a cassette that cannot record them says whose they were.
 */
const untilCancelled =
  <T>(env: QuestionEnv, owner: (item: T) => string, worker: (item: T) => Promise<void>) =>
  async (item: T): Promise<void> => {
    try {
      await recordingOwner.run(owner(item), () => worker(item));
    } catch (error) {
      if (!env.signal.aborted) throw error;
    }
  };

/** Every held answer of the run, a page at a time in key order (rows written meanwhile are behind the cursor). */
async function* heldAnswers(db: StoreApi, runId: string) {
  let after: [string, number] | null = null;
  for (;;) {
    const page = await db.answered.page(runId, after, PAGE);
    if (page.length === 0) return;
    yield* page;
    const tail = page.at(-1)!;
    after = [tail.questionId, tail.repeatIndex];
  }
}
