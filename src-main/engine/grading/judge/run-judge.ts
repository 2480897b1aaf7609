// One judge call: template, prompt, pinned sampling, answer parsing, and the JudgeCallRecord the run engine stores.
import type { GradeContext, JudgeCallRecord } from '../grader';
import { binaryScore, parseJudgeAnswer, scaledScore } from './judge-answer';
import { buildJudgePrompt } from './judge-prompt';
import { loadJudgeTemplate } from './judge-templates';

/** Temperature 0 and top_p 1; the provider drops what a model refuses and reports what it sent. */
export const PINNED_GENERATION = Object.freeze({ temperature: 0, top_p: 1 });

export type JudgeRequest = Readonly<{
  /** Whose judge to use (`context.judgeFor`) and whose name the record carries. */
  graderId: string;
  template: string;
  criteria: string;
  minScore: number;
  maxScore: number;
  /** A yes/no judge: off-scale is an error and the score rounds to 0 or 1. */
  binary: boolean;
  dimension?: string;
  definition?: string;
  guidance?: string;
}>;

export type JudgeResult =
  | Readonly<{ score: number; reason: string; record: JudgeCallRecord }>
  | Readonly<{ score: null; error: string; record?: JudgeCallRecord }>;

export async function runJudge(context: GradeContext, request: JudgeRequest): Promise<JudgeResult> {
  const judge = context.judgeFor(request.graderId);
  if (!judge) return { score: null, error: `no judge configured for ${request.graderId} (set "judge" in aieval.yaml)` };
  let built;
  let templateVersion;
  try {
    const template = loadJudgeTemplate(request.template, context.workspaceDir);
    templateVersion = `${template.name}@${template.version}`;
    built = buildJudgePrompt(template, {
      ...request,
      messages: context.messages,
      response: context.response,
      judgeResponseCharLimit: context.judgeResponseCharLimit,
    });
  } catch (error) {
    return { score: null, error: `judge template "${request.template}": ${(error as Error).message}` };
  }
  const base = {
    graderId: request.graderId,
    provider: judge.provider,
    model: judge.model,
    templateVersion,
    prompt: built.prompt,
    responseSeen: built.responseSeen,
  };
  const started = Date.now();
  let answer;
  try {
    answer = await judge.chat(
      { messages: [{ role: 'user', content: built.prompt }], generation: PINNED_GENERATION, json: true },
      context.signal,
    );
  } catch (error) {
    const message = `judge call to ${judge.provider}/${judge.model} failed: ${(error as Error).message}`;
    const record = {
      ...base,
      rawAnswer: null,
      score: null,
      reason: null,
      error: message,
      settings: { requested: PINNED_GENERATION, sent: null },
      latencyMs: Date.now() - started,
    };
    return { score: null, error: message, record };
  }
  const settings = { requested: PINNED_GENERATION, sent: answer.sent };
  const done = (score: number | null, reason: string | null, error: string | null): JudgeCallRecord => ({
    ...base,
    rawAnswer: answer.text,
    score,
    reason,
    error,
    settings,
    latencyMs: answer.latencyMs,
    ...(answer.metrics ? { metrics: answer.metrics } : {}),
  });
  if (answer.inputCut) {
    // A score given on part of the prompt (Ollama drops its front: instructions first) is never reported as one.
    const error = `the judge saw a truncated prompt: ${answer.inputCut.seen} of ${answer.inputCut.sent} tokens`;
    return { score: null, error, record: done(null, null, error) };
  }
  const parsed = parseJudgeAnswer(answer.text);
  if (!parsed.ok) return { score: null, error: parsed.error, record: done(null, null, parsed.error) };
  if (request.binary) {
    const binary = binaryScore(parsed.score);
    if (!binary.ok) return { score: null, error: binary.error, record: done(null, parsed.reason, binary.error) };
    return { score: binary.score, reason: parsed.reason, record: done(binary.score, parsed.reason, null) };
  }
  const scaled = scaledScore(parsed.score, request.minScore, request.maxScore);
  if (!scaled.ok) return { score: null, error: scaled.error, record: done(null, parsed.reason, scaled.error) };
  return { score: scaled.score, reason: parsed.reason, record: done(scaled.score, parsed.reason, null) };
}
