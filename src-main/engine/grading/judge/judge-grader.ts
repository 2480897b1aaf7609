// The LLM judge base (docs/grading.md): a judge supplies its dimension, definition and guidance; this builds, calls and scores.
import type { GraderInfo } from '../../../../src-shared/model';
import { errored, skipped, type GradeContext, type Grader, type GradeOutcome } from '../grader';
import { runJudge } from './run-judge';
import { toolCallsBlock } from './tool-calls-block';

export type JudgeSpec = Readonly<{
  info: GraderInfo;
  /** The judge template's name (resources/judge-templates/<name>.md, overridable per workspace). */
  template: string;
  dimension?: string;
  definition?: string;
  guidance?: string;
  /** expected_facts as a GROUND TRUTH block, must_not_contain listed, and a match capping the score at 1. */
  groundTruth?: boolean;
  /** A reason to skip the question without a call, or undefined to judge it. */
  skipReason?: (context: GradeContext) => string | undefined;
}>;

const MUST_NOT_CONTAIN_CAP = 1;

export const GROUND_TRUTH_HEADER =
  'GROUND TRUTH (verified facts the answer must state; paraphrase and formatting variation allowed):';
export const MUST_NOT_CONTAIN_HEADER = `MUST NOT CONTAIN (stating any of these, paraphrases included, caps the score at ${MUST_NOT_CONTAIN_CAP}):`;

export function judgeGrader(spec: JudgeSpec): Grader {
  const { info } = spec;
  return {
    info,
    async grade(context): Promise<GradeOutcome> {
      const skip = spec.skipReason?.(context);
      if (skip !== undefined) return skipped(skip);
      const result = await runJudge(context, {
        graderId: info.id,
        template: spec.template,
        criteria: judgeCriteria(context, spec),
        minScore: info.minScore,
        maxScore: info.maxScore,
        binary: info.minScore === 0 && info.maxScore === 1,
        dimension: spec.dimension,
        definition: spec.definition,
        guidance: spec.guidance,
      });
      const judgeCalls = result.record ? [result.record] : [];
      if (result.score === null) return errored(result.error, judgeCalls);
      const forbidden = spec.groundTruth ? forbiddenMatch(context) : undefined;
      if (forbidden !== undefined && result.score > MUST_NOT_CONTAIN_CAP) {
        const reason = `${result.reason} (capped at ${MUST_NOT_CONTAIN_CAP}: the response contains "${forbidden}", listed in must_not_contain)`;
        return { status: 'scored', score: MUST_NOT_CONTAIN_CAP, reason, judgeCalls };
      }
      return { status: 'scored', score: result.score, reason: result.reason, judgeCalls };
    },
  };
}

/** The criteria slot: the question's criteria (rubric descriptions included), then ground truth, then the tool-calls block. */
function judgeCriteria(context: GradeContext, spec: JudgeSpec): string {
  const parts = [context.criteria.trim()];
  if (spec.groundTruth) {
    const facts = context.question.expected_facts ?? [];
    if (facts.length > 0) parts.push([GROUND_TRUTH_HEADER, ...facts.map((fact) => `- ${fact}`)].join('\n'));
    const forbidden = context.question.must_not_contain ?? [];
    if (forbidden.length > 0) {
      parts.push([MUST_NOT_CONTAIN_HEADER, ...forbidden.map((phrase) => `- ${JSON.stringify(phrase)}`)].join('\n'));
    }
  }
  if (spec.info.seesToolCalls) {
    const block = toolCallsBlock(context.toolCalls);
    if (block !== undefined) parts.push(block);
  }
  return parts.filter((part) => part !== '').join('\n\n');
}

/** The first must_not_contain phrase found in the full response (case-insensitive substring), if any. */
function forbiddenMatch(context: GradeContext): string | undefined {
  const response = context.response.toLowerCase();
  return (context.question.must_not_contain ?? []).find(
    (phrase) => phrase !== '' && response.includes(phrase.toLowerCase()),
  );
}
