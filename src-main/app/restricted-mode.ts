// What restricted mode withholds from the open, untrusted workspace, in words for the UI's banner (docs/security.md).
import type { RubricCheck } from '../../src-shared/model';
import { apiKeyVariable } from '../engine/providers/create-provider';
import type { AppState } from './app-state';
import { addressOf, keyringOf } from './connections';
import { resolveKey, userKeyVariable } from './key-policy';

const runsCommands = (checks: readonly RubricCheck[]): boolean =>
  checks.some(
    (check) =>
      check.kind === 'command' ||
      check.kind === 'score_delta' ||
      (check.kind === 'composite' && runsCommands(check.checks)),
  );

/** One line per thing that would run or be sent if the workspace were trusted and is not now; empty when trusted. */
export function withheldByRestrictedMode(state: AppState): string[] {
  if (state.isTrusted()) return [];
  const workspace = state.workspace();
  const unreadable = state.options.trust.problem();
  const lines: string[] = unreadable ? [unreadable] : [];
  for (const target of workspace.config?.targets ?? []) {
    for (const tool of target.tools ?? []) {
      if ('command' in tool) lines.push(`target "${target.id}": MCP server "${tool.name}" (starts ${tool.command})`);
    }
  }
  for (const [id, rubric] of workspace.rubrics) {
    if (runsCommands(rubric.checks)) lines.push(`rubric "${id}": command and score_delta checks`);
  }
  const keyring = keyringOf(state);
  for (const [name, config] of Object.entries(workspace.config?.providers ?? {})) {
    const variable = apiKeyVariable(config);
    if (variable === undefined || resolveKey(keyring, name, variable, addressOf(config)).key) continue;
    lines.push(
      `provider "${name}": the key in ${variable} is not read (set ${userKeyVariable(name)} or store a key for ${addressOf(config)} in Settings)`,
    );
  }
  return lines;
}

/** Whether anything in the workspace only runs when trusted: stdio MCP servers or command checks. */
export function needsTrust(state: AppState): boolean {
  const workspace = state.workspace();
  const stdio = workspace.config?.targets.some((target) => target.tools?.some((tool) => 'command' in tool)) ?? false;
  return stdio || [...workspace.rubrics.values()].some((rubric) => runsCommands(rubric.checks));
}
