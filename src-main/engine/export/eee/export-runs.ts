// Exporting from a workspace: the runs a selection names, in order, to a folder (by default beside the store).
import { join } from 'node:path';
import type { ExportOutcome } from '../../../../src-shared/model';
import { exportableRun, ExportError, exportRun, type ExportDeps } from './export-run';

/** Where envelopes go unless told otherwise: beside the store, inside the workspace. */
export const defaultOutputDir = (workspaceDir: string) => join(workspaceDir, '.aieval', 'envelopes');

export type RunSelection = Readonly<{ targetId: string | null; since: number | null }>;

/**
 * Exports the named runs in order, or else every complete run of the selection (imports excluded), oldest first; each
 * outcome says written or refused. With `baselineRunId` every run but the baseline itself also carries the paired
 * comparison with it. Unknown or incomplete runs and an unknown baseline are refused before anything is written.
 */
export async function exportRuns(
  deps: ExportDeps,
  runs: RunSelection | Readonly<{ runIds: readonly string[] }>,
  outputDir: string,
  baselineRunId?: string,
): Promise<ExportOutcome[]> {
  if (baselineRunId !== undefined && !(await deps.db.runs.get(baselineRunId)))
    throw new ExportError(`no baseline run "${baselineRunId}" in this workspace's store`);
  if ('runIds' in runs) for (const runId of runs.runIds) await exportableRun(deps.db, runId);
  const runIds = 'runIds' in runs ? runs.runIds : await deps.db.envelopes.exportableRuns(runs);
  const outcomes: ExportOutcome[] = [];
  for (const runId of runIds)
    outcomes.push(await exportRun(deps, runId, outputDir, runId === baselineRunId ? undefined : baselineRunId));
  return outcomes;
}
