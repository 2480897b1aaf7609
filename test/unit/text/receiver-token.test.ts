// The receiver's token requirement in words, as `ai-eval serve` prints it and the settings screen shows it.
import { describe, expect, it } from 'vitest';
import { receiverTokenInWords } from '../../../src-shared/text/receiver-token';

describe('receiverTokenInWords', () => {
  it('names the variable and the exporter header when a token is required', () => {
    expect(receiverTokenInWords({ listening: true, tokenEnv: 'OTLP_TOKEN' })).toBe(
      'The OTLP receiver requires a token: the value of OTLP_TOKEN as Authorization: Bearer (for an OpenTelemetry ' +
        'exporter: OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer%20$OTLP_TOKEN").',
    );
  });

  it('says that any local program may post without a token, and how to require one', () => {
    expect(receiverTokenInWords({ listening: true, tokenEnv: null })).toMatch(
      /^The OTLP receiver requires no token: .*set otlp_receiver.token_env to require one/,
    );
  });

  it('says nothing while the receiver is not listening', () => {
    expect(receiverTokenInWords({ listening: false, tokenEnv: 'OTLP_TOKEN' })).toBeUndefined();
  });
});
