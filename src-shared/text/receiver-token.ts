// How a sender reaches the standalone OTLP receiver, in words: whether it requires a token and how to pass it. The
// CLI's `serve` and the settings screen say it the same way.
import type { ReceiverStatus } from '../model/trace';

/** The exporter setting that sends the value of `tokenEnv` as a Bearer token (`$VAR` is expanded by the shell). */
export const exporterHeaders = (tokenEnv: string): string =>
  `OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer%20$${tokenEnv}"`;

/** One sentence on what a sender must pass to the receiver; undefined while it is not listening. */
export function receiverTokenInWords(status: Pick<ReceiverStatus, 'listening' | 'tokenEnv'>): string | undefined {
  if (!status.listening) return undefined;
  return status.tokenEnv
    ? `The OTLP receiver requires a token: the value of ${status.tokenEnv} as Authorization: Bearer (for an ` +
        `OpenTelemetry exporter: ${exporterHeaders(status.tokenEnv)}).`
    : 'The OTLP receiver requires no token: any program on this machine may post traces to it ' +
        '(set otlp_receiver.token_env to require one).';
}
