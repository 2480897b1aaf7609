// The judges screen and `ai-eval judges`: every LLM grader with its judge, trust, gold set and the labels it would need.
import type { JudgeSummary } from '../../../src-shared/contract/judges.contract';
import {
  formatIssue,
  GRADER_CATALOG,
  GRADER_IDS,
  type GraderId,
  type WorkspaceConfig,
  type WorkspaceIssue,
} from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { cochranSampleSize } from '../stats/cochran';
import { disputedInWords } from './judge-stats';
import { goldLabels } from './gold-labels';
import type { JudgeSetup } from './judge-identity';
import { isLlmJudge, judgeStanding } from './judge-standing';

/** One summary for each LLM grader of the catalogue, in catalogue order. */
export async function judgeSummaries(
  db: StoreApi,
  config: WorkspaceConfig & Pick<JudgeSetup, 'templateVersionOf'>,
): Promise<JudgeSummary[]> {
  const judges = GRADER_IDS.filter(isLlmJudge);
  return Promise.all(judges.map((grader) => judgeSummary(db, config, grader)));
}

async function judgeSummary(
  db: StoreApi,
  config: WorkspaceConfig & Pick<JudgeSetup, 'templateVersionOf'>,
  grader: GraderId,
): Promise<JudgeSummary> {
  const info = GRADER_CATALOG[grader];
  const settings = config.settings.judges;
  const [standing, gold, judgeCalls, fileIssues] = await Promise.all([
    judgeStanding(db, config, grader),
    goldLabels(db, grader),
    db.judges.countScoredCalls(grader),
    db.goldSets.issues(),
  ]);
  const labelled = gold.filter((item) => item.agreed.status === 'agreed').length;
  const cochranN = cochranSampleSize({
    confidence: settings.confidence,
    marginOfError: settings.margin_of_error,
    population: judgeCalls > 0 ? judgeCalls : undefined,
  });
  const usedBy = config.targets
    .filter((target) => target.graders.includes(grader) || target.gate.judge === grader)
    .map((target) => target.id);
  const warnings: string[] = [];
  if (standing.staleReason) warnings.push(`stale: ${standing.staleReason}`);
  if (standing.setAside) warnings.push(standing.setAside);
  const disputed = gold.filter((item) => item.agreed.status === 'disputed').length;
  if (disputed > 0)
    warnings.push(
      disputedInWords(disputed).replace(
        / (was|were) left out/,
        (_, verb) => (verb === 'was' ? ' is' : ' are') + ' left out',
      ),
    );
  if (!standing.judge && usedBy.length > 0) warnings.push('no judge is configured (aieval.yaml `judge`)');
  warnings.push(...labelFileWarnings(fileIssues.find((entry) => entry.grader === grader)?.issues ?? []));
  return {
    grader,
    label: info.label,
    minScore: info.minScore,
    maxScore: info.maxScore,
    seesToolCalls: info.seesToolCalls,
    observesActions: info.observesActions,
    usedBy,
    judge: standing.judge,
    state: standing.state,
    staleReason: standing.staleReason,
    validation: standing.report,
    validatedAt: standing.validatedAt,
    validatedJudge: standing.validatedJudge,
    labelsSource: standing.labelsSource,
    gold: { items: gold.length, labelled, targetN: settings.gold_target_n },
    cochranN,
    judgeCalls,
    warnings,
  };
}

const SHOWN_FILE_ISSUES = 3;

/** The problems of the judge's label files, each at its file and line (the first few, then how many more). */
function labelFileWarnings(issues: readonly WorkspaceIssue[]): string[] {
  const shown = issues.slice(0, SHOWN_FILE_ISSUES).map(formatIssue);
  const more = issues.length - shown.length;
  return more > 0 ? [...shown, `and ${more} more problem(s) in its label files`] : shown;
}
