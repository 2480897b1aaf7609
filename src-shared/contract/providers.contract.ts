// Calls for the provider connections of aieval.yaml: list them, fetch their live model lists, test them, save them.
import { z } from 'zod';
import { boolean, int, nullableNumber, nullableString, optionalBoolean, string } from '../model/fields';
import { call, event, noInput } from '../rpc/define';
import { judgeConfig, providerConfig, workspaceIssue } from '../model';
import { keyStatus } from './secrets.contract';

export const providerSummary = z.object({
  name: string,
  /** The connection as written in aieval.yaml (kind, base_url, api_key_env, file, metadata); never a key. */
  config: providerConfig,
  address: z
    .string()
    .describe('What is called: base_url, the kind’s default address, or the cassette of a replay provider.'),
  key: keyStatus,
});
export type ProviderSummary = z.infer<typeof providerSummary>;

export const connectionProblem = z.enum([
  'no_key',
  'unauthorized',
  'unreachable',
  'not_found',
  'http_error',
  'config',
  'error',
]);
export type ConnectionProblem = z.infer<typeof connectionProblem>;

export const connectionTest = z.object({
  ok: boolean,
  problem: connectionProblem.nullable(),
  message: string.describe('What happened, in words: what failed and where, or how many models answered.'),
  latencyMs: int.min(0),
  modelCount: int.min(0).nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTest>;

export const modelList = z.object({
  models: z.array(string),
  error: nullableString.describe('Why the list could not be fetched; free text still works.'),
  /** An Ollama connection: a model that is not listed can be pulled (providers.pull). */
  canPull: optionalBoolean,
});

/** One line of an Ollama pull as it streams: what it is doing, and bytes of the current layer. */
export const pullProgress = z.object({
  provider: string,
  model: string,
  status: string,
  completed: nullableNumber,
  total: nullableNumber,
});
export type PullProgressEvent = z.infer<typeof pullProgress>;
export type ModelList = z.infer<typeof modelList>;

const providerName = z.object({ provider: string.min(1) });

export const providersContract = {
  /** Every provider connection of aieval.yaml with its kind and base_url, the address it calls, and whether its key is available. */
  'providers.list': call(() => ({ input: noInput, output: z.array(providerSummary) })),
  /** The provider's live model list (Ollama /api/tags, OpenAI and Anthropic /models, a cassette's models). */
  'providers.models': call(() => ({ input: providerName, output: modelList })),
  /** Pulls a model onto an Ollama connection (/api/pull), streaming providers.pullProgressed; says how it ended. */
  'providers.pull': call(() => ({
    input: providerName.extend({ model: string.min(1) }),
    output: z.object({ ok: boolean, message: string }),
  })),
  'providers.pullProgressed': event(() => pullProgress),
  /** Connects to a provider (as saved, or as `config` before it is saved) and says in words what worked or failed. */
  'providers.test': call(() => ({
    input: providerName.extend({ config: providerConfig.optional() }),
    output: connectionTest,
  })),
  /** The default judge of every LLM grader (provider and model, with per-grader overrides); null when none is set. */
  'providers.getJudge': call(() => ({ input: noInput, output: judgeConfig.nullable() })),
  /** Replace the provider connections and the default judge in aieval.yaml (comments kept); an invalid result is refused with its issues. */
  'providers.save': call(() => ({
    input: z.object({ providers: z.record(string.min(1), providerConfig), judge: judgeConfig.nullable() }),
    output: z.object({ issues: z.array(workspaceIssue) }),
  })),
} as const;
