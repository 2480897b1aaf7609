// Draws the labeling sample of a judge's stored calls (docs/grading.md) and turns it into gold items for the workbench.
import {
  describeIdentity,
  GRADER_CATALOG,
  type GoldItemFile,
  type GraderId,
  type JudgeIdentity,
  type Question,
  type SampleStratum,
} from '../../../src-shared/model';
import type { JudgeCallRow } from '../../store/repos/judges.repo';
import type { StoreApi } from '../../store/store';
import type { Workspace } from '../../workspace/load-workspace';
import { sampledItemId, shortHash } from '../../workspace/labels/gold-item-file';
import { currentJudgeIdentity, judgeSetupOf } from './judge-identity';
import { judgePasses } from './judge-stats';
import { sampleForLabeling } from './sample-calls';
import { refusal } from '../../../src-shared/rpc/wire';
import { plural } from '../../../src-shared/text/plural';

const DAY_MS = 86_400_000;

export type SampleRequest = Readonly<{
  grader: GraderId;
  n: number;
  windowDays: number;
  seed: number;
  stratify: boolean;
  now: number;
}>;

/** A drawn call with its question, the judge's verdict, and its sampling design (stratum, inclusion probability). */
export type SampledCall = Readonly<{
  call: JudgeCallRow;
  question: string;
  judgePassed: boolean;
  stratum: SampleStratum;
  inclusionProbability: number;
}>;

export type JudgeSample = Readonly<{
  request: SampleRequest;
  /** The judge whose calls were sampled; null when none is configured and none was ever called. */
  judge: JudgeIdentity | null;
  /** How many calls were eligible (the population the sample was drawn from): distinct calls by the current judge. */
  population: number;
  /** Why the population may be smaller than the scored calls of the window. */
  excluded: SampleExclusions;
  items: SampledCall[];
}>;

export type SampleExclusions = Readonly<{
  /** Scored calls of the grader in the window, before the exclusions below. */
  scoredInWindow: number;
  /** Made by another judge (provider, model or template version), so their labels would not measure today's judge. */
  byOtherJudge: number;
  /** Repeats: the judge saw exactly the same prompt (question, criteria and answer) as an earlier call. */
  repeats: number;
}>;

/** Nothing to sample as asked (no such judge, no calls in the window). */
export class SampleError extends refusal('bad_input', 'SampleError') {}

/**
 * Samples the grader's scored calls of the last `windowDays` made by its current judge (provider, model and template
 * version), so the labels measure the judge that grades today.
 */
export async function sampleJudgeCalls(
  db: StoreApi,
  workspace: Workspace & { config: NonNullable<Workspace['config']> },
  request: SampleRequest,
): Promise<JudgeSample> {
  const { grader, n, windowDays, now } = request;
  const info = GRADER_CATALOG[grader];
  if (info.kind !== 'llm_judge')
    throw new SampleError(`${grader} is not an LLM judge; only judges are validated against labels`);
  if (!Number.isInteger(n) || n < 1) throw new SampleError(`--n must be a positive integer, got ${n}`);
  const judge = await currentJudgeIdentity(db, judgeSetupOf(workspace), grader);
  const since = now - windowDays * DAY_MS;
  const scored = await db.judges.scoredCalls(grader, since);
  const byJudge = scored.filter(
    (call) =>
      !judge ||
      (call.provider === judge.provider &&
        call.model === judge.model &&
        (judge.template_version === null || call.templateVersion === judge.template_version)),
  );
  const eligible = firstOfEachPrompt(byJudge);
  if (eligible.length === 0) {
    const by = judge ? ` by ${describeIdentity(judge)}` : '';
    throw new SampleError(
      `no scored ${grader} calls${by} in the last ${plural(windowDays, 'day')}; run a target that uses it first`,
    );
  }
  const threshold = workspace.config.settings.question_pass_threshold;
  const passed = (call: JudgeCallRow) => judgePasses(call.score, info, threshold);
  const picked = sampleForLabeling(eligible, passed, request);
  const questions = questionIndex(workspace);
  return {
    request,
    judge,
    population: eligible.length,
    excluded: {
      scoredInWindow: scored.length,
      byOtherJudge: scored.length - byJudge.length,
      repeats: byJudge.length - eligible.length,
    },
    items: picked.map(({ item: call, stratum, inclusionProbability }) => ({
      call,
      question: questionText(call, questions),
      judgePassed: passed(call),
      stratum,
      inclusionProbability,
    })),
  };
}

/**
 * One call per distinct judge prompt, the oldest: repeats of an identical answer would ask the labeller the same
 * thing twice and count twice in TPR/TNR (or in the length-bias probe). Keeping the oldest keeps the same
 * representative across samples.
 */
export function firstOfEachPrompt(calls: readonly JudgeCallRow[]): JudgeCallRow[] {
  const seen = new Set<string>();
  return calls.filter((call) => {
    if (seen.has(call.prompt)) return false;
    seen.add(call.prompt);
    return true;
  });
}

/** The sample as gold item files (content-hash ids), each with the judge call it was drawn from on this machine. */
export function toGoldItemFiles(sample: JudgeSample): Readonly<{ item: GoldItemFile; callId: number }>[] {
  return sample.items.map(({ call, question, judgePassed, stratum, inclusionProbability }) => {
    const content: Omit<GoldItemFile, 'id'> = {
      grader: call.graderId,
      question_id: call.questionId,
      question_hash: shortHash(question),
      question,
      answer: call.responseSeen,
      source: { run: call.runId, trace: null },
      added_at: new Date(sample.request.now).toISOString(),
      sample: { seed: sample.request.seed, stratum, inclusion_probability: inclusionProbability },
      judge: {
        provider: call.provider,
        model: call.model,
        template_version: call.templateVersion,
        score: call.score,
        verdict: judgePassed ? 'pass' : 'fail',
        reason: call.reason,
      },
    };
    return { item: { id: sampledItemId(content), ...content }, callId: call.id };
  });
}

const QUESTION_FENCE = /<question>\n?([\s\S]*?)\n?<\/question>/;

/** The question as the judge saw it (its <question> fence), else the dataset's text for the question id. */
export function questionText(
  call: Pick<JudgeCallRow, 'prompt' | 'questionId'>,
  questions: ReadonlyMap<string, string>,
): string {
  const fenced = QUESTION_FENCE.exec(call.prompt)?.[1];
  if (fenced !== undefined && fenced.trim() !== '') return fenced.trim();
  const fromDataset = call.questionId ? questions.get(call.questionId) : undefined;
  return fromDataset ?? `(question ${call.questionId ?? 'unknown'}: its text was not recorded)`;
}

/** Question id → text over every dataset; a conversation is shown one `role: content` line a turn. */
function questionIndex(workspace: Workspace): Map<string, string> {
  const index = new Map<string, string>();
  const render = (input: Question['input']) =>
    typeof input === 'string' ? input : input.map((turn) => `${turn.role}: ${turn.content}`).join('\n');
  for (const { questions } of workspace.datasets.values()) {
    for (const question of questions) if (!index.has(question.id)) index.set(question.id, render(question.input));
  }
  return index;
}
