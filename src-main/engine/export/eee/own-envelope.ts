// The rule for an envelope this app wrote, at import and at merge alike: it comes with its samples file, and its total
// and verdict are what the samples recompute (see recompute-run.ts), or the file is refused whole.
import type { NewQuestionResult } from '../../../store/repos/results.repo';
import { statedVerdict, type RunMapping } from './import-run';
import type { ReadEnvelope } from './read-envelope';
import { recomputeOwnRun, type Recomputed } from './recompute-run';

export function checkOwnEnvelope(
  envelope: ReadEnvelope,
  mapping: RunMapping,
  results: readonly NewQuestionResult[],
): Recomputed {
  if (!envelope.samples)
    return {
      ok: false,
      problems: [
        'its samples file is not beside it: a run this app exported is imported only with its samples, from which its results and verdict are recomputed',
      ],
    };
  const stated = statedVerdict(mapping);
  if (!stated) return { ok: false, problems: ['it states no coverage or gate result to check'] };
  return recomputeOwnRun({ identity: mapping.identity, stated, statedTotal: mapping.total, results });
}
