// Agent mode: the tool-calling loop over the target's MCP servers (opened once per run), or an external agent endpoint.
import { callExternalAgent } from '../agent/external-agent';
import { runAgent } from '../agent/run-agent';
import { openToolServers, type ToolServers } from '../agent/tool-servers';
import { costUsd } from '../providers/prices';
import type { ChatResponse } from '../providers/provider';
import type { RunPlan } from './plan';
import type { RunServices } from './run-services';
import type { TargetAnswer, TargetCaller } from './target-caller';

export type AgentCallerOptions = Readonly<{ trusted: boolean; workspaceDir: string; timeoutMs: number; signal: AbortSignal }>;

/** Sums a per-step number; null as soon as one step did not report it (a partial sum would understate). */
function total(responses: readonly ChatResponse[], pick: (response: ChatResponse) => number | null): number | null {
  let sum = 0;
  for (const response of responses) {
    const value = pick(response);
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

export async function agentCaller(plan: RunPlan, services: RunServices, options: AgentCallerOptions): Promise<TargetCaller> {
  const { target } = plan;
  const servers: ToolServers = await openToolServers(target.tools ?? [], { trusted: options.trusted, workspaceDir: options.workspaceDir, signal: options.signal });
  const kind = services.kindOf(target.provider);
  const endpoint = target.endpoint;
  const answer: TargetCaller['answer'] = endpoint
    ? async (messages, counter, signal) => {
        const reply = await services.call(`endpoint ${endpoint}`, (attempt) => callExternalAgent(endpoint, messages, attempt, { timeoutMs: options.timeoutMs }), signal, counter);
        return { response: reply.response, toolCalls: reply.toolCalls, latencyMs: reply.latencyMs, inputTokens: null, outputTokens: null, costUsd: null, finishReason: null, sent: null };
      }
    : async (messages, counter, signal): Promise<TargetAnswer> => {
        const outcome = await runAgent({
          provider: services.limited(target.provider, counter),
          model: target.model,
          systemPrompt: target.system_prompt,
          messages,
          servers,
          maxSteps: target.max_steps,
          generation: target.generation,
          signal,
        });
        const { responses } = outcome;
        return {
          response: outcome.response.text,
          toolCalls: outcome.toolCalls,
          latencyMs: total(responses, (response) => response.latencyMs),
          inputTokens: total(responses, (response) => response.usage.inputTokens),
          outputTokens: total(responses, (response) => response.usage.outputTokens),
          costUsd: total(responses, (response) => costUsd(response.model, response.usage, kind)),
          finishReason: outcome.stepsExhausted ? 'max_steps' : outcome.response.finishReason,
          sent: outcome.response.sent,
        };
      };
  return {
    answer,
    // state_check reads the servers' state after the agent answered; the MCP result shape is what it parses.
    callTool: target.tools?.length
      ? async (server, tool, args) => {
          const result = await servers.call(server, tool, args, options.signal);
          return { content: [{ type: 'text', text: result.text }], isError: result.isError };
        }
      : undefined,
    close: () => servers.close(),
  };
}
