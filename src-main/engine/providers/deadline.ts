// Runs one provider call under the caller's AbortSignal and the per-call timeout, telling the two apart.
import { ProviderError } from './provider';
import { timeoutError } from './provider-errors';

export type CallScope = Readonly<{ where: string; timeoutMs: number; signal: AbortSignal | undefined }>;

/**
 * Calls `fn` with a signal that fires on the caller's abort or after `timeoutMs`.
 * A caller abort rethrows the caller's reason (the run was cancelled; nothing to retry);
 * a timeout becomes a retryable ProviderError; any other failure goes through `mapError`.
 * A plain AbortController and timer (not AbortSignal.any) keep long runs free of listener build-up.
 */
export async function withDeadline<T>(
  scope: CallScope,
  fn: (signal: AbortSignal) => Promise<T>,
  mapError: (error: unknown) => ProviderError,
): Promise<T> {
  const outer = scope.signal;
  outer?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, scope.timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fn(controller.signal);
  } catch (error) {
    if (outer?.aborted) throw outer.reason;
    if (timedOut) throw timeoutError(scope.where, scope.timeoutMs);
    if (error instanceof ProviderError) throw error;
    throw mapError(error);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}
