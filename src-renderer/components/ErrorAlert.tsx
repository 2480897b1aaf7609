// What went wrong, as a banner screen readers announce; nothing while there is no error.
export function ErrorAlert({ error, testId }: { error: string | undefined; testId?: string }) {
  return error ? (
    <div className="banner error" role="alert" data-testid={testId}>
      {error}
    </div>
  ) : null;
}
