// What the three wire adapters (Ollama, OpenAI, Anthropic) share: the provider's name and address, and the knob
// retry around every chat. Each adapter writes only its own wire format (send) and model list.
import type { Generation, ProviderKind } from '../../../src-shared/model';
import { baseUrlOf, type AdapterOptions } from './adapter-options';
import { sendWithKnobRetry } from './capabilities';
import type { ChatRequest, ChatResponse, Provider } from './provider';

export abstract class WireAdapter implements Provider {
  abstract readonly kind: ProviderKind;
  readonly name: string;
  protected readonly baseUrl: string;

  constructor(
    protected readonly options: AdapterOptions,
    defaultUrl: string,
  ) {
    this.name = options.name;
    this.baseUrl = baseUrlOf(options.baseUrl, defaultUrl);
  }

  /** Sends the request; a knob the model refuses (a 400 naming it) is remembered and the request sent once without. */
  chat(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    return sendWithKnobRetry(this.kind, request.model, this.generationOf(request), this.options.knobs, (sent) =>
      this.send(request, sent, signal),
    );
  }

  abstract listModels(signal?: AbortSignal): Promise<string[]>;

  /** The generation settings asked for: the target's own, unless the API requires one it did not set. */
  protected generationOf(request: ChatRequest): Generation | undefined {
    return request.generation;
  }

  /** One call on the wire with the settings that survived the knob memory (`sent`, recorded in the result). */
  protected abstract send(
    request: ChatRequest,
    sent: Generation,
    signal: AbortSignal | undefined,
  ): Promise<ChatResponse>;
}
