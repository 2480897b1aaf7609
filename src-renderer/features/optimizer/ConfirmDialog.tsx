// A modal confirmation (native <dialog>: focus kept inside, Escape cancels) with an optional reason for the change log.
import { useState } from 'react';
import { useModalDialog } from '../../components/use-modal-dialog';

type Props = Readonly<{
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm(reason: string): void;
  onCancel(): void;
}>;

export function ConfirmDialog({ title, body, confirmLabel, onConfirm, onCancel }: Props) {
  const dialog = useModalDialog();
  const [reason, setReason] = useState('');
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="confirm-title"
      onCancel={onCancel}
      data-testid="confirm-dialog"
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason.trim());
        }}
      >
        <h2 id="confirm-title">{title}</h2>
        <p>{body}</p>
        <label className="field">
          <span className="field-label">
            Why <span className="field-unit">optional, kept in the change log</span>
          </span>
          <textarea
            className="form-control"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="confirm-reason"
          />
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel} data-testid="confirm-cancel">
            Cancel
          </button>
          <button type="submit" className="button primary" data-testid="confirm-ok" autoFocus>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
