// Agent mode: the tool-calling loop over the target's MCP servers, or an external agent endpoint.
import { callExternalAgent } from '../agent/external-agent';
import { runAgent } from '../agent/run-agent';
import type { ToolServers } from '../agent/tool-servers';
import { costUsd } from '../providers/prices';
import type { ChatResponse } from '../providers/provider';
import type { RunPlan } from './plan';
import type { RunServices } from './run-services';
import type { QuestionTools, TargetAnswer, TargetCaller } from './target-caller';

export type AgentCallerOptions = Readonly<{ trusted: boolean; workspaceDir: string; timeoutMs: number }>;

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

/** state_check reads the servers after the agent answered; it parses the MCP result shape. */
function questionTools(servers: ToolServers): QuestionTools {
  return {
    callTool: async (server, tool, args) => {
      const result = await servers.call(server, tool, args);
      return { content: [{ type: 'text', text: result.text }], isError: result.isError };
    },
    close: () => servers.close(),
  };
}

/**
 * Each question gets its own MCP servers, started from their seed state: what one question's agent changed
 * (a renewed loan) must not leak into another question's answer or state_check, nor into the next repeat.
 */
export function agentCaller(plan: RunPlan, services: RunServices, options: AgentCallerOptions): TargetCaller {
  const { target } = plan;
  const servers = target.tools ?? [];
  // The MCP SDK is loaded by the first agent question, so chat-only runs never carry its module graph.
  const open = async (list: typeof servers, signal: AbortSignal) => {
    const { openToolServers } = await import('../agent/tool-servers');
    return openToolServers(list, { trusted: options.trusted, workspaceDir: options.workspaceDir, signal });
  };
  const endpoint = target.endpoint;
  if (endpoint) {
    // An external agent changes state only where it can reach: the shared (HTTP) servers. A stdio server started
    // here would show its seed state, so it is not offered to state_check (which then reports it cannot read it).
    const shared = servers.filter((server) => 'url' in server);
    return {
      async answer(messages, counter, signal) {
        const reply = await services.call(
          `endpoint ${endpoint}`,
          (attempt) => callExternalAgent(endpoint, messages, attempt, { timeoutMs: options.timeoutMs }),
          signal,
          counter,
        );
        const tools = shared.length > 0 ? questionTools(await open(shared, signal)) : undefined;
        return {
          response: reply.response,
          toolCalls: reply.toolCalls,
          latencyMs: reply.latencyMs,
          inputTokens: null,
          outputTokens: null,
          costUsd: null,
          finishReason: null,
          sent: null,
          tools,
        };
      },
    };
  }
  const kind = services.kindOf(target.provider);
  return {
    async answer(messages, counter, signal): Promise<TargetAnswer> {
      const opened = await open(servers, signal);
      try {
        const outcome = await runAgent({
          provider: services.limited(target.provider, counter),
          model: target.model,
          systemPrompt: target.system_prompt,
          messages,
          servers: opened,
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
          tools: questionTools(opened),
        };
      } catch (error) {
        await opened.close();
        throw error;
      }
    },
  };
}
