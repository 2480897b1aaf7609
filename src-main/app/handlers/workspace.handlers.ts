// Handlers for the workspace domain: describe, open (or create) and trust the workspace.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { WorkspaceInfo } from '../../../src-shared/contract/workspace.contract';
import type { RubricCheck } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { APP_VERSION } from '../../paths';
import { createExampleWorkspace } from '../../workspace/example';
import { CONFIG_FILE } from '../../workspace/load-workspace';
import type { AppState } from '../app-state';
import type { Ctx } from '../ctx';

/** Whether anything in the workspace only runs when trusted: stdio MCP servers or command checks. */
export function needsTrust(state: AppState): boolean {
  const workspace = state.workspace();
  const stdio = workspace.config?.targets.some((target) => target.tools?.some((tool) => 'command' in tool)) ?? false;
  const runsCommands = (checks: readonly RubricCheck[]): boolean =>
    checks.some(
      (check) =>
        check.kind === 'command' ||
        check.kind === 'score_delta' ||
        (check.kind === 'composite' && runsCommands(check.checks)),
    );
  return stdio || [...workspace.rubrics.values()].some((rubric) => runsCommands(rubric.checks));
}

export function describeWorkspace(state: AppState): WorkspaceInfo {
  return {
    dir: state.dir,
    name: state.name,
    trusted: state.isTrusted(),
    needsTrust: needsTrust(state),
    issues: [...state.workspace().issues],
    appVersion: APP_VERSION,
  };
}

export const workspaceHandlers = (state: AppState) =>
  ({
    'workspace.get': () => describeWorkspace(state),
    'workspace.open': ({ dir, create }) => {
      const target = resolve(dir);
      if (create && !existsSync(join(target, CONFIG_FILE))) {
        mkdirSync(target, { recursive: true });
        createExampleWorkspace(state.options.resourcesDir, target);
        state.options.trust.trust(target);
      }
      state.openWorkspace(target);
      return describeWorkspace(state);
    },
    'workspace.trust': () => {
      state.trust();
      return describeWorkspace(state);
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
