// Rewrites one target's system_prompt in the text of aieval.yaml and nothing else, keeping comments and order.
import { isMap, isSeq, parseDocument } from 'yaml';
import { documentText, mergeInto } from '../../workspace/yaml-merge';

/** The new text of aieval.yaml with target `targetId`'s system_prompt set to `prompt`; throws when the target is not there. */
export function withSystemPrompt(configText: string, targetId: string, prompt: string): string {
  const doc = parseDocument(configText);
  const targets = doc.get('targets', true);
  const index = isSeq(targets) ? targets.items.findIndex((item) => isMap(item) && item.get('id') === targetId) : -1;
  if (index < 0) throw new Error(`aieval.yaml has no target "${targetId}"`);
  mergeInto(doc, ['targets', index, 'system_prompt'], prompt);
  return documentText(doc, configText);
}
