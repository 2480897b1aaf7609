// A problem found in a workspace file, with where it is: file, line, column and key path.
import { z } from 'zod';
import { int, string } from './fields';

export const workspaceIssue = z.object({
  file: string.describe('Path relative to the workspace folder.'),
  line: int.positive(),
  column: int.positive(),
  path: string.describe('Dot path of the key, e.g. questions.1.expected_tools; empty for the whole file.'),
  message: string,
  severity: z.enum(['error', 'warning']),
});
export type WorkspaceIssue = z.infer<typeof workspaceIssue>;

/** `file:line:col key.path message`, the one-line form the CLI prints. */
export const formatIssue = (issue: WorkspaceIssue): string =>
  `${issue.file}:${issue.line}:${issue.column} ${issue.path || '(file)'} ${issue.message}`;
