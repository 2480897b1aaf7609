// Saves targets and settings into aieval.yaml as minimal edits: only the values that changed are rewritten.
import { isMap, isSeq, parseDocument } from 'yaml';
import { settings as settingsSchema, target as targetSchema, type Settings, type Target } from '../../src-shared/model';
import { isDeepStrictEqual } from '../../src-shared/yaml/deep-equal';
import { appendYaml, setYaml } from '../../src-shared/yaml/yaml-edit';

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `next` without the keys the file does not write whose value is what reading the file gives anyway (the defaults
 * the schema fills in), at every depth: saving what was read writes nothing, and no wall of defaults appears.
 */
export function withoutFilledDefaults(next: unknown, written: unknown, asRead: unknown): unknown {
  if (Array.isArray(next) && Array.isArray(written) && Array.isArray(asRead))
    return next.map((item, index) => withoutFilledDefaults(item, written[index], asRead[index]));
  if (!isPlain(next) || !isPlain(asRead)) return next;
  const out: Plain = {};
  for (const [key, value] of Object.entries(next)) {
    const inFile = isPlain(written) && key in written;
    if (!inFile && isDeepStrictEqual(value, asRead[key])) continue;
    out[key] = inFile ? withoutFilledDefaults(value, written[key], asRead[key]) : value;
  }
  return out;
}

/** The raw value of target `id` in the text (as written, no defaults) and its index, or index -1. */
export function writtenTarget(configText: string, id: string): { index: number; count: number; raw: unknown } {
  const targets = parseDocument(configText).get('targets', true);
  if (!isSeq(targets)) return { index: -1, count: 0, raw: undefined };
  const index = targets.items.findIndex((item) => isMap(item) && item.get('id') === id);
  return {
    index,
    count: targets.items.length,
    raw: index >= 0 ? (targets.items[index] as { toJSON(): unknown }).toJSON() : undefined,
  };
}

/** Returns the new text of aieval.yaml with `target` written in place of `previousId` (or appended). */
export function withTarget(configText: string, target: Target, previousId = target.id): string {
  const { index, raw } = writtenTarget(configText, previousId);
  if (index >= 0) {
    const asRead = targetSchema.safeParse(raw);
    const minimal = withoutFilledDefaults(target, raw, asRead.success ? asRead.data : raw);
    return setYaml(configText, ['targets', index], minimal);
  }
  // A new target: the defaults a bare target gets are left out.
  const bare = targetSchema.parse({
    id: target.id,
    provider: 'x',
    model: 'x',
    dataset: 'x',
    graders: ['format_grader'],
  });
  const minimal = withoutFilledDefaults(target, { id: 1, provider: 1, model: 1, dataset: 1, graders: 1 }, bare);
  return appendYaml(configText, ['targets'], [minimal]);
}

/** Returns the new text of aieval.yaml with its `settings` block made equal to `settings`. */
export function withSettings(configText: string, settings: Settings): string {
  const raw = parseDocument(configText).toJS()?.settings as unknown;
  const asRead = settingsSchema.safeParse(raw ?? {});
  const minimal = withoutFilledDefaults(settings, raw, asRead.success ? asRead.data : settingsSchema.parse({}));
  if (raw === undefined && isPlain(minimal) && Object.keys(minimal).length === 0) return configText;
  return setYaml(configText, ['settings'], minimal);
}
