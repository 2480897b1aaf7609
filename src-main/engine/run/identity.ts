// The run identity snapshot (docs/runs.md): what was run, frozen at start and completed at the end; never rewritten by edits.
import { createHash } from 'node:crypto';
import { GRADER_CATALOG, type RunIdentity, type RunSource } from '../../../src-shared/model';
import { canonicalJson, canonicalJsonSha256 } from '../../hashing/canonical-json';
import { resolveRubric } from '../../workspace/load-workspace';
import type { RunPlan, ValidWorkspace } from './plan';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export type IdentityInput = Readonly<{
  workspace: ValidWorkspace;
  plan: RunPlan;
  source: RunSource;
  appVersion: string;
  judgeTemplates: Record<string, string>;
  regradeOf?: string;
}>;

export function buildIdentity({
  workspace,
  plan,
  source,
  appVersion,
  judgeTemplates,
  regradeOf,
}: IdentityInput): RunIdentity {
  const { config } = workspace;
  const { target, dataset } = plan;
  const provider = config.providers[target.provider];
  const rubrics = new Map<string, string>();
  for (const question of plan.questions) {
    const rubric = question.rubric_ref ? resolveRubric(question.rubric_ref, workspace.rubrics) : undefined;
    if (rubric) rubrics.set(rubric.id, rubric.version);
  }
  const judges = target.graders
    .filter((id) => GRADER_CATALOG[id].kind === 'llm_judge')
    .flatMap((graderId) => {
      const ref = config.judge?.overrides?.[graderId] ?? config.judge;
      return ref ? [{ graderId, provider: ref.provider, model: ref.model, templateVersion: null, settings: null }] : [];
    });
  return {
    targetId: target.id,
    mode: target.mode,
    provider: { name: target.provider, kind: provider?.kind ?? 'unknown', baseUrl: provider?.base_url ?? null },
    model: target.model,
    generation: target.generation ?? {},
    generationSent: null,
    systemPrompt: target.system_prompt,
    systemPromptSha256: sha256(target.system_prompt),
    dataset: {
      id: dataset.dataset.id,
      version: dataset.dataset.version,
      sha256: canonicalJsonSha256(dataset.dataset),
    },
    graders: [...target.graders],
    judges,
    judgeTemplates,
    rubrics: [...rubrics].map(([id, version]) => ({ id, version })).sort((a, b) => a.id.localeCompare(b.id)),
    tools: (target.mode === 'agent' ? (target.tools ?? []) : []).map((server) => ({
      name: server.name,
      transport: 'command' in server ? 'stdio' : 'http',
    })),
    endpoint: target.mode === 'agent' ? (target.endpoint ?? null) : null,
    maxSteps: target.mode === 'agent' ? target.max_steps : null,
    questionPassThreshold: plan.passThreshold,
    gate: target.gate,
    selection: {
      questionIds: plan.selection.questionIds ? [...plan.selection.questionIds] : null,
      repeat: plan.selection.repeat,
      shard: plan.selection.shard,
      ...(plan.selection.adaptive ? { adaptive: true } : {}),
    },
    regradeOf: regradeOf ?? null,
    appVersion,
    source,
    startedAt: null,
    finishedAt: null,
  };
}

type ObservedJudgeCall = Readonly<{
  graderId: string;
  provider: string;
  model: string;
  templateVersion: string;
  settings: Record<string, unknown> | null;
  error: string | null;
}>;

/** What the calls revealed: the generation actually sent and each judge's template version and settings. */
export class ObservedSettings {
  private generationSent: RunIdentity['generationSent'] = null;
  private readonly judges = new Map<string, ObservedJudgeCall>();

  target(sent: RunIdentity['generation']): void {
    this.generationSent ??= sent;
  }

  judgeCall(call: ObservedJudgeCall): void {
    if (!this.judges.has(call.graderId) && call.error === null) this.judges.set(call.graderId, call);
  }

  /** The identity with what was observed filled in (what an earlier, resumed part observed is kept). */
  apply(identity: RunIdentity): RunIdentity {
    return {
      ...identity,
      generationSent: identity.generationSent ?? this.generationSent,
      judges: identity.judges.map((judge) => {
        const seen = this.judges.get(judge.graderId);
        if (!seen || judge.templateVersion !== null) return judge;
        return {
          ...judge,
          provider: seen.provider,
          model: seen.model,
          templateVersion: seen.templateVersion,
          settings: seen.settings,
        };
      }),
    };
  }
}

/** Fields that must match for `--resume` to continue a run under the same conditions. */
export function identityDrift(stored: RunIdentity, current: RunIdentity): string[] {
  const fields: [string, unknown, unknown][] = [
    ['provider', stored.provider.name, current.provider.name],
    ['model', stored.model, current.model],
    ['generation', canonicalJson(stored.generation), canonicalJson(current.generation)],
    ['system prompt', stored.systemPromptSha256, current.systemPromptSha256],
    ['dataset', `${stored.dataset.id}@${stored.dataset.sha256}`, `${current.dataset.id}@${current.dataset.sha256}`],
    ['graders', stored.graders.join(','), current.graders.join(',')],
  ];
  return fields.filter(([, a, b]) => a !== b).map(([name]) => name);
}
