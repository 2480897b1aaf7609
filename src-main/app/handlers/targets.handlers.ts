// Handlers for targets and settings: read them from aieval.yaml, and write them back keeping its comments.
import { join } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { WorkspaceIssue } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { CONFIG_FILE, hasErrors, loadWorkspace, type Workspace } from '../../workspace/load-workspace';
import { YamlEditError } from '../../../src-shared/yaml/yaml-edit';
import { replayJudgeMismatch } from '../../workspace/replay-judge';
import { textOnlyWarning } from '../../workspace/text-only';
import { withSettings, withTarget } from '../../workspace/write-config';
import { readSnapshot, retryOnChange, writeSnapshot, type FileSnapshot } from '../../workspace/write-file';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

/** The text aieval.yaml would have after `edit`, the workspace as it would load, and that file's issues; writes nothing. */
export function checkConfig(
  state: AppState,
  edit: (text: string) => string,
): { snapshot: FileSnapshot; next: string; workspace: Workspace; issues: WorkspaceIssue[] } {
  const snapshot = readSnapshot(join(state.dir, CONFIG_FILE));
  let next: string;
  try {
    next = edit(snapshot.text);
  } catch (error) {
    if (error instanceof YamlEditError) throw new RpcError('invalid_workspace', `${CONFIG_FILE}: ${error.message}`);
    throw error;
  }
  const workspace = loadWorkspace(state.dir, { [CONFIG_FILE]: next });
  return { snapshot, next, workspace, issues: workspace.issues.filter((issue) => issue.file === CONFIG_FILE) };
}

/**
 * Writes the new aieval.yaml only when it validates; otherwise returns its issues and leaves the file alone. With the
 * workspace as the edit loads it and whether the file was written.
 */
export function writeConfig(
  state: AppState,
  edit: (text: string) => string,
): { issues: WorkspaceIssue[]; workspace: Workspace; written: boolean } {
  // A file changed on disk meanwhile is read again and the edit applied to its new text: no edit is lost.
  const saved = retryOnChange(() => {
    const { snapshot, next, issues, workspace } = checkConfig(state, edit);
    if (hasErrors(issues)) return { issues, workspace, written: false };
    return { issues, workspace, written: writeSnapshot(snapshot, next) };
  });
  if (saved.written) state.events.emit('workspace.changed', { file: CONFIG_FILE });
  return saved;
}

/** writeConfig's issues alone: what a save call answers. */
export const saveConfig = (state: AppState, edit: (text: string) => string): { issues: WorkspaceIssue[] } => ({
  issues: writeConfig(state, edit).issues,
});

export const targetsHandlers = (state: AppState) =>
  ({
    'targets.list': () => {
      const workspace = state.workspace();
      const config = workspace.config;
      return (config?.targets ?? []).map((target) => {
        const loaded = workspace.datasets.get(target.dataset);
        // A dataset that did not load says nothing about its questions: no "Text only" drawn from an empty list.
        const warning = loaded ? textOnlyWarning(target, loaded.questions) : undefined;
        return {
          id: target.id,
          label: target.label ?? target.id,
          mode: target.mode,
          enabled: target.enabled,
          provider: target.provider,
          model: target.model,
          dataset: target.dataset,
          graders: [...target.graders],
          gate: target.gate,
          warnings: warning ? [warning] : [],
          judgeMismatch: (config && replayJudgeMismatch(config, target)) ?? null,
          datasetLoaded: loaded !== undefined,
          replay: config?.providers[target.provider]?.kind === 'replay',
        };
      });
    },
    'targets.get': ({ id }) => {
      const found = state.workspace().config?.targets.find((target) => target.id === id);
      if (!found) throw new RpcError('not_found', `No target "${id}" in ${CONFIG_FILE}.`);
      return found;
    },
    'targets.check': ({ target, previousId }) => {
      const { workspace, issues } = checkConfig(state, (text) => withTarget(text, target, previousId));
      const warning = textOnlyWarning(target, workspace.datasets.get(target.dataset)?.questions ?? []);
      const judgeMismatch = workspace.config ? replayJudgeMismatch(workspace.config, target) : undefined;
      return { issues, warnings: warning ? [warning] : [], judgeMismatch: judgeMismatch ?? null };
    },
    'targets.save': ({ target, previousId }) => saveConfig(state, (text) => withTarget(text, target, previousId)),
    'settings.get': () => {
      // Only aieval.yaml has to be valid: the settings screen is where some of the other files' problems get fixed.
      const config = state.workspace().config;
      if (!config)
        throw new RpcError(
          'invalid_workspace',
          `${CONFIG_FILE} has errors; fix them first (\`ai-eval validate\` lists them).`,
        );
      return config.settings;
    },
    'settings.set': ({ settings }) => saveConfig(state, (text) => withSettings(text, settings)),
  }) satisfies Partial<Handlers<Contract, Ctx>>;
