// One-click fixes offered where a run could not work: enable a disabled target, move the judge to a live connection.
import { formatIssue, type ModelRef, type WorkspaceIssue } from '../../src-shared/model';
import { api } from '../api/client';

/** The save's errors in words, or undefined when it was written. */
function refusal(issues: readonly WorkspaceIssue[]): string | undefined {
  const errors = issues.filter((issue) => issue.severity === 'error');
  return errors.length ? errors.map(formatIssue).join('; ') : undefined;
}

/** Sets `enabled: true` on the target in aieval.yaml (nothing else changes); resolves to why it was refused, if it was. */
export async function enableTarget(targetId: string): Promise<string | undefined> {
  const target = await api['targets.get']({ id: targetId });
  const { issues } = await api['targets.save']({ target: { ...target, enabled: true }, previousId: targetId });
  return refusal(issues);
}

/** Makes `judge` the default judge (per-grader overrides kept); resolves to why it was refused, if it was. */
export async function switchJudge(judge: ModelRef): Promise<string | undefined> {
  const [providers, current] = await Promise.all([api['providers.list']({}), api['providers.getJudge']({})]);
  const { issues } = await api['providers.save']({
    providers: Object.fromEntries(providers.map((provider) => [provider.name, provider.config])),
    judge: { ...current, ...judge },
  });
  return refusal(issues);
}
