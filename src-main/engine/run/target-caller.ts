// Asks the target one question: chat (system prompt + the question's turns), and the answer with usage and cost.
import type { CallMetrics, ChatMessage, Generation, Question, ToolCallRecord } from '../../../src-shared/model';
import type { GradeContext } from '../grading/grader';
import { costUsd } from '../providers/prices';
import type { InputCut, ProviderMessage } from '../providers/provider';
import type { AttemptCounter } from './limiter';
import type { RunPlan } from './plan';
import type { RunServices } from './run-services';

export type TargetAnswer = Readonly<{
  response: string;
  /** Undefined when no record exists (chat mode). */
  toolCalls: readonly ToolCallRecord[] | undefined;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  finishReason: string | null;
  /** The generation settings actually sent. */
  sent: Generation | null;
  /** Ollama's counters and durations (the last call of an agent's loop). */
  metrics?: CallMetrics;
  /** The server cut the prompt of a call (the first one cut, for an agent): the answer rests on a partial question. */
  inputCut?: InputCut;
  /** Agent mode: the question's own MCP servers, kept open until it is graded (state_check reads them), then closed. */
  tools?: QuestionTools;
}>;

export type QuestionTools = Readonly<{ callTool: NonNullable<GradeContext['callTool']>; close(): Promise<void> }>;

export type TargetCaller = Readonly<{
  answer(messages: readonly ChatMessage[], counter: AttemptCounter, signal: AbortSignal): Promise<TargetAnswer>;
}>;

/** A question's input as chat turns. */
export const questionMessages = (question: Question): ChatMessage[] =>
  typeof question.input === 'string'
    ? [{ role: 'user', content: question.input }]
    : question.input.map((turn) => ({ ...turn }));

/** System prompt first (when set), then the question's turns. */
export function withSystemPrompt(systemPrompt: string, messages: readonly ChatMessage[]): ProviderMessage[] {
  return systemPrompt ? [{ role: 'system', content: systemPrompt }, ...messages] : [...messages];
}

export function chatCaller(plan: RunPlan, services: RunServices): TargetCaller {
  const { target } = plan;
  return {
    async answer(messages, counter, signal) {
      const provider = services.limited(target.provider, counter);
      const reply = await provider.chat(
        {
          model: target.model,
          messages: withSystemPrompt(target.system_prompt, messages),
          generation: target.generation,
        },
        signal,
      );
      return {
        response: reply.text,
        toolCalls: undefined,
        latencyMs: reply.latencyMs,
        inputTokens: reply.usage.inputTokens,
        outputTokens: reply.usage.outputTokens,
        costUsd: costUsd(reply.model, reply.usage, services.kindOf(target.provider)),
        finishReason: reply.finishReason,
        sent: reply.sent,
        ...(reply.metrics ? { metrics: reply.metrics } : {}),
        ...(reply.inputCut ? { inputCut: reply.inputCut } : {}),
      };
    },
  };
}
