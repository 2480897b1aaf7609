// The timeline's quarantine button: putting a question in the quarantine first asks why (the reason is written beside
// its id in aieval.yaml, where the next reader of the gate needs it); taking it out is one click.
import { useState, type FormEvent, type KeyboardEvent } from 'react';

type Props = Readonly<{
  quarantined: boolean;
  busy: boolean;
  onChange: (on: boolean, reason?: string) => void;
}>;

const RELEASE_TITLE = 'Take it out of the quarantine in aieval.yaml: the gate counts it again';
const QUARANTINE_TITLE =
  'Add it to the target’s quarantine in aieval.yaml (one line), with the reason you give: it still runs and is shown, the gate leaves it out and says so';

export function QuarantineButton({ quarantined, busy, onChange }: Props) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (quarantined || !asking)
    return (
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => (quarantined ? onChange(false) : setAsking(true))}
        title={quarantined ? RELEASE_TITLE : QUARANTINE_TITLE}
        data-testid="timeline-quarantine"
      >
        {quarantined ? 'Release from quarantine' : 'Quarantine…'}
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsking(false);
    onChange(true, reason.trim() || undefined);
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setAsking(false);
  };
  return (
    <form className="toolbar" onSubmit={submit} onKeyDown={cancelOnEscape} data-testid="quarantine-form">
      <label className="field">
        <span className="field-label">
          Why quarantine it? <span className="field-unit">optional, kept beside its id in aieval.yaml</span>
        </span>
        <input
          className="input"
          autoFocus
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. flaky judge"
          data-testid="quarantine-reason"
        />
      </label>
      <button type="submit" className="button primary" disabled={busy} data-testid="quarantine-confirm">
        Quarantine
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </form>
  );
}
