// The replay adapter: answers from a recorded cassette by request hash, and never invents an answer.
import { existsSync } from 'node:fs';
import { readCassette, requestHash, type CassetteEntry } from './cassette';
import { ProviderError, type ChatRequest, type ChatResponse, type Provider } from './provider';
import { ProviderConfigError, resolveInside } from './connection-errors';
import type { EngineKind } from './engine-kind';

/** A request the cassette holds no answer for; names the models its judge calls (JSON mode) were recorded with. */
export class ReplayMissError extends ProviderError {
  constructor(
    message: string,
    /** The models of the cassette's JSON-mode requests (the judges'), sorted. */
    readonly recordedJudgeModels: readonly string[],
  ) {
    super(message, { retryable: false });
    this.name = 'ReplayMissError';
  }
}

export class ReplayProvider implements Provider {
  readonly kind = 'replay';
  private readonly byHash = new Map<string, CassetteEntry[]>();
  /** How many times each hash was answered: repeated identical requests (--repeat) replay the recordings in turn. */
  private readonly served = new Map<string, number>();

  constructor(
    readonly name: string,
    private readonly file: string,
    entries: readonly CassetteEntry[] = readCassette(file),
  ) {
    for (const entry of entries) this.byHash.set(entry.hash, [...(this.byHash.get(entry.hash) ?? []), entry]);
  }

  async chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    signal?.throwIfAborted();
    const hash = requestHash(request);
    const recordings = this.byHash.get(hash);
    if (!recordings?.length) {
      throw new ReplayMissError(
        `provider "${this.name}" (replay, ${this.file}): no recording for this request (hash ${hash}, model ${request.model})`,
        this.recordedJudgeModels(),
      );
    }
    const count = this.served.get(hash) ?? 0;
    this.served.set(hash, count + 1);
    const entry = recordings[count % recordings.length] as CassetteEntry;
    return entry.response;
  }

  private recordedJudgeModels(): string[] {
    const models = new Set<string>();
    for (const entries of this.byHash.values())
      for (const entry of entries) if (entry.request.json) models.add(entry.request.model);
    return [...models].sort();
  }

  async listModels(): Promise<string[]> {
    const models = new Set<string>();
    for (const entries of this.byHash.values()) for (const entry of entries) models.add(entry.request.model);
    return [...models].sort();
  }
}

/** A cassette answers what it recorded; a question with no recording is degraded at run time, never invented. */
export const replayKind: EngineKind = {
  create({ name, config, workspaceDir }) {
    const who = `provider "${name}" (replay)`;
    if (!config.file)
      throw new ProviderConfigError(`${who}: set "file" to the cassette (a JSONL file in the workspace)`);
    const file = resolveInside(workspaceDir, config.file, who);
    if (!existsSync(file))
      throw new ProviderConfigError(`${who}: cassette ${config.file} not found (looked for ${file})`);
    try {
      return new ReplayProvider(name, file);
    } catch (error) {
      throw new ProviderConfigError(`${who}: ${(error as Error).message}`, { cause: error });
    }
  },
  defaultUrl: null,
  models: 'unlisted',
};
