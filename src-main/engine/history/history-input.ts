// What a history analysis reads: a target's runs, its questions' counts per run, the versions they answered.
import type { HistorySettings } from '../../../src-shared/model';
import type { HistoryMatrix, HistoryRunRow, QuestionVersionRow } from '../../store/repos/history.repo';

export type HistoryInput = Readonly<{
  targetId: string;
  /** Oldest first; the matrix's run index. */
  runs: readonly HistoryRunRow[];
  matrix: HistoryMatrix;
  versions: ReadonlyMap<number, QuestionVersionRow>;
  settings: HistorySettings;
  /** Question ids in the target's quarantine. */
  quarantine: ReadonlySet<string>;
}>;

/** The first run index of the recent window. */
export const recentStart = (input: HistoryInput) => Math.max(0, input.runs.length - input.settings.recent);
