// Reads a target's history from the store (runs, per-question counts, versions) and one question's timeline.
import type { HistorySettings, QuestionTimeline } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import type { HistoryInput } from './history-input';
import { targetHistory } from './target-history';

/** The analysis input of a target over its last `settings.window` complete runs. */
export async function readHistory(
  db: StoreApi,
  targetId: string,
  settings: HistorySettings,
  quarantine: ReadonlySet<string>,
): Promise<HistoryInput> {
  const runs = await db.history.runs(targetId, settings.window);
  const matrix = await db.history.matrix(runs.map((run) => run.id));
  // A question's row mostly repeats one version id run after run: each id is added once it changes (0: unknown).
  const versionIds = new Set<number>();
  let last = 0;
  for (const id of matrix.versionIds) {
    if (id !== last && id !== 0) versionIds.add(id);
    last = id;
  }
  const versions = new Map((await db.history.versions([...versionIds])).map((version) => [version.id, version]));
  return { targetId, runs, matrix, versions, settings, quarantine };
}

/** One question's results run by run over the window, with its history's state. */
export async function readTimeline(db: StoreApi, input: HistoryInput, questionId: string): Promise<QuestionTimeline> {
  const rows = await db.history.timeline(
    input.runs.map((run) => run.id),
    questionId,
  );
  const history = targetHistory(input, { questionId }).questions.find((q) => q.questionId === questionId) ?? null;
  const byRun = new Map<string, typeof rows>();
  for (const row of rows) byRun.set(row.runId, [...(byRun.get(row.runId) ?? []), row]);
  const points = input.runs.flatMap(({ id, ...run }) => {
    const results = byRun.get(id);
    if (!results) return [];
    const scored = results.filter((result) => result.status === 'scored');
    return [
      {
        run: { runId: id, ...run },
        results: results.map(({ runId: _runId, versionId: _versionId, ...result }) => result),
        score:
          scored.length === 0 ? null : scored.reduce((sum, result) => sum + (result.score ?? 0), 0) / scored.length,
        passes: scored.filter((result) => result.passed).length,
        trials: scored.length,
        textChanged: history?.textChangedAt === id,
      },
    ];
  });
  return { targetId: input.targetId, questionId, points, history, quarantined: input.quarantine.has(questionId) };
}
