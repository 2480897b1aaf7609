// Executes a prepared run: the pool over its pending questions, one transaction per question, progress, the end state.
import { setMaxListeners } from 'node:events';
import {
  quarantinedIds,
  type GraderId,
  type Question,
  type RunFinished,
  type RunIdentity,
  type RunProgress,
  type Rubric,
} from '../../../src-shared/model';
import type { Grader } from '../grading/grader';
import type { CassetteWriter } from '../providers/cassette';
import { addToTally, doneCount, type Tally } from '../scoring/tally';
import { judgeSetupOf } from '../trust/judge-identity';
import type { StoreApi } from '../../store/store';
import { environmentCause } from '../../../src-shared/rpc/environment-refusal';
import type { NewQuestionResult } from '../../store/repos/results.repo';
import { answerQuestion, gradeAnswer, type Answered, type QuestionEnv } from './execute-question';
import { localRunOf, prepareLocalRun, type LocalSetup } from './local-run';
import { answerPhase, judgePhase, type PhaseHooks } from './phased-run';
import { ObservedSettings } from './identity';
import { storedRunVerdict, type VerdictBasis } from './run-verdict';
import type { HeldLock, LockOptions } from './run-lock';
import type { PlanItem, RunPlan, ValidWorkspace } from './plan';
import { ProgressThrottle } from './progress';
import { runPool } from './pool';
import { ResultWriter, WritesInFlight } from './result-writer';
import type { LimiterRegistry, ProviderFactory, RunServices } from './run-services';
import type { TargetCaller } from './target-caller';
import type { AdaptiveStop } from './adaptive-stop';
import { messageOf } from '../../../src-shared/text/message-of';
import { recordingOwner } from '../providers/cassette';
import { questionLabel, UnwrittenWork } from './unwritten';

/** Everything a run needs from outside the engine; the service and the CLI build it once. */
export type RunDeps = Readonly<{
  db: StoreApi;
  workspace: ValidWorkspace;
  trusted: boolean;
  clock: () => number;
  appVersion: string;
  graders: ReadonlyMap<GraderId, Grader>;
  limiters: LimiterRegistry;
  makeProvider: ProviderFactory;
  /** What answers the target's questions (chat, agent with MCP tools, external agent). */
  callerFor: (plan: RunPlan, services: RunServices) => TargetCaller;
  criteriaOf: (question: Question, rubric: Rubric | undefined) => string;
  judgeTemplates: () => Record<string, string>;
  recorder?: CassetteWriter;
  lock?: Omit<LockOptions, 'now'>;
  onProgress?: (progress: RunProgress) => void;
  onFinished?: (finished: RunFinished) => void;
  progressIntervalMs?: number;
}>;

/** One unit of work: a question and repeat, with its stored answer when regrading. */
export type WorkItem = PlanItem & Readonly<{ stored?: Answered }>;

export type PreparedRun = Readonly<{
  runId: string;
  plan: RunPlan;
  identity: RunIdentity;
  /** What coverage is measured against. */
  total: number;
  concurrency: number;
  lock: HeldLock;
  services: RunServices;
  /** The work still to do, given the keys (`questionId#repeat`) already stored. */
  items(done: ReadonlySet<string>): Iterator<WorkItem> | AsyncIterator<WorkItem>;
  /** Asks the target; undefined for a regrade, whose items carry their stored answers. */
  caller: TargetCaller | undefined;
  /** Neither the call nor aieval.yaml set the concurrency: an Ollama target's is measured. */
  measureConcurrency?: boolean;
  /** `--adaptive`: the stop `items` consults, fed every stored result. */
  adaptive?: AdaptiveStop;
}>;

const pickProgress = ({ modelLoads, concurrency }: NonNullable<RunIdentity['local']>) => ({ modelLoads, concurrency });

export const resultKey = (questionId: string, repeatIndex: number): string => `${questionId}#${repeatIndex}`;

/** The plan's questions in its target's quarantine, in dataset order, and the items they planned. */
function quarantineOf(plan: RunPlan): VerdictBasis['quarantine'] {
  const quarantined = new Set(quarantinedIds(plan.target));
  const ids = plan.questions.filter((question) => quarantined.has(question.id)).map((question) => question.id);
  return { ids, total: ids.length * plan.selection.repeat };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Resolves once the I/O callbacks of the current turn of the event loop have run. */
const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs to the end (complete, cancelled or error); never rejects for a failure of the run itself. */
export async function executeRun(run: PreparedRun, deps: RunDeps, signal: AbortSignal): Promise<RunFinished> {
  const { db } = deps;
  // Every call in flight listens on the run's signal (to stop at cancel) and removes its listener when it ends;
  // raise Node's leak warning above what this run's concurrency legitimately holds.
  setMaxListeners(run.concurrency * (run.plan.graders.length + 4) + 16, signal);
  const { runId, plan } = run;
  const observed = new ObservedSettings();
  let identity: RunIdentity = {
    ...run.identity,
    startedAt: run.identity.startedAt ?? iso(deps.clock()),
    finishedAt: null,
  };
  let local: LocalSetup | undefined;
  // Results and recorded calls a full disk refused: said so at the end.
  const unwritten = new UnwrittenWork(db, deps.recorder);
  let end: Readonly<{
    status: 'complete' | 'cancelled' | 'error';
    verdict: RunFinished['verdict'];
    error: string | null;
    environment?: string | null;
  }>;
  try {
    await db.runs.markRunning(runId, identity, deps.clock());
    const done = new Set(
      (await db.results.doneKeys(runId)).map(([questionId, repeatIndex]) => resultKey(questionId, repeatIndex)),
    );
    const tally: Tally = await db.results.tally(runId);
    // A resumed adaptive run's stop starts from the repeats stored so far.
    const stop = run.adaptive;
    if (stop)
      for (const { questionId, passes, trials } of await db.results.questionPasses(runId))
        stop.add(questionId, passes, trials);
    local = await prepareLocalRun({
      plan,
      workspace: deps.workspace,
      services: run.services,
      criteriaOf: deps.criteriaOf,
      regrade: run.caller === undefined,
      adaptiveRepeats: stop !== undefined,
      measureConcurrency: run.measureConcurrency ?? false,
      concurrency: run.concurrency,
    });
    let phase: { name: 'answering' | 'judging'; model: string | null } | undefined;
    let answeredCount = 0;
    const progress = new ProgressThrottle({
      status: () => ({
        ...(phase ? { phase: { ...phase, answered: answeredCount } } : {}),
        ...(local ? { local: pickProgress(localRunOf(local, run.services, run.identity.local)) } : {}),
      }),
      runId,
      targetId: plan.target.id,
      total: run.total,
      tally,
      doneAtStart: doneCount(tally),
      saved: stop && (() => stop.saved),
      emit: (update) => deps.onProgress?.(update),
      intervalMs: deps.progressIntervalMs,
      now: deps.clock,
    });
    const writer = new ResultWriter(db);
    const env: QuestionEnv = {
      runId,
      plan,
      workspace: deps.workspace,
      services: run.services,
      trusted: deps.trusted,
      clock: deps.clock,
      signal,
      criteriaOf: deps.criteriaOf,
    };
    const commit = async (row: NewQuestionResult) => {
      // Before the write, which may wait: the pool's next pull already knows whether the question is settled.
      stop?.record(row.questionId, row.status === 'scored' ? row.passed : null);
      await unwritten.write(writer, row);
      for (const call of row.judgeCalls) observed.judgeCall(call);
      addToTally(tally, {
        status: row.status,
        score: row.score,
        passed: row.passed,
        targetFailed: row.response === null,
      });
      progress.record({
        questionId: row.questionId,
        repeatIndex: row.repeatIndex,
        status: row.status,
        score: row.score,
      });
      // Kept, but a call of this or another question is missing from `--record`'s cassette: the run stops here.
      unwritten.checkCassette();
    };
    const held = new Set((await db.answered.keys(runId)).map(([questionId, repeat]) => resultKey(questionId, repeat)));
    const pending = new Set([...done, ...held]);
    const hooks: PhaseHooks = {
      db,
      env,
      concurrency: run.concurrency,
      width: local?.adaptive,
      commit,
      answered: (answered) => {
        if (answered.answer?.sent) observed.target(answered.answer.sent);
        answeredCount += 1;
        progress.touch();
        unwritten.checkCassette();
      },
      phase: (name, model) => {
        phase = { name, model };
        progress.touch();
      },
    };
    if (local?.schedule === 'phased') {
      await answerPhase(run.items(pending), run.caller, hooks);
      if (!signal.aborted) await judgePhase(hooks);
    } else {
      // Answers a phased process left behind are graded first (a resume may run interleaved).
      if (held.size > 0) await judgePhase(hooks);
      phase = undefined;
      const writes = new WritesInFlight(run.concurrency);
      const grade = async (item: WorkItem, answered: Answered, on = env) => {
        try {
          return await gradeAnswer(item, answered, on);
        } finally {
          await answered.answer?.tools?.close();
        }
      };
      // Graders that read the answer alone have nothing to cancel: an answer in hand is graded and kept.
      const answerOnlyEnv = plan.graders.every((grader) => grader.answerOnly)
        ? { ...env, signal: new AbortController().signal }
        : undefined;
      try {
        await runPool(
          run.items(pending),
          run.concurrency,
          async (item) => {
            writes.check();
            const owner = questionLabel(item.question.id, item.repeatIndex);
            await recordingOwner
              .run(owner, async () => {
                const answered = item.stored ?? (await answerQuestion(item, run.caller, signal));
                if (answered.answer?.sent) observed.target(answered.answer.sent);
                // Such graders hold no lane: they run once this turn's answers have sent their lanes' next questions, so
                // the target never waits on them. A judge's calls and an agent's open tools stay within the lane.
                if (answerOnlyEnv && !item.stored && !answered.answer?.tools) {
                  await writes.add(
                    afterThisTurn().then(async () => commit(await grade(item, answered, answerOnlyEnv))),
                  );
                } else await writes.add(commit(await grade(item, answered)));
              })
              .catch((error: unknown) => {
                // A cancel drops the questions in flight: nothing half-graded is stored.
                if (!signal.aborted) throw error;
              });
          },
          signal,
          local?.adaptive,
        );
      } finally {
        await writes.drain();
      }
      writes.check();
    }
    if (signal.aborted) {
      progress.flush();
      end = { status: 'cancelled', verdict: null, error: null };
    } else {
      // The verdict reads what was stored, so a resumed run counts the questions of every process that worked on it.
      const verdict = await storedRunVerdict(
        db,
        runId,
        {
          total: run.total,
          target: plan.target,
          passThreshold: plan.passThreshold,
          quarantine: quarantineOf(plan),
          adaptive: stop?.rule,
        },
        judgeSetupOf(deps.workspace),
      );
      progress.finish(verdict.avg_score);
      end = { status: 'complete', verdict, error: null };
    }
  } catch (error) {
    const environment = environmentCause(error) ?? null;
    const message = environment
      ? `${environment}: ${messageOf(error)}; ${await unwritten.summary(runId, run.total)}`
      : messageOf(error);
    end = { status: 'error', verdict: null, error: message, environment };
  }
  identity = observed.apply({
    ...identity,
    finishedAt: iso(deps.clock()),
    ...(local ? { local: localRunOf(local, run.services, run.identity.local) } : {}),
  });
  try {
    await db.runs.finish(runId, { ...end, identity, now: deps.clock() });
  } catch (error) {
    // A store that filled up at the very end: the results stay, the run's row says "running" until a resume ends it.
    const environment = environmentCause(error);
    if (!environment) throw error;
    const before = end.error ?? `${environment}; ${await unwritten.summary(runId, run.total)}`;
    end = {
      status: 'error',
      verdict: null,
      error: `${before}; the run's end was not stored (${messageOf(error)})`,
      environment: end.environment ?? environment,
    };
  } finally {
    await run.lock.release().catch((error: unknown) => {
      // The lock row could not be removed on a full disk: it expires as a stale lock; anything else is a bug.
      if (!environmentCause(error)) throw error;
    });
  }
  const finished: RunFinished = { runId, targetId: plan.target.id, ...end };
  deps.onFinished?.(finished);
  return finished;
}
