// Handlers for the workspace domain: describe, validate, open, create and trust the workspace.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { WorkspaceInfo, WorkspaceValidation } from '../../../src-shared/contract/workspace.contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { APP_VERSION } from '../../paths';
import { createExampleWorkspace } from '../../workspace/example';
import { hasErrors } from '../../workspace/load-workspace';
import type { AppState } from '../app-state';
import { needsTrust, withheldByRestrictedMode } from '../restricted-mode';
import type { Ctx } from '../../../src-shared/rpc/ctx';

export function describeWorkspace(state: AppState): WorkspaceInfo {
  return {
    dir: state.dir,
    name: state.name,
    trusted: state.isTrusted(),
    needsTrust: needsTrust(state),
    withheld: withheldByRestrictedMode(state),
    issues: [...state.workspace().issues],
    appVersion: APP_VERSION,
  };
}

function validateWorkspace(state: AppState): WorkspaceValidation {
  const workspace = state.workspace();
  const datasets = [...workspace.datasets.values()];
  return {
    valid: !hasErrors(workspace.issues),
    issues: [...workspace.issues],
    targets: workspace.config?.targets.length ?? 0,
    enabledTargets: workspace.config?.targets.filter((target) => target.enabled).length ?? 0,
    datasets: datasets.length,
    questions: datasets.reduce((sum, d) => sum + d.questions.length, 0),
    rubrics: workspace.rubrics.size,
  };
}

export const workspaceHandlers = (state: AppState) =>
  ({
    'workspace.get': () => describeWorkspace(state),
    'workspace.validate': () => validateWorkspace(state),
    'workspace.open': ({ dir }) => {
      state.openWorkspace(dir);
      return describeWorkspace(state);
    },
    'workspace.create': ({ dir }) => {
      const target = resolve(dir);
      mkdirSync(target, { recursive: true });
      createExampleWorkspace(state.options.resourcesDir, target);
      state.options.trust.trust(target);
      state.openWorkspace(target);
      return describeWorkspace(state);
    },
    'workspace.trust': () => {
      state.trust();
      return describeWorkspace(state);
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
