// Handlers for EEE export and import and for distill, over the open workspace's store.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { distill } from '../../engine/export/distill';
import { exportRun } from '../../engine/export/eee/export-run';
import { defaultOutputDir, exportRuns } from '../../engine/export/eee/export-runs';
import { exportDepsOf } from '../export-deps';
import { importEnvelopes } from '../../engine/export/eee/import-envelopes';
import { parseSince } from '../../../src-shared/text/since';
import { zipArchive } from '../../engine/export/zip';
import { settings } from '../../../src-shared/model';
import { callerPath, resolveApiPath } from '../api-paths';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

/** An EEE envelope file's name: the evaluation's uuid, then `.json` (aggregate) or `_samples.jsonl`. */
const ENVELOPE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.json|_samples\.jsonl)$/;

/** The export files named by the renderer, zipped: refused unless each is an envelope file inside the workspace. */
async function archiveOf(state: AppState, files: readonly string[]): Promise<{ name: string; base64: string }> {
  const entries = await Promise.all(
    files.map(async (file) => {
      const path = resolveApiPath(state.dir, file, 'export file');
      const name = basename(path);
      if (!ENVELOPE_FILE.test(name))
        throw new RpcError(
          'bad_input',
          `export file ${file} is not an EEE envelope file (<uuid>.json or <uuid>_samples.jsonl)`,
        );
      try {
        return { name, data: await readFile(path) };
      } catch {
        throw new RpcError('not_found', `export file ${file} does not exist (any more): export the run again`);
      }
    }),
  );
  const evaluationId = ENVELOPE_FILE.exec(entries[0]?.name ?? '')?.[1] ?? 'export';
  return { name: `${evaluationId}.zip`, base64: zipArchive(entries, new Date(state.clock())).toString('base64') };
}

/** The renderer is untrusted: it may only name a folder inside the workspace (the CLI names any). */
function outputDirOf(state: AppState, outputDir: string | undefined, ctx: Ctx): string {
  if (outputDir === undefined) return defaultOutputDir(state.dir);
  return callerPath(ctx, state.dir, outputDir, 'outputDir');
}

/**
 * The named runs, or the complete runs of the selection, exported (against the baseline, if any); a target the
 * workspace does not name and with no runs is refused.
 */
async function exportSelection(
  state: AppState,
  selection: { targetId: string | null; since: string | null; runIds?: readonly string[] },
  outputDir: string,
  baselineRunId: string | undefined,
) {
  const { targetId, runIds } = selection;
  const since = selection.since === null ? null : parseSince(selection.since, state.clock());
  const runs = await exportRuns(
    exportDepsOf(state),
    runIds ? { runIds } : { targetId, since },
    outputDir,
    baselineRunId,
  );
  const targets = state.workspace().config?.targets.map((t) => t.id);
  if (runs.length === 0 && targetId !== null && targets && !targets.includes(targetId))
    throw new RpcError('not_found', `unknown target "${targetId}" (targets: ${targets.join(', ') || 'none'})`);
  return { outputDir, runs };
}

function importDepsOf(state: AppState) {
  const config = state.workspace().config;
  const passThreshold = config?.settings.question_pass_threshold ?? settings.parse({}).question_pass_threshold;
  return { db: state.db, resourcesDir: state.options.resourcesDir, clock: state.clock, passThreshold };
}

export const exportHandlers = (state: AppState) =>
  ({
    'export.run': ({ runId, outputDir, baselineRunId }, ctx) =>
      exportRun(exportDepsOf(state), runId, outputDirOf(state, outputDir, ctx), baselineRunId),
    'export.runs': ({ targetId, since, runIds, baselineRunId, outputDir }, ctx) =>
      exportSelection(state, { targetId, since, runIds }, outputDirOf(state, outputDir, ctx), baselineRunId),
    'export.archive': ({ files }) => archiveOf(state, files),
    'import.envelopes': async ({ paths }, ctx) => ({
      outcomes: await importEnvelopes(
        importDepsOf(state),
        paths.map((path) => callerPath(ctx, state.dir, path, 'envelope file')),
      ),
    }),
    'import.envelopeFiles': async ({ files }) => {
      // The files go to a private folder side by side (an aggregate finds its samples beside it), then import as paths.
      const folder = await mkdtemp(join(tmpdir(), 'aieval-envelopes-'));
      try {
        for (const file of files) await writeFile(join(folder, file.name), file.text);
        const outcomes = await importEnvelopes(
          importDepsOf(state),
          files.map((file) => join(folder, file.name)),
        );
        // Name each file as the caller did, not by the private folder it was read from.
        return { outcomes: outcomes.map((outcome) => ({ ...outcome, path: relative(folder, outcome.path) })) };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
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
