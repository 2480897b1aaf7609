// Handlers of the judges screen: trust of every judge, sampling into the gold set, validation from workbench labels.
import { existsSync } from 'node:fs';
import { readInputFile } from '../../workspace/input-file';
import { relative } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { GoldItem, GraderId } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { correctedPassRate } from '../../engine/trust/corrected-pass-rate';
import { judgeSetupOf } from '../../engine/trust/judge-identity';
import { judgeStanding, judgeTrustFor, labelsFileSetAside } from '../../engine/trust/judge-standing';
import { judgeSummaries } from '../../engine/trust/judge-summaries';
import { agreementsOf } from '../../engine/trust/reviewer-agreement';
import { randomSeed } from '../../engine/trust/sample-calls';
import { sampleJudgeCalls } from '../../engine/trust/sample-judge-calls';
import { labelsFileText, readLabelsFile } from '../../engine/trust/labels-file';
import { itemsFromFile, itemsFromGold, validateJudge, ValidationError } from '../../engine/trust/validate-judge';
import type { GoldContextRow } from '../../store/repos/judges.repo';
import { comparedLabel, goldLabels, ownVerdict, type GoldLabel } from '../../engine/trust/gold-labels';
import { goldDrift } from '../../engine/trust/judge-drift';
import { judgeSawFromPrompt } from '../../engine/grading/judge/judge-saw';
import { RpcError } from '../../../src-shared/rpc/wire';
import { callerPath } from '../api-paths';
import type { AppState } from '../app-state';
import { addSample, recordValidation } from '../gold-sets/gold-writes';
import { goldSetDir, reviewerFile } from '../../workspace/labels/label-paths';
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
  const read = readLabelsFile(name, readInputFile(path, name).toString('utf8'), grader);
  const joined = read.value ? await itemsFromFile(state.db, read, grader) : { items: [], issues: read.issues };
  if (joined.issues.length > 0)
    throw new RpcError('bad_input', `${name} has ${plural(joined.issues.length, 'problem')}`, joined.issues);
  return joined.items;
}

export const judgesHandlers = (state: AppState) => {
  const setup = () => judgeSetupOf(state.validWorkspace());
  // Every read of gold sets, labels and trust first takes in label files changed on disk since the last look.
  const indexed = () => state.syncLabels();
  return {
    'judges.list': async () => {
      await indexed();
      return judgeSummaries(state.db, setup());
    },
    'judges.sample': async ({ grader, n, windowDays, seed, stratify }) => {
      const request = { grader, n, windowDays, seed: seed ?? randomSeed(), stratify, now: state.clock() };
      const sample = await sampleJudgeCalls(state.db, state.validWorkspace(), request);
      const { ids, added } = await addSample(state, sample);
      // Read back: an item sampled before keeps its earlier labels, which the caller should see.
      const items = await goldItemsOf(state, grader, new Set(ids));
      return {
        seed: request.seed,
        requested: n,
        windowDays,
        judge: sample.judge,
        population: sample.population,
        excluded: sample.excluded,
        added,
        judgePasses: sample.items.filter((item) => item.judgePassed).length,
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
    'judges.goldSetFiles': async ({ grader, reviewer }) => {
      await indexed();
      const name = reviewer ?? state.userSettings.get().reviewer;
      const issues = (await state.db.goldSets.issues()).find((entry) => entry.grader === grader)?.issues ?? [];
      return { folder: goldSetDir(grader), reviewerFile: reviewerFile(grader, name), reviewer: name, issues };
    },
    'judges.goldItems': async ({ grader }) => {
      await indexed();
      return goldItemsOf(state, grader);
    },
    'judges.validate': async ({ grader, labelsFile, labelsName }, ctx) => {
      const record = recordValidation(state);
      await indexed();
      if (labelsFile !== undefined) {
        const path = callerPath(ctx, state.dir, labelsFile, 'labels file');
        const items = await itemsOfLabelsFile(state, grader, path, labelsName ?? labelsFile);
        const source = `file:${relative(state.dir, path)}`;
        const validation = await validateJudge(state.db, setup(), grader, items, source, state.clock(), record);
        // One set of labels decides the standing: while the gold set holds agreed labels, this file does not.
        const standing = await judgeStanding(state.db, setup(), grader);
        return standing.labelsSource === source
          ? validation
          : {
              ...validation,
              standing: {
                state: standing.state,
                labels_source: standing.labelsSource,
                note: labelsFileSetAside(source),
              },
            };
      }
      const gold = await goldLabels(state.db, grader);
      if (gold.length === 0)
        throw new ValidationError(`${grader} has no gold items yet; sample its calls first (judges.sample)`);
      const config = setup();
      const windows = goldDrift(gold, config, grader);
      const items = itemsFromGold(gold);
      // Which labels the figures used: this checkout's files, and on a team store the labels only it holds so far.
      const storeOnly = state.labelIndex.storeOnlyLabels(grader);
      const source =
        storeOnly === 0
          ? goldSetDir(grader)
          : `${goldSetDir(grader)} and the team store (${plural(storeOnly, 'label')} not in this checkout's files)`;
      return validateJudge(state.db, config, grader, items, source, state.clock(), record, windows);
    },
    'judges.agreement': async () => {
      await indexed();
      return [
        ...agreementsOf('grader', await state.db.reviewerVerdicts.byJudge()),
        ...agreementsOf('tag', await state.db.reviewerVerdicts.byLabelTag()),
      ];
    },
    'judges.trustFor': async ({ graderIds }) => {
      await indexed();
      return judgeTrustFor(state.db, setup(), graderIds);
    },
    'judges.correctedPassRate': async ({ grader, n, passed }) => {
      await indexed();
      const config = setup();
      const standing = await judgeStanding(state.db, config, grader);
      return correctedPassRate(standing, { n, passed }, config.settings.judges.confidence);
    },
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
