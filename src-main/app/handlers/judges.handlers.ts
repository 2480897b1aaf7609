// Handlers of the judges screen: trust of every judge, sampling into the gold set, validation from workbench labels.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { GoldItem, GraderId } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { correctedPassRate } from '../../engine/grading/trust/corrected-pass-rate';
import { judgeSetupOf } from '../../engine/grading/trust/judge-identity';
import { judgeStanding, judgeTrustFor } from '../../engine/grading/trust/judge-standing';
import { judgeSummaries } from '../../engine/grading/trust/judge-summaries';
import { agreementsOf } from '../../engine/grading/trust/reviewer-agreement';
import { randomSeed } from '../../engine/grading/trust/sample-calls';
import { sampleJudgeCalls, toGoldItems } from '../../engine/grading/trust/sample-judge-calls';
import { labelsFileText, readLabelsFile } from '../../engine/grading/trust/labels-file';
import {
  itemsFromFile,
  validateJudge,
  ValidationError,
} from '../../engine/grading/trust/validate-judge';
import type { GoldContextRow } from '../../store/repos/judges.repo';
import {
  comparedLabel,
  goldLabels,
  labelledScoresOf,
  ownVerdict,
  type GoldLabel,
} from '../../engine/grading/trust/gold-labels';
import { goldDrift } from '../../engine/grading/trust/judge-drift';
import { judgeSawFromPrompt } from '../../engine/grading/judge/judge-saw';
import { RpcError } from '../../../src-shared/rpc/wire';
import { callerPath } from '../api-paths';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import { plural } from '../../../src-shared/text/plural';

/**
 * The label a reviewer sees on an item: a named reviewer sees only their own (reviewers stay blind to each other, or
 * agreement between them means nothing) or, when they gave none, a label from before names existed; the unnamed
 * reviewer sees the agreed one.
 */
function shownLabel(gold: GoldLabel, reviewer: string): GoldItem['human_label'] {
  if (reviewer === '') return comparedLabel(gold).human;
  return (
    ownVerdict(gold, reviewer) ??
    (gold.agreed.reviewers.every((name) => name === '') ? comparedLabel(gold).human : null)
  );
}

const toGoldItem = (row: GoldLabel, context: GoldContextRow | undefined, reviewer: string): GoldItem => ({
  id: row.id,
  grader: row.graderId,
  judge_call_id: row.judgeCallId,
  question: row.question,
  response: row.response,
  human_label: shownLabel(row, reviewer),
  judge_score: row.judgeScore,
  judge_reason: row.judgeReason,
  created_at: row.createdAt,
  judge_saw: (context?.prompt && judgeSawFromPrompt(context.prompt)) || null,
  tool_calls: context?.toolCalls ?? null,
});

/**
 * The grader's gold items (only `ids` when given), each with what its judge saw, the answer's tool calls and the label
 * the reviewer named in settings may see.
 */
async function goldItemsOf(state: AppState, grader: GraderId, ids?: ReadonlySet<string>): Promise<GoldItem[]> {
  const { reviewer } = state.userSettings.get();
  const [rows, contexts] = await Promise.all([goldLabels(state.db, grader), state.db.judges.goldContext(grader)]);
  const contextOf = new Map(contexts.map((context) => [context.id, context]));
  return rows.filter((row) => !ids || ids.has(row.id)).map((row) => toGoldItem(row, contextOf.get(row.id), reviewer));
}

/** A labels file's items joined to the stored judge calls; refused with its problems (file, line, item) as details. */
async function itemsOfLabelsFile(state: AppState, grader: GraderId, path: string, name: string) {
  if (!existsSync(path)) throw new RpcError('not_found', `${name}: no such file`);
  const read = readLabelsFile(name, readFileSync(path, 'utf8'), grader);
  const joined = read.value ? await itemsFromFile(state.db, read, grader) : { items: [], issues: read.issues };
  if (joined.issues.length > 0)
    throw new RpcError('bad_input', `${name} has ${plural(joined.issues.length, 'problem')}`, joined.issues);
  return joined.items;
}

export const judgesHandlers = (state: AppState) => {
  const setup = () => judgeSetupOf(state.validWorkspace());
  return {
    'judges.list': () => judgeSummaries(state.db, setup()),
    'judges.sample': async ({ grader, n, windowDays, seed, stratify }) => {
      const request = { grader, n, windowDays, seed: seed ?? randomSeed(), stratify, now: state.clock() };
      const sample = await sampleJudgeCalls(state.db, state.validWorkspace(), request);
      const gold = toGoldItems(sample);
      const added = await state.db.judges.addGoldItems(gold);
      // Read back: an item sampled before keeps its earlier label, which the caller should see.
      const items = await goldItemsOf(state, grader, new Set(gold.map((item) => item.id)));
      return {
        seed: request.seed,
        requested: n,
        windowDays,
        judge: sample.judge,
        population: sample.population,
        excluded: sample.excluded,
        added,
        items,
      };
    },
    'judges.sampleFile': async ({ grader, n, windowDays, seed, stratify }) => {
      const request = { grader, n, windowDays, seed: seed ?? randomSeed(), stratify, now: state.clock() };
      const sample = await sampleJudgeCalls(state.db, state.validWorkspace(), request);
      return {
        yaml: labelsFileText(sample),
        seed: request.seed,
        judge: sample.judge,
        population: sample.population,
        items: sample.items.length,
        judgePasses: sample.items.filter((item) => item.judgePassed).length,
      };
    },
    'judges.goldItems': ({ grader }) => goldItemsOf(state, grader),
    'judges.validate': async ({ grader, labelsFile, labelsName }, ctx) => {
      if (labelsFile !== undefined) {
        const path = callerPath(ctx, state.dir, labelsFile, 'labels file');
        const items = await itemsOfLabelsFile(state, grader, path, labelsName ?? labelsFile);
        return validateJudge(state.db, setup(), grader, items, `file:${relative(state.dir, path)}`, state.clock());
      }
      const gold = await goldLabels(state.db, grader);
      if (gold.length === 0)
        throw new ValidationError(`${grader} has no gold items yet; sample its calls first (judges.sample)`);
      const config = setup();
      const windows = goldDrift(gold, config, grader);
      return validateJudge(state.db, config, grader, labelledScoresOf(gold), 'store', state.clock(), windows);
    },
    'judges.agreement': async () => [
      ...agreementsOf('grader', await state.db.reviewerVerdicts.byJudge()),
      ...agreementsOf('tag', await state.db.reviewerVerdicts.byLabelTag()),
    ],
    'judges.trustFor': ({ graderIds }) => judgeTrustFor(state.db, setup(), graderIds),
    'judges.correctedPassRate': async ({ grader, n, passed }) => {
      const config = setup();
      const standing = await judgeStanding(state.db, config, grader);
      return correctedPassRate(standing, { n, passed }, config.settings.judges.confidence);
    },
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
