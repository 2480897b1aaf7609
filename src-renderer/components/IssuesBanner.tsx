// Workspace issues that belong to no field of a form, listed in one alert in `file:line:col key.path message` form.
import { formatIssue, type WorkspaceIssue } from '../../src-shared/model';

export function IssuesBanner({ issues, testId }: { issues: readonly WorkspaceIssue[]; testId: string }) {
  if (issues.length === 0) return null;
  return (
    <div className="banner error" role="alert" data-testid={testId}>
      <ul className="plain-list">
        {issues.map((issue) => (
          <li key={formatIssue(issue)}>{formatIssue(issue)}</li>
        ))}
      </ul>
    </div>
  );
}
