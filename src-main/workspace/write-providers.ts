// Saves the provider connections and the default judge into aieval.yaml as minimal edits.
import type { ProviderConfig, WorkspaceConfig } from '../../src-shared/model';
import { deleteYaml, setYaml } from '../../src-shared/yaml/yaml-edit';

/** Returns the new text of aieval.yaml with `providers` and `judge` replaced (a null judge removes the block). */
export function withConnections(
  configText: string,
  providers: Readonly<Record<string, ProviderConfig>>,
  judge: WorkspaceConfig['judge'] | null,
): string {
  const next = setYaml(configText, ['providers'], providers);
  return judge ? setYaml(next, ['judge'], judge) : deleteYaml(next, ['judge']);
}
