// What the openai and @anthropic-ai/sdk adapters share: the client's options and listing model ids.
import type { AdapterOptions } from './adapter-options';
import { withDeadline } from './deadline';
import { sdkErrorMapper, type SdkApiErrorClass } from './sdk-errors';

/** Retries belong to the run's limiter, and our own deadline fires first; the SDK's timeout is only a backstop. */
export const sdkClientOptions = (options: AdapterOptions, baseUrl: string) => ({
  baseURL: baseUrl,
  maxRetries: 0,
  timeout: options.timeoutMs + 1000,
});

/** The ids an SDK's paginated models list yields, under our deadline and with its errors mapped. */
export function listSdkModelIds(
  where: string,
  options: AdapterOptions,
  signal: AbortSignal | undefined,
  apiError: SdkApiErrorClass,
  list: (callSignal: AbortSignal) => AsyncIterable<{ id: string }>,
): Promise<string[]> {
  return withDeadline(
    { where, timeoutMs: options.timeoutMs, signal },
    async (callSignal) => {
      const ids: string[] = [];
      for await (const model of list(callSignal)) ids.push(model.id);
      return ids;
    },
    sdkErrorMapper(apiError, where),
  );
}
