// The grader registry: every grader plugin by id (SPEC 6); the run engine looks graders up here.
import type { GraderId } from '../../../src-shared/model';
import type { Grader } from './grader';
import { formatGrader } from './format.grader';

const ALL: readonly Grader[] = [formatGrader];

export const GRADERS: ReadonlyMap<GraderId, Grader> = new Map(ALL.map((grader) => [grader.info.id, grader]));
