// A form's problems by field: the shape both forms (a target, the workspace settings) report, and the lookup of one
// field's messages.

/** A problem with one field, by its key path (`gate.threshold`, `tools.0.url`, `providers.0.base_url`). */
export type FieldIssue = Readonly<{ path: string; message: string }>;

/** The messages for a field: its own path, and (with `nested`) everything under it. */
export function messagesAt(issues: readonly FieldIssue[], path: string, nested = false): string[] {
  return issues
    .filter((issue) => issue.path === path || (nested && issue.path.startsWith(`${path}.`)))
    .map((issue) => issue.message);
}
