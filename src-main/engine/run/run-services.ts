// What a run calls models through: one provider per connection (recorded when asked), each behind its limiter; the judges.
import type { GraderId, ProviderConfig, ProviderKind, Settings } from '../../../src-shared/model';
import type { JudgeClient } from '../grading/grader';
import { withRecording, type CassetteWriter } from '../providers/cassette';
import type { ChatRequest, ChatResponse, Provider } from '../providers/provider';
import { ProviderLimiter, type AttemptCounter, type LimiterHooks, type LimiterSettings } from './limiter';
import { PlanError, type ValidWorkspace } from './plan';

export type ProviderFactory = (name: string, config: ProviderConfig) => Provider;

/** One limiter per provider connection for the whole process, so concurrent runs share a provider's limits. */
export class LimiterRegistry {
  private readonly limiters = new Map<string, ProviderLimiter>();

  constructor(private readonly hooks: LimiterHooks = {}) {}

  get(name: string, settings: LimiterSettings): ProviderLimiter {
    let limiter = this.limiters.get(name);
    if (limiter) limiter.configure(settings);
    else {
      limiter = new ProviderLimiter(name, settings, this.hooks);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

/** requests_per_minute becomes an even spacing of call starts, unless delay_between_calls_ms asks for more. */
export const limiterSettings = (settings: Settings, concurrency: number): LimiterSettings => {
  const { rate_limit: limits } = settings;
  const perRequest = limits.requests_per_minute ? Math.ceil(60_000 / limits.requests_per_minute) : 0;
  return {
    maxInFlight: concurrency,
    delayBetweenCallsMs: Math.max(limits.delay_between_calls_ms, perRequest),
    maxRetries: limits.max_retries,
    baseDelayMs: limits.base_delay_ms,
    tokensPerMinute: limits.tokens_per_minute ?? null,
  };
};

/** Tokens a chat call spent (input + output; what the provider did not report counts as none). */
const tokensOf = (response: ChatResponse) => (response.usage.inputTokens ?? 0) + (response.usage.outputTokens ?? 0);

export type RunServicesOptions = Readonly<{
  workspace: ValidWorkspace;
  concurrency: number;
  limiters: LimiterRegistry;
  makeProvider: ProviderFactory;
  /** `--record FILE`: every successful call of the run (target and judges) is appended to this cassette. */
  recorder?: CassetteWriter;
}>;

/** A load_duration this long means the model was loaded for the call (a resident model answers in milliseconds). */
export const MODEL_LOAD_MS = 500;

/** What Ollama calls cost in model loads, over a run. */
export type ModelLoads = { count: number; totalMs: number };

export class RunServices {
  private readonly providers = new Map<string, Provider>();
  private readonly limiters = new Map<string, ProviderLimiter>();
  private readonly judges = new Map<string, JudgeClient | undefined>();
  private windows = new Map<string, number>();
  private keepAlive: string | undefined;
  /** Model loads the run's calls reported. */
  readonly modelLoads: ModelLoads = { count: 0, totalMs: 0 };
  /** Called after every successful call, with its connection (adaptive concurrency listens). */
  onCallDone: ((name: string) => void) | undefined;

  constructor(private readonly options: RunServicesOptions) {}

  /** Ollama calls from now on ask for these windows (by connection and model) and keep their model loaded this long. */
  useLocalModels(
    windows: ReadonlyArray<Readonly<{ provider: string; model: string; numCtx: number | null }>>,
    keepAlive?: string,
  ): void {
    this.windows = new Map(
      windows.flatMap((window) =>
        window.numCtx === null ? [] : [[`${window.provider}\n${window.model}`, window.numCtx]],
      ),
    );
    this.keepAlive = keepAlive;
  }

  /** The limiter of a connection, to change its calls in flight during the run (adaptive concurrency). */
  limiterOf(name: string): ProviderLimiter {
    return this.limiter(name);
  }

  /** The configured kind of a connection (prices depend on it: local and replayed calls cost nothing). */
  kindOf(name: string): ProviderKind {
    return this.config(name).kind;
  }

  /** The provider of a connection, built once per run. */
  provider(name: string): Provider {
    let provider = this.providers.get(name);
    if (!provider) {
      const built = this.options.makeProvider(name, this.config(name));
      provider = this.options.recorder ? withRecording(built, this.options.recorder) : built;
      this.providers.set(name, provider);
    }
    return provider;
  }

  /** The same provider with every chat call going through the connection's limiter (retries, timeout, spacing). */
  limited(name: string, counter: AttemptCounter): Provider {
    const provider = this.provider(name);
    const limiter = this.limiter(name);
    const local = this.kindOf(name) === 'ollama';
    return {
      name: provider.name,
      kind: provider.kind,
      listModels: (signal) => provider.listModels(signal),
      chat: async (request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> => {
        const sent = local ? this.withLocalOptions(name, request) : request;
        const response = await limiter.run(
          (attemptSignal) => provider.chat(sent, attemptSignal),
          signal,
          counter,
          tokensOf,
        );
        const loadMs = response.metrics?.loadMs ?? 0;
        if (loadMs >= MODEL_LOAD_MS) {
          this.modelLoads.count += 1;
          this.modelLoads.totalMs += loadMs;
        }
        this.onCallDone?.(name);
        return response;
      },
    };
  }

  private withLocalOptions(name: string, request: ChatRequest): ChatRequest {
    const numCtx = request.numCtx ?? this.windows.get(`${name}\n${request.model}`);
    const keepAlive = request.keepAlive ?? this.keepAlive;
    return { ...request, ...(numCtx ? { numCtx } : {}), ...(keepAlive ? { keepAlive } : {}) };
  }

  /** Any call (an external agent, say) under the named limiter, with the workspace's retry and timeout settings. */
  call<T>(
    limiterName: string,
    fn: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    counter: AttemptCounter,
  ): Promise<T> {
    return this.limiter(limiterName).run(fn, signal, counter);
  }

  /** The judge of one grader (the workspace judge or its override), calling through the same limiters; undefined without a judge. */
  judgeFor(graderId: string): JudgeClient | undefined {
    if (this.judges.has(graderId)) return this.judges.get(graderId);
    const { judge } = this.options.workspace.config;
    const ref = judge?.overrides?.[graderId as GraderId] ?? judge;
    const client: JudgeClient | undefined = ref && {
      provider: ref.provider,
      model: ref.model,
      chat: (request, signal) =>
        this.limited(ref.provider, { attempts: 0, retries: 0 }).chat({ ...request, model: ref.model }, signal),
    };
    this.judges.set(graderId, client);
    return client;
  }

  private config(name: string): ProviderConfig {
    const config = this.options.workspace.config.providers[name];
    if (!config) throw new PlanError(`unknown provider "${name}"`);
    return config;
  }

  private limiter(name: string): ProviderLimiter {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = this.options.limiters.get(
        name,
        limiterSettings(this.options.workspace.config.settings, this.options.concurrency),
      );
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
