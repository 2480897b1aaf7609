// Puts a question into a target's quarantine in aieval.yaml, or takes it out, as a one-line edit (an item added to or
// removed from the target's `quarantine` list; the key itself when the list appears or empties).
import { quarantineEntryId, quarantineEntry, type QuarantineEntry } from '../../src-shared/model';
import { appendYaml, deleteYaml, YamlEditError } from '../../src-shared/yaml/yaml-edit';
import { writtenTarget } from './write-config';

export type QuarantineEdit = Readonly<{ targetId: string; questionId: string; on: boolean; reason?: string }>;

/** The entries of the target's quarantine as written (entries that do not parse are kept out of the count). */
function writtenEntries(raw: unknown): (QuarantineEntry | undefined)[] {
  const list = (raw as { quarantine?: unknown } | undefined)?.quarantine;
  if (!Array.isArray(list)) return [];
  return list.map((entry) => {
    const parsed = quarantineEntry.safeParse(entry);
    return parsed.success ? parsed.data : undefined;
  });
}

/** The new text of aieval.yaml; the same text when the question already is (or is not) quarantined. */
export function withQuarantine(configText: string, edit: QuarantineEdit): string {
  const { index, raw } = writtenTarget(configText, edit.targetId);
  if (index < 0) throw new YamlEditError(`no target "${edit.targetId}"`);
  const entries = writtenEntries(raw);
  const matches = entries.flatMap((entry, at) =>
    entry !== undefined && quarantineEntryId(entry) === edit.questionId ? [at] : [],
  );
  const path = ['targets', index, 'quarantine'];
  if (edit.on) {
    if (matches.length > 0) return configText;
    return appendYaml(configText, path, [edit.reason ? { id: edit.questionId, reason: edit.reason } : edit.questionId]);
  }
  if (matches.length === 0) return configText;
  if (matches.length === entries.length) return deleteYaml(configText, path);
  // From the last, so the earlier indexes still point at their items.
  return matches.reverse().reduce((text, at) => deleteYaml(text, [...path, at]), configText);
}
