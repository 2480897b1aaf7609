// Saves targets and settings into aieval.yaml through the Document API, keeping comments and key order.
import { isDeepStrictEqual } from 'node:util';
import { isMap, isSeq, parseDocument } from 'yaml';
import { settings as settingsSchema, target as targetSchema, type Settings, type Target } from '../../src-shared/model';
import { documentText, mergeInto } from './yaml-merge';

const TARGET_DEFAULTS: Partial<Target> = targetSchema.parse({
  id: 'x',
  provider: 'x',
  model: 'x',
  dataset: 'x',
  graders: ['format_grader'],
});
const SETTINGS_DEFAULTS: Settings = settingsSchema.parse({});
const DEFAULTABLE = ['mode', 'enabled', 'system_prompt', 'gate', 'max_steps'] as const;

/** Returns the new text of aieval.yaml with `target` written in place of `previousId` (or appended). */
export function withTarget(configText: string, target: Target, previousId = target.id): string {
  const doc = parseDocument(configText);
  let targets = doc.get('targets', true);
  if (!isSeq(targets)) {
    doc.set('targets', doc.createNode([]));
    targets = doc.get('targets', true);
  }
  const items = isSeq(targets) ? targets.items : [];
  const index = items.findIndex((item) => isMap(item) && item.get('id') === previousId);
  const existingKeys =
    index >= 0 && isMap(items[index])
      ? new Set(Object.keys((items[index] as { toJSON(): object }).toJSON()))
      : new Set<string>();
  const minimal: Record<string, unknown> = { ...target };
  for (const key of DEFAULTABLE) {
    if (!existingKeys.has(key) && isDeepStrictEqual(minimal[key], TARGET_DEFAULTS[key])) delete minimal[key];
  }
  mergeInto(doc, ['targets', index >= 0 ? index : items.length], minimal);
  return documentText(doc, configText);
}

/** Returns the new text of aieval.yaml with its `settings` block replaced by `settings`. */
export function withSettings(configText: string, settings: Settings): string {
  const doc = parseDocument(configText);
  const written = doc.getIn(['settings'], true);
  const existingKeys = new Set(isMap(written) ? Object.keys((written as { toJSON(): object }).toJSON()) : []);
  // Only what the file already says or what differs from the defaults is written: no wall of defaults.
  const minimal = Object.fromEntries(
    Object.entries(settings).filter(
      ([key, value]) => existingKeys.has(key) || !isDeepStrictEqual(value, SETTINGS_DEFAULTS[key as keyof Settings]),
    ),
  );
  mergeInto(doc, ['settings'], minimal);
  return documentText(doc, configText);
}
