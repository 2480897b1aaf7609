// Connects one question's MCP servers (stdio in trusted workspaces only, streamable HTTP), exposes their tools, and ends them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ToolServer } from '../../../src-shared/model';
import type { ToolSpec } from '../providers/provider';

export type ToolResult = Readonly<{ text: string; isError: boolean }>;

/**
 * The open MCP servers of one question, under the question's own abort signal (linked to the run's while they are
 * open). Close them when the question is done: HTTP sessions are ended (DELETE), stdio servers stopped and reaped.
 */
export type ToolServers = Readonly<{
  /** Every tool offered to the model; a name two servers share is prefixed `server__tool`. */
  tools(): ToolSpec[];
  /** Calls `tool` (its own name, unprefixed) on `server`; a failing tool answers {isError: true}; an abort rejects. */
  call(server: string, tool: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** The server and original tool name behind a name the model used; undefined for an unknown tool. */
  serverOf(toolName: string): Readonly<{ server: string; tool: string }> | undefined;
  close(): Promise<void>;
}>;

export type OpenToolServersOptions = Readonly<{ trusted: boolean; workspaceDir: string; signal?: AbortSignal }>;

/** Starting a command from an untrusted workspace is refused (docs/security.md). */
export class UntrustedWorkspaceError extends Error {
  override name = 'UntrustedWorkspaceError';
}

type Transport = StdioClientTransport | StreamableHTTPClientTransport;
type Connected = Readonly<{ name: string; client: Client; transport: Transport; tools: readonly ToolSpec[] }>;

const STDERR_TAIL = 2000;

export async function openToolServers(
  servers: readonly ToolServer[],
  options: OpenToolServersOptions,
): Promise<ToolServers> {
  const commands = servers.filter((server) => 'command' in server);
  if (!options.trusted && commands.length > 0) {
    const first = commands[0];
    throw new UntrustedWorkspaceError(
      `untrusted workspace: MCP server "${first?.name}" would start a command (${describeServer(first)}); run \`ai-eval trust\` to allow commands from ${options.workspaceDir}`,
    );
  }
  // The MCP SDK adds an abort listener to the signal of every request and never removes it: on the run's signal they
  // would pile up for the whole run. The question's own signal takes them and is dropped with the question.
  const question = linkedSignal(options.signal);
  const settled = await Promise.allSettled(servers.map((server) => connect(server, options, question.signal)));
  const connected = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) {
    await Promise.allSettled(connected.map(endServer));
    question.unlink();
    throw failure.reason;
  }
  return exposeTools(connected, question);
}

type QuestionSignal = Readonly<{ signal: AbortSignal; unlink: () => void }>;

/** A signal of its own that aborts when `parent` does, until `unlink` removes the one listener it put on `parent`. */
export function linkedSignal(parent: AbortSignal | undefined): QuestionSignal {
  const own = new AbortController();
  if (!parent) return { signal: own.signal, unlink: () => undefined };
  const forward = () => own.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  return { signal: own.signal, unlink: () => parent.removeEventListener('abort', forward) };
}

/** Ends the server's session (DELETE for streamable HTTP) and closes it; a stdio server is stopped and waited for. */
async function endServer(server: Connected): Promise<void> {
  if (server.transport instanceof StreamableHTTPClientTransport)
    await server.transport.terminateSession().catch(() => undefined);
  await server.client.close();
}

function exposeTools(connected: readonly Connected[], question: QuestionSignal): ToolServers {
  const owners = new Map<string, number>();
  for (const server of connected)
    for (const tool of server.tools) owners.set(tool.name, (owners.get(tool.name) ?? 0) + 1);
  const byExposedName = new Map<string, { server: string; tool: string }>();
  const specs: ToolSpec[] = [];
  for (const server of connected) {
    for (const tool of server.tools) {
      const exposed = (owners.get(tool.name) ?? 0) > 1 ? `${server.name}__${tool.name}` : tool.name;
      byExposedName.set(exposed, { server: server.name, tool: tool.name });
      specs.push({ ...tool, name: exposed });
    }
  }
  const clients = new Map(connected.map((server) => [server.name, server.client]));
  return {
    tools: () => [...specs],
    serverOf: (toolName) => byExposedName.get(toolName),
    async call(server, tool, args) {
      const { signal } = question;
      const client = clients.get(server);
      if (!client)
        throw new Error(`no MCP server named "${server}" (servers: ${[...clients.keys()].join(', ') || 'none'})`);
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal });
        return { text: resultText(result), isError: result.isError === true };
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        return { text: `MCP server "${server}" failed to run ${tool}: ${(error as Error).message}`, isError: true };
      }
    },
    async close() {
      await Promise.allSettled(connected.map(endServer));
      question.unlink();
    },
  };
}

async function connect(server: ToolServer, options: OpenToolServersOptions, signal: AbortSignal): Promise<Connected> {
  const client = new Client({ name: 'ai-eval', version: '1.0.0' });
  let stderr = '';
  const transport =
    'command' in server
      ? new StdioClientTransport({
          command: server.command,
          args: server.args,
          env: { ...getDefaultEnvironment(), ...server.env },
          cwd: options.workspaceDir,
          stderr: 'pipe',
        })
      : new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { ...server.headers } } });
  // Drain the child's stderr (a full pipe would block it) and keep its head and tail for the error message.
  let stderrHead = '';
  if (transport instanceof StdioClientTransport)
    transport.stderr?.on('data', (chunk: Buffer) => {
      if (stderrHead.length < STDERR_TAIL) stderrHead = (stderrHead + chunk.toString()).slice(0, STDERR_TAIL);
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
  try {
    await client.connect(transport, { signal });
    return { name: server.name, client, transport, tools: await listTools(client, signal) };
  } catch (error) {
    await client.close().catch(() => undefined);
    if (signal.aborted) throw signal.reason;
    const detail = stderrInWords(stderrHead, stderr);
    throw new Error(
      `MCP server "${server.name}" (${describeServer(server)}) could not be started or reached: ${(error as Error).message}${detail}`,
      { cause: error },
    );
  }
}

/**
 * What the server's stderr says: its first error line (Node's "Error: Cannot find module …" comes before a stack whose
 * length differs between Node versions, so its tail alone may not name the error), and the last line when it differs.
 */
function stderrInWords(head: string, tail: string): string {
  if (!tail.trim()) return '';
  const firstError = head
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^(\w*Error\b|error:)/i.test(line));
  if (!firstError) return `; its stderr ends with: ${tail.trim().slice(-500)}`;
  const lastLine = tail.trim().split('\n').at(-1)!.trim();
  return `; its stderr says: ${firstError.slice(0, 500)}${lastLine === firstError ? '' : ` (last line: ${lastLine.slice(0, 200)})`}`;
}

async function listTools(client: Client, signal: AbortSignal): Promise<ToolSpec[]> {
  const tools: ToolSpec[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, { signal });
    for (const tool of page.tools)
      tools.push({ name: tool.name, description: tool.description ?? '', parameters: { ...tool.inputSchema } });
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

/** A tool result as text: text parts joined; other parts named; structured content as JSON when there is no text. */
function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as Array<Record<string, unknown>>) : [];
  const parts = content.map((part) => {
    if (part.type === 'text' && typeof part.text === 'string') return part.text;
    const resource = part.resource as Record<string, unknown> | undefined;
    if (part.type === 'resource' && typeof resource?.text === 'string') return resource.text;
    return `[${String(part.type)}${typeof resource?.uri === 'string' ? ` ${resource.uri}` : ''}]`;
  });
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  if (parts.length === 0 && result.toolResult !== undefined) return JSON.stringify(result.toolResult);
  return parts.join('\n');
}

const describeServer = (server: ToolServer | undefined): string =>
  server === undefined ? '' : 'command' in server ? [server.command, ...server.args].join(' ') : server.url;
