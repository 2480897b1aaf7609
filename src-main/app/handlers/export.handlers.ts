// Handlers for EEE export and import and for distill, over the open workspace's store.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { distill } from '../../engine/export/distill';
import { exportRun } from '../../engine/export/export-run';
import { defaultOutputDir, exportDepsOf } from '../../engine/export/export-runs';
import { importEnvelopes } from '../../engine/export/import-envelopes';
import { parseSince } from '../../engine/export/since';
import { settings } from '../../../src-shared/model';
import { resolveApiPath } from '../api-paths';
import type { AppState } from '../app-state';
import type { Ctx } from '../ctx';

/** The renderer is untrusted: it may only name a folder inside the workspace. */
function outputDirOf(state: AppState, outputDir: string | undefined): string {
  if (outputDir === undefined) return defaultOutputDir(state.dir);
  return resolveApiPath(state.dir, outputDir, 'outputDir');
}

export const exportHandlers = (state: AppState) =>
  ({
    'export.run': ({ runId, outputDir }) => exportRun(exportDepsOf(state), runId, outputDirOf(state, outputDir)),
    'import.envelopes': async ({ paths }) => {
      const config = state.workspace().config;
      const passThreshold = config?.settings.question_pass_threshold ?? settings.parse({}).question_pass_threshold;
      const outcomes = await importEnvelopes(
        { db: state.db, resourcesDir: state.options.resourcesDir, clock: state.clock, passThreshold },
        paths.map((path) => resolveApiPath(state.dir, path, 'envelope file')),
      );
      return { outcomes };
    },
    'import.provenance': async ({ runId }) => {
      const files = await state.db.envelopes.filesOfRun(runId);
      if (files.length === 0) throw new RpcError('not_found', `run ${runId} was not imported from an envelope`);
      return { files, metrics: await state.db.envelopes.metricsOfRun(runId) };
    },
    'distill.summary': async ({ since }) => {
      const from = parseSince(since, state.clock());
      return { markdown: await distill(state.db, { since: from }), since: from };
    },
  }) satisfies Partial<Handlers<Contract, Ctx>>;
