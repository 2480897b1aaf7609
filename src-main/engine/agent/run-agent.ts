// The agent mode loop: the model calls MCP tools, sees their results, and answers, within max_steps.
import type { ChatMessage, Generation, ToolCallRecord } from '../../../src-shared/model';
import type { ChatResponse, Provider, ProviderMessage } from '../providers/provider';
import { toolCallRecord } from './tool-call-record';
import type { ToolServers } from './tool-servers';

export type AgentRun = Readonly<{
  /** Already wrapped in the run's limiter and retries: every step is one provider.chat call. */
  provider: Provider;
  model: string;
  systemPrompt: string;
  /** The question's conversation, ending with a user turn. */
  messages: readonly ChatMessage[];
  servers: ToolServers;
  maxSteps: number;
  generation?: Generation;
  signal?: AbortSignal;
}>;

export type AgentOutcome = Readonly<{
  /** The model's last answer; its text is the graded response. */
  response: ChatResponse;
  /** Every tool executed, in order, arguments redacted and results cut to 2,000 characters. */
  toolCalls: ToolCallRecord[];
  /** One response per step, for usage and latency. */
  responses: ChatResponse[];
  /** True when the model still wanted tools after max_steps; those last calls were not executed. */
  stepsExhausted: boolean;
}>;

/**
 * Runs up to `maxSteps` model calls. A step whose answer asks for tools runs them in order and feeds
 * the results back (a failing or unknown tool is reported to the model as an error, not thrown);
 * the first answer without tool calls ends the run.
 */
export async function runAgent(run: AgentRun): Promise<AgentOutcome> {
  if (run.maxSteps < 1) throw new Error(`max_steps must be at least 1 (got ${run.maxSteps})`);
  const conversation: ProviderMessage[] = [
    ...(run.systemPrompt ? [{ role: 'system' as const, content: run.systemPrompt }] : []),
    ...run.messages,
  ];
  const tools = run.servers.tools();
  const toolCalls: ToolCallRecord[] = [];
  const responses: ChatResponse[] = [];
  for (let step = 1; ; step += 1) {
    const response = await run.provider.chat(
      {
        model: run.model,
        messages: conversation,
        ...(tools.length ? { tools } : {}),
        ...(run.generation ? { generation: run.generation } : {}),
      },
      run.signal,
    );
    responses.push(response);
    if (response.toolCalls.length === 0) return { response, toolCalls, responses, stepsExhausted: false };
    if (step >= run.maxSteps) return { response, toolCalls, responses, stepsExhausted: true };
    conversation.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    for (const call of response.toolCalls) {
      run.signal?.throwIfAborted();
      const target = run.servers.serverOf(call.name);
      const result = target
        ? await run.servers.call(target.server, target.tool, call.arguments)
        : {
            text: `unknown tool "${call.name}": the available tools are ${tools.map((tool) => tool.name).join(', ') || 'none'}`,
            isError: true,
          };
      toolCalls.push(
        toolCallRecord(toolCalls.length, {
          name: target?.tool ?? call.name,
          server: target?.server ?? null,
          args: call.arguments,
          result: result.text,
          error: result.isError,
        }),
      );
      conversation.push({ role: 'tool', content: result.text, toolCallId: call.id, name: call.name });
    }
  }
}
