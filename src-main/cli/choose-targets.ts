// The targets a command works on: the --target ids (each known), else every enabled target of aieval.yaml.
import { UsageError } from './command';

export function chooseTargets(
  all: ReadonlyArray<Readonly<{ id: string; enabled: boolean }>>,
  wanted: readonly string[],
): string[] {
  if (wanted.length === 0) {
    const enabled = all.filter((target) => target.enabled).map((target) => target.id);
    if (enabled.length === 0) throw new UsageError('no target is enabled in aieval.yaml; name one with --target');
    return enabled;
  }
  const unknown = wanted.filter((id) => !all.some((target) => target.id === id));
  if (unknown.length > 0)
    throw new UsageError(`unknown target ${unknown.join(', ')}; known: ${all.map((target) => target.id).join(', ')}`);
  return [...new Set(wanted)];
}
