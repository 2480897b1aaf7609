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

const ALL: readonly Grader[] = [
  relevanceGrader,
  completenessGrader,
  accuracyGrader,
  actionabilityGrader,
  factMatchGrader,
  groundednessGrader,
  formatGrader,
  rubricChecksGrader,
  toolUsageGrader,
  stateCheckGrader,
];

export const GRADERS: ReadonlyMap<GraderId, Grader> = new Map(ALL.map((grader) => [grader.info.id, grader]));
