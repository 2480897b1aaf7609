// What exporting is handed by the service: the workspace's judges' standings and templates, read here from engine/trust
// and the judge template files so the export code reads neither; and the export of a run as it completes.
import type { ExportOutcome } from '../../src-shared/model';
import { messageOf } from '../../src-shared/text/message-of';
import type { ExportDeps } from '../engine/export/eee/export-run';
import { exportRun } from '../engine/export/eee/export-run';
import { defaultOutputDir } from '../engine/export/eee/export-runs';
import type { JudgeFacts } from '../engine/export/eee/judge-export';
import { loadJudgeTemplate } from '../engine/grading/judge/judge-templates';
import { judgeSetupOf, type JudgeSetup } from '../engine/trust/judge-identity';
import { isLlmJudge, judgeStanding } from '../engine/trust/judge-standing';
import type { StoreApi } from '../store/store';
import type { Workspace } from '../workspace/load-workspace';

/** What exporting needs from the service; AppState has this shape. */
export type ExportHost = Readonly<{
  db: StoreApi;
  dir: string;
  clock: () => number;
  logger: Readonly<{ info(message: string): void; warn(message: string): void }>;
  options: Readonly<{ resourcesDir: string }>;
  workspace(): Workspace;
}>;

/** The template's text when the recorded version tag ("judge@1.0.0") is still what the workspace would load. */
function templateText(tag: string, workspaceDir: string): string | undefined {
  const [name] = tag.split('@');
  try {
    const template = loadJudgeTemplate(name ?? tag, workspaceDir);
    return `${template.name}@${template.version}` === tag ? template.body : undefined;
  } catch {
    return undefined;
  }
}

/** Each LLM judge's standing now (none without judge settings) and the workspace's judge templates. */
export function judgeFactsOf(db: StoreApi, setup: JudgeSetup | undefined, workspaceDir: string): JudgeFacts {
  return {
    standing: async (graderId) => (setup && isLlmJudge(graderId) ? judgeStanding(db, setup, graderId) : null),
    templateText: (tag) => templateText(tag, workspaceDir),
  };
}

export function exportDepsOf(host: ExportHost): ExportDeps {
  const workspace = host.workspace();
  const config = workspace.config;
  const organization = config?.metadata?.organization;
  const setup = config ? judgeSetupOf({ dir: host.dir, config }) : undefined;
  return {
    db: host.db,
    resourcesDir: host.options.resourcesDir,
    judges: judgeFactsOf(host.db, setup, host.dir),
    providers: config?.providers ?? {},
    organization: typeof organization === 'string' && organization !== '' ? organization : 'unknown',
    datasets: workspace.datasets,
    clock: host.clock,
  };
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
