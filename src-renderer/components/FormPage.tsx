// The pieces every form page (a target, the settings) has: its header with the save state and buttons, and what it
// shows before the form is loaded.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';
import { PageHeader } from './PageHeader';
import { SaveStatus } from './SaveStatus';

type HeaderProps = Readonly<{
  title: string;
  /** What saving does, in a sentence. */
  intro: ReactNode;
  /** The form's store: its last error or notice, and whether a save was attempted (problems block only then). */
  state: Readonly<{ error?: string; notice?: string; attempted: boolean }>;
  dirty: boolean;
  /** The problems the form itself finds. */
  problems: number;
  statusTestId: string;
  /** The page's buttons, after the save state. */
  children: ReactNode;
}>;

export function FormHeader({ title, intro, state, dirty, problems, statusTestId, children }: HeaderProps) {
  return (
    <PageHeader title={title} intro={intro} className="form-header">
      <div className="toolbar-actions">
        <SaveStatus
          error={state.error}
          notice={state.notice}
          dirty={dirty}
          blocking={state.attempted ? problems : 0}
          testId={statusTestId}
        />
        {children}
      </div>
    </PageHeader>
  );
}

/** Before the form is loaded: why it could not be, or that it is loading. */
export function FormNotLoaded({ error, loading }: { error: string | undefined; loading: string }) {
  return error ? (
    <div className="page">
      <ErrorAlert error={error} />
    </div>
  ) : (
    <div className="page muted">{loading}</div>
  );
}

type SaveButtonProps = Readonly<{ saving: boolean; testId: string }> &
  Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'disabled'>;

/** The page's Save button (Ctrl+S does the same), which says when it is saving. */
export function SaveButton({ saving, testId, type, onClick, disabled }: SaveButtonProps) {
  return (
    <button
      type={type}
      className="button primary"
      onClick={onClick}
      disabled={disabled}
      title="Save (Ctrl+S)"
      data-testid={testId}
    >
      {saving ? 'Saving…' : 'Save'}
    </button>
  );
}
