// The grader catalogue: ids, kinds, scales and what each grader can see (docs/grading.md).
import { z } from 'zod';

export const GRADER_IDS = [
  'relevance_grader',
  'completeness_grader',
  'accuracy_grader',
  'actionability_grader',
  'fact_match_grader',
  'groundedness_grader',
  'format_grader',
  'rubric_checks',
  'tool_usage_grader',
  'state_check',
] as const;

export const graderId = z.enum(GRADER_IDS);
export type GraderId = z.infer<typeof graderId>;

export type GraderInfo = Readonly<{
  id: GraderId;
  label: string;
  kind: 'llm_judge' | 'deterministic';
  minScore: number;
  maxScore: number;
  seesToolCalls: boolean;
  observesActions: boolean;
  needs: string;
}>;

const judge = (id: GraderId, label: string, needs: string, extra: Partial<GraderInfo> = {}): GraderInfo => ({
  id,
  label,
  kind: 'llm_judge',
  minScore: 0,
  maxScore: 5,
  seesToolCalls: false,
  observesActions: false,
  needs,
  ...extra,
});

const check = (id: GraderId, label: string, needs: string, observesActions = false): GraderInfo => ({
  id,
  label,
  kind: 'deterministic',
  minScore: 0,
  maxScore: 5,
  seesToolCalls: false,
  observesActions,
  needs,
});

export const GRADER_CATALOG: Readonly<Record<GraderId, GraderInfo>> = {
  relevance_grader: judge('relevance_grader', 'Relevance', 'criteria (optional)'),
  completeness_grader: judge('completeness_grader', 'Completeness', 'criteria (optional)'),
  accuracy_grader: judge('accuracy_grader', 'Accuracy', 'criteria, expected_facts (both optional)', {
    seesToolCalls: true,
  }),
  actionability_grader: judge('actionability_grader', 'Actionability', 'criteria (optional)'),
  fact_match_grader: judge('fact_match_grader', 'Fact match', 'expected_facts (required, else skips)'),
  groundedness_grader: judge('groundedness_grader', 'Groundedness', 'criteria (optional)', {
    maxScore: 1,
    seesToolCalls: true,
  }),
  format_grader: check('format_grader', 'Format', 'expected.format (optional)'),
  rubric_checks: check('rubric_checks', 'Rubric checks', 'rubric_ref with executable checks'),
  tool_usage_grader: check('tool_usage_grader', 'Tool usage', 'expected_tools (required, else skips)', true),
  state_check: check('state_check', 'State check', 'metadata.state (required, else skips)', true),
};

/** The LLM judges, in the catalogue's order. */
export const LLM_JUDGE_IDS: readonly GraderId[] = GRADER_IDS.filter((id) => GRADER_CATALOG[id].kind === 'llm_judge');
