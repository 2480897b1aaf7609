// Rewrites one target's system_prompt in the text of aieval.yaml and nothing else (its quoting and comment stay).
import { isMap, isSeq, parseDocument } from 'yaml';
import { setYaml } from '../../../src-shared/yaml/yaml-edit';

/** The new text of aieval.yaml with target `targetId`'s system_prompt set to `prompt`; throws when the target is not there. */
export function withSystemPrompt(configText: string, targetId: string, prompt: string): string {
  const targets = parseDocument(configText).get('targets', true);
  const index = isSeq(targets) ? targets.items.findIndex((item) => isMap(item) && item.get('id') === targetId) : -1;
  if (index < 0) throw new Error(`aieval.yaml has no target "${targetId}"`);
  return setYaml(configText, ['targets', index, 'system_prompt'], prompt);
}
