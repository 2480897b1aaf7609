// A button that applies a one-click fix (a save) and shows, beside it, why the save was refused if it was.
import { useState } from 'react';
import { messageOf } from '../../src-shared/text/message-of';

/** A button that applies a fix and shows its refusal, if any. */
export function FixButton({
  label,
  apply,
  testId,
}: {
  label: string;
  apply: () => Promise<string | undefined>;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const click = async () => {
    setBusy(true);
    try {
      setRefused(await apply());
    } catch (error) {
      setRefused(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={() => void click()} disabled={busy} data-testid={testId}>
        {busy ? 'Saving…' : label}
      </button>
      {refused && (
        <span className="fix-refused" role="alert">
          Not saved: {refused}
        </span>
      )}
    </>
  );
}
