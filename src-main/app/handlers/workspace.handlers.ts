// Handlers for the workspace domain: describe, open (or create) and trust the workspace.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { WorkspaceInfo } from '../../../src-shared/contract/workspace.contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { APP_VERSION } from '../../paths';
import { createExampleWorkspace } from '../../workspace/example';
import { CONFIG_FILE } from '../../workspace/load-workspace';
import type { AppState } from '../app-state';
import { needsTrust, withheldByRestrictedMode } from '../restricted-mode';
import type { Ctx } from '../ctx';

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
