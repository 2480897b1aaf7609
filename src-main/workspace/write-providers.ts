// Saves the provider connections and the default judge into aieval.yaml, keeping comments and key order.
import { parseDocument } from 'yaml';
import type { ProviderConfig, WorkspaceConfig } from '../../src-shared/model';
import { documentText, mergeInto } from './yaml-merge';

/** Returns the new text of aieval.yaml with `providers` and `judge` replaced (a null judge removes the block). */
export function withConnections(
  configText: string,
  providers: Readonly<Record<string, ProviderConfig>>,
  judge: WorkspaceConfig['judge'] | null,
): string {
  const doc = parseDocument(configText);
  mergeInto(doc, ['providers'], providers);
  if (judge) mergeInto(doc, ['judge'], judge);
  else doc.delete('judge');
  return documentText(doc, configText);
}
