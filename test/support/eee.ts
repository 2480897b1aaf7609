// The problems EEE's checks find in an exported aggregate file and its samples file beside it (the schemas, then the
// semantics), as the export tests read them.
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { validateEnvelope } from '../../src-main/engine/export/eee/validate-envelope';

const RESOURCES = join(import.meta.dirname, '..', '..', 'resources');

export async function exportedProblems(aggregatePath: string): Promise<string[]> {
  const check = await validateEnvelope({
    aggregate: JSON.parse(readFileSync(aggregatePath, 'utf8')) as unknown,
    fileName: basename(aggregatePath),
    folder: dirname(aggregatePath).split('/').slice(-3),
    samplesPath: aggregatePath.replace(/\.json$/, '_samples.jsonl'),
    resourcesDir: RESOURCES,
  });
  return check.problems;
}
