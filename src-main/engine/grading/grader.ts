// The grader plugin interface: what a grader is told about one answer and what it returns.
import type {
  CallMetrics,
  ChatMessage,
  GraderInfo,
  Question,
  Rubric,
  Target,
  ToolCallRecord,
} from '../../../src-shared/model';
import type { ChatRequest, ChatResponse } from '../providers/provider';

/** One executed (or unexecuted) rubric check, as stored with the grader result. */
export type CheckResult = Readonly<{
  id: string;
  kind: string;
  score: number | null;
  passed: boolean | null;
  executed: boolean;
  reason: string;
}>;

/** One judge call, stored as a judge call (docs/grading.md). */
export type JudgeCallRecord = Readonly<{
  graderId: string;
  provider: string;
  model: string;
  templateVersion: string;
  prompt: string;
  responseSeen: string;
  rawAnswer: string | null;
  score: number | null;
  reason: string | null;
  error: string | null;
  settings: Record<string, unknown>;
  latencyMs: number | null;
  /** Ollama's counters and durations of the call. */
  metrics?: CallMetrics;
}>;

/** Calls the judge model for one grader, under the run's limiter and retries. */
export type JudgeClient = Readonly<{
  provider: string;
  model: string;
  chat(request: Omit<ChatRequest, 'model'>, signal?: AbortSignal): Promise<ChatResponse>;
}>;

export type GradeContext = Readonly<{
  question: Question;
  /** The question's criteria with its rubric's check descriptions appended. */
  criteria: string;
  /** The whole conversation sent to the target (without the system prompt). */
  messages: readonly ChatMessage[];
  response: string;
  /** Absent (undefined) when no record exists; an empty array when the agent called nothing. */
  toolCalls: readonly ToolCallRecord[] | undefined;
  target: Target;
  rubric: Rubric | undefined;
  responseCharLimit: number;
  judgeResponseCharLimit: number;
  trusted: boolean;
  workspaceDir: string;
  /** The judge for this grader; undefined when no judge is configured. */
  judgeFor(graderId: string): JudgeClient | undefined;
  /** Calls a tool of one of the target's MCP servers (state_check); undefined outside agent mode. */
  callTool: ((server: string, tool: string, args: Record<string, unknown>) => Promise<unknown>) | undefined;
  signal: AbortSignal | undefined;
}>;

export type GradeOutcome = Readonly<{
  status: 'scored' | 'skipped' | 'error';
  /** On the grader's own scale [minScore, maxScore]; null unless scored. */
  score: number | null;
  reason: string;
  checks?: readonly CheckResult[];
  judgeCalls?: readonly JudgeCallRecord[];
}>;

export interface Grader {
  readonly info: GraderInfo;
  /**
   * Grades from the answer and its records alone: no model, no process, no tool, never a wait. A run grades such
   * answers off the lane (the next question goes out first), and finishes them even when cancelled.
   */
  readonly answerOnly?: true;
  grade(context: GradeContext): Promise<GradeOutcome>;
}

export const skipped = (reason: string): GradeOutcome => ({ status: 'skipped', score: null, reason });
export const errored = (reason: string, judgeCalls?: readonly JudgeCallRecord[]): GradeOutcome => ({
  status: 'error',
  score: null,
  reason,
  judgeCalls,
});
export const scored = (score: number, reason: string): GradeOutcome => ({ status: 'scored', score, reason });
