// Which judge (provider, model, template version) a grader uses now, and whether a validation still describes it.
import type { GraderId, JudgeIdentity, ModelRef, WorkspaceConfig } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { JudgeCallRow } from '../../store/repos/judges.repo';
import { loadJudgeTemplate } from '../grading/judge/judge-templates';

/** The version tag of a judge template by name as judge calls record it ("judge@1.0.0"); null when unreadable. */
export type TemplateVersionOf = (templateName: string) => string | null;

/** What judge trust is computed from: the judge settings of aieval.yaml and, ideally, the template files of today. */
export type JudgeSetup = Pick<WorkspaceConfig, 'judge' | 'settings'> &
  Readonly<{ templateVersionOf?: TemplateVersionOf }>;

/**
 * Reads a template's version from the file the judge would load now (the workspace's override, else the bundled
 * one), tagged `name@version` as run-judge.ts records it; so editing a template makes validations stale at once.
 */
export function templateVersionsOf(workspaceDir: string): TemplateVersionOf {
  return (name) => {
    try {
      const template = loadJudgeTemplate(name, workspaceDir);
      return `${template.name}@${template.version}`;
    } catch {
      return null;
    }
  };
}

/** The workspace's judge setup with template versions read from its folder: what handlers and commands pass on. */
export const judgeSetupOf = <C extends JudgeSetup>(
  workspace: Readonly<{ dir: string; config: C }>,
): C & JudgeSetup => ({
  ...workspace.config,
  templateVersionOf: templateVersionsOf(workspace.dir),
});

/** The template name of a recorded version tag ("judge@1.0.0" → "judge"). */
const templateNameOf = (versionTag: string) => versionTag.split('@')[0] ?? versionTag;

/** The judge aieval.yaml assigns to a grader: its override, else the default judge; undefined when none is configured. */
export function configuredJudge(config: Pick<WorkspaceConfig, 'judge'>, graderId: GraderId): ModelRef | undefined {
  const override = config.judge?.overrides?.[graderId];
  if (override) return override;
  return config.judge ? { provider: config.judge.provider, model: config.judge.model } : undefined;
}

export const identityOfCall = (call: Pick<JudgeCallRow, 'provider' | 'model' | 'templateVersion'>): JudgeIdentity => ({
  provider: call.provider,
  model: call.model,
  template_version: call.templateVersion,
});

/**
 * The judge a grader uses now: provider and model from aieval.yaml (else from its latest call), and the version of
 * the template its latest call by that judge used (with no call in this store, the template its gold set was judged
 * with: a fresh clone still sees a changed template), as the template file reads today (null when neither is known).
 */
export async function currentJudgeIdentity(
  db: StoreApi,
  setup: Pick<JudgeSetup, 'judge' | 'templateVersionOf'>,
  graderId: GraderId,
): Promise<JudgeIdentity | null> {
  const configured = configuredJudge(setup, graderId);
  const latest = await db.judges.latestCall(graderId, configured?.provider ?? null, configured?.model ?? null);
  const recorded = latest?.templateVersion ?? (await db.judges.goldTemplate(graderId)) ?? null;
  const template = recorded === null ? null : (setup.templateVersionOf?.(templateNameOf(recorded)) ?? recorded);
  if (configured) return { provider: configured.provider, model: configured.model, template_version: template };
  return latest ? { ...identityOfCall(latest), template_version: template } : null;
}

/** Why a validation no longer describes the current judge, or null while it still does. */
export function staleReason(validated: JudgeIdentity, current: JudgeIdentity | null): string | null {
  if (!current) return null;
  if (validated.provider !== current.provider || validated.model !== current.model) {
    return `the judge changed from ${validated.provider}/${validated.model} to ${current.provider}/${current.model} since validation`;
  }
  if (current.template_version !== null && validated.template_version !== current.template_version) {
    return `the judge template changed from ${validated.template_version ?? 'unknown'} to ${current.template_version} since validation`;
  }
  return null;
}

/** A judge that scored something, and when (epoch ms). */
export type TimedIdentity = Readonly<{ identity: JudgeIdentity; at: number }>;

/** The identity most of these share (ties: the most recent), and how many differ from it. */
export function dominantIdentity(scored: readonly TimedIdentity[]): { identity: JudgeIdentity; others: number } | null {
  const groups = new Map<string, { identity: JudgeIdentity; count: number; latest: number }>();
  for (const { identity, at } of scored) {
    const key = JSON.stringify([identity.provider, identity.model, identity.template_version]);
    const group = groups.get(key) ?? { identity, count: 0, latest: 0 };
    group.count += 1;
    group.latest = Math.max(group.latest, at);
    groups.set(key, group);
  }
  const best = [...groups.values()].sort((a, b) => b.count - a.count || b.latest - a.latest)[0];
  return best ? { identity: best.identity, others: scored.length - best.count } : null;
}
