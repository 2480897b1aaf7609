// The question asked when leaving a screen with unsaved work: save, discard or stay (a native modal dialog).
import { useModalDialog } from '../components/use-modal-dialog';
import { leaveDecided, useUnsaved } from '../navigation/unsaved.store';

export function UnsavedPrompt() {
  const pending = useUnsaved((state) => state.pending);
  return pending ? <LeaveDialog label={pending.editor.label} /> : null;
}

function LeaveDialog({ label }: { label: string }) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="unsaved-title"
      onCancel={(event) => {
        event.preventDefault();
        void leaveDecided('stay');
      }}
      data-testid="unsaved-prompt"
    >
      <form method="dialog" onSubmit={(event) => event.preventDefault()}>
        <h2 id="unsaved-title">Unsaved changes</h2>
        <p>
          <strong>{label}</strong> has changes that are not saved. Save them before leaving?
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => void leaveDecided('stay')}>
            Stay
          </button>
          <button type="button" className="button" onClick={() => void leaveDecided('discard')}>
            Discard changes
          </button>
          <button type="button" className="button primary" autoFocus onClick={() => void leaveDecided('save')}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
