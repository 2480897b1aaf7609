// The save state of a form, in words: the last error or notice, unsaved changes, and problems that block saving.
type Props = Readonly<{ error?: string; notice?: string; dirty: boolean; blocking: number; testId: string }>;

export function SaveStatus({ error, notice, dirty, blocking, testId }: Props) {
  return (
    <span role="status" className="save-status" data-testid={testId}>
      {error ? (
        <span className="badge fail">✕ {error}</span>
      ) : notice ? (
        <span className="badge pass">✓ {notice}</span>
      ) : dirty ? (
        <span className="muted">● unsaved changes</span>
      ) : null}
      {blocking > 0 && (
        <span className="badge fail">
          ✕ Not saved: fix the {blocking} problem{blocking === 1 ? '' : 's'} marked below
        </span>
      )}
    </span>
  );
}
