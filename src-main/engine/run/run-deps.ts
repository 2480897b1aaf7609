// Wires the real collaborators of a run: providers from aieval.yaml, the grader registry, MCP agents, judge templates.
import type { ProviderConfig } from '../../../src-shared/model';
import { findResourcesDir, APP_VERSION } from '../../paths';
import { judgeTemplateVersions } from '../grading/judge/judge-templates';
import { GRADERS } from '../grading/registry';
import { createProvider } from '../providers/create-provider';
import { criteriaWithRubric } from '../grading/rubric/criteria-with-rubric';
import type { StoreApi } from '../../store/store';
import { agentCaller } from './agent-caller';
import type { ValidWorkspace } from './plan';
import type { RunDeps } from './run-execution';
import type { LimiterRegistry } from './run-services';
import { chatCaller } from './target-caller';

export type RunDepsInput = Readonly<{
  db: StoreApi;
  workspace: ValidWorkspace;
  trusted: boolean;
  clock: () => number;
  /** The environment each connection is built with (its key under `api_key_env`); may refuse a withheld key. */
  keysFor: (name: string, config: ProviderConfig) => Readonly<Record<string, string | undefined>>;
  limiters: LimiterRegistry;
  resourcesDir?: string;
}> &
  Pick<RunDeps, 'recorder' | 'onProgress' | 'onFinished'>;

export function defaultRunDeps(input: RunDepsInput): RunDeps {
  const { workspace } = input;
  const timeoutMs = workspace.config.settings.request_timeout_ms;
  const resourcesDir = input.resourcesDir ?? findResourcesDir();
  return {
    db: input.db,
    workspace,
    trusted: input.trusted,
    clock: input.clock,
    appVersion: APP_VERSION,
    graders: GRADERS,
    limiters: input.limiters,
    makeProvider: (name, config) =>
      createProvider(name, config, { workspaceDir: workspace.dir, env: input.keysFor(name, config), timeoutMs }),
    callerFor: (plan, services) =>
      plan.target.mode === 'agent'
        ? agentCaller(plan, services, { trusted: input.trusted, workspaceDir: workspace.dir, timeoutMs })
        : chatCaller(plan, services),
    criteriaOf: criteriaWithRubric,
    judgeTemplates: () => judgeTemplateVersions(workspace.dir, resourcesDir),
    recorder: input.recorder,
    onProgress: input.onProgress,
    onFinished: input.onFinished,
  };
}
