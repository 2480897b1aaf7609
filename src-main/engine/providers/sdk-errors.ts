// Maps the errors of the openai and @anthropic-ai/sdk clients (same class shapes) onto ProviderError.
import type { ProviderError } from './provider';
import { errorDetail, httpError, isRecord, malformedError, networkError } from './provider-errors';

/** The common shape of both SDKs' APIError: an HTTP status and headers when the server answered. */
type SdkApiError = Error & { status: number | undefined; headers: Headers | undefined; error: unknown };
export type SdkApiErrorClass = abstract new (...args: never[]) => SdkApiError;

/** Returns the mapper for one SDK, given its APIError class (its connection errors carry no status). */
export function sdkErrorMapper(apiError: SdkApiErrorClass, where: string): (error: unknown) => ProviderError {
  return (error) => {
    if (error instanceof apiError && typeof error.status === 'number')
      return httpError(where, error.status, sdkDetail(error), error.headers);
    if (error instanceof SyntaxError) return malformedError(where, error.message);
    return networkError(where, error);
  };
}

/** The provider's own error message: OpenAI's body is {message, param}, Anthropic's {error: {message}}. */
function sdkDetail(error: SdkApiError): string {
  const body = error.error;
  if (isRecord(body) && typeof body.message === 'string') return body.message;
  if (isRecord(body)) return errorDetail(JSON.stringify(body));
  return error.message.replace(/^\d{3}\s+/, '');
}
