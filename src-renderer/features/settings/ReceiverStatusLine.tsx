// The OTLP receiver as it runs now: where it listens and whether senders need a token, under the traces settings.
import { receiverTokenInWords } from '../../../src-shared/text/receiver-token';
import { api } from '../../api/client';
import { useQuery } from '../../api/use-query';

/** `version` changes when the settings were saved or reloaded, so the line is read again. */
export function ReceiverStatusLine({ version }: { version: unknown }) {
  const status = useQuery(() => api['traces.receiverStatus']({}), [version]).data;
  if (!status) return null;
  return (
    <p className="field wide muted" data-testid="receiver-status">
      {status.listening && status.url
        ? `Listening at ${status.url}. ${receiverTokenInWords(status) ?? ''}`
        : status.lastError
          ? `Not listening: ${status.lastError}`
          : 'Not listening.'}
      {status.servedAt && ` ${status.servedAt} also takes traces, with the API token ai-eval serve printed.`}
    </p>
  );
}
