// Exporting from a workspace: its export dependencies, the runs a selection names, and the export of a run as it completes.
import { join } from 'node:path';
import type { StoreApi } from '../../../store/store';
import type { Workspace } from '../../../workspace/load-workspace';
import { judgeSetupOf } from '../../trust/judge-identity';
import type { ExportOutcome } from '../../../../src-shared/model';
import { exportableRun, ExportError, exportRun, type ExportDeps } from './export-run';
import { messageOf } from '../../../../src-shared/text/message-of';

/** What exporting needs from the service; AppState has this shape. */
export type ExportHost = Readonly<{
  db: StoreApi;
  dir: string;
  clock: () => number;
  logger: Readonly<{ info(message: string): void; warn(message: string): void }>;
  options: Readonly<{ resourcesDir: string }>;
  workspace(): Workspace;
}>;

/** Where envelopes go unless told otherwise: beside the store, inside the workspace. */
export const defaultOutputDir = (workspaceDir: string) => join(workspaceDir, '.aieval', 'envelopes');

export function exportDepsOf(host: ExportHost): ExportDeps {
  const workspace = host.workspace();
  const config = workspace.config;
  const organization = config?.metadata?.organization;
  return {
    db: host.db,
    resourcesDir: host.options.resourcesDir,
    workspaceDir: host.dir,
    judgeSetup: config ? judgeSetupOf({ dir: host.dir, config }) : undefined,
    providers: config?.providers ?? {},
    organization: typeof organization === 'string' && organization !== '' ? organization : 'unknown',
    datasets: workspace.datasets,
    clock: host.clock,
  };
}

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

/**
 * `settings.export_envelope_on_complete`: exports a run that just completed to the default folder. Never throws: a
 * failed export is logged and the run stays complete. Returns null when the setting is off or the run is not complete.
 */
export async function exportRunOnComplete(host: ExportHost, runId: string): Promise<ExportOutcome | null> {
  try {
    const config = host.workspace().config;
    if (!config?.settings.export_envelope_on_complete) return null;
    const run = await host.db.runs.get(runId);
    if (run?.status !== 'complete') return null;
    const outcome = await exportRun(exportDepsOf(host), runId, defaultOutputDir(host.dir));
    if (outcome.problems.length > 0) host.logger.warn(`run ${runId} was not exported: ${outcome.problems.join('; ')}`);
    else host.logger.info(`run ${runId} exported to ${outcome.folder}`);
    return outcome;
  } catch (error) {
    host.logger.warn(`run ${runId} was not exported: ${messageOf(error)}`);
    return null;
  }
}
