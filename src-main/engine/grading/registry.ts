// The grader registry: every grader plugin by id (docs/grading.md); the run engine looks graders up here.
import type { GraderId } from '../../../src-shared/model';
import type { Grader } from './grader';
import { accuracyGrader } from './accuracy.grader';
import { actionabilityGrader } from './actionability.grader';
import { completenessGrader } from './completeness.grader';
import { factMatchGrader } from './fact-match.grader';
import { formatGrader } from './format.grader';
import { groundednessGrader } from './groundedness.grader';
import { relevanceGrader } from './relevance.grader';
import { rubricChecksGrader } from './rubric-checks.grader';
import { stateCheckGrader } from './state-check.grader';
import { toolUsageGrader } from './tool-usage.grader';

/** Every grader by its id: a grader id of the catalogue without its plugin here does not compile. */
const BY_ID: Readonly<Record<GraderId, Grader>> = {
  relevance_grader: relevanceGrader,
  completeness_grader: completenessGrader,
  accuracy_grader: accuracyGrader,
  actionability_grader: actionabilityGrader,
  fact_match_grader: factMatchGrader,
  groundedness_grader: groundednessGrader,
  format_grader: formatGrader,
  rubric_checks: rubricChecksGrader,
  tool_usage_grader: toolUsageGrader,
  state_check: stateCheckGrader,
};

export const GRADERS: ReadonlyMap<GraderId, Grader> = new Map(
  Object.entries(BY_ID).map(([id, grader]) => {
    if (grader.info.id !== id) throw new Error(`the grader registered as ${id} says it is ${grader.info.id}`);
    return [id as GraderId, grader];
  }),
);
