// Handlers for what a command-line run does around its runs: plans and preflight, the rate share, reports, shard
// bundles and their merge. Paths come through callerPath: the CLI's anywhere, any other caller's inside the workspace.
import type { Contract } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { exportDepsOf } from '../export-deps';
import { writeShardBundle } from '../../engine/export/shards/write-shard-bundle';
import { describeShare } from '../../engine/run/rate-share';
import { writeJsonReport } from '../../engine/run/report-json';
import { writeJunitReport } from '../../engine/run/report-junit';
import { APP_VERSION } from '../../paths';
import { callerPath } from '../api-paths';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';
import { mergeBundles } from '../merge-bundles';
import { planBatch, planStored } from '../run-plans';
import type { ServiceRuns } from '../service-runs';

/** Why a folder cannot be written that is the machine's doing, not the caller's. */
const ENVIRONMENT_CODES = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EDQUOT', 'EIO']);

/** The preflights in flight that their caller named, so `runs.cancelPreflight` can stop them. */
class CancellablePreflights {
  private readonly running = new Map<string, AbortController>();

  async run<T>(id: string | undefined, work: (signal?: AbortSignal) => Promise<T>): Promise<T> {
    if (id === undefined) return work();
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (this.running.get(id) === controller) this.running.delete(id);
    }
  }

  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }
}

export const runBatchHandlers = (state: AppState, runs: ServiceRuns) => {
  const preflights = new CancellablePreflights();
  return {
    'runs.share': () => {
      const share = state.options.rateShare ?? 1;
      return { share, line: describeShare(state.validWorkspace().config.settings.rate_limit, share) ?? null };
    },
    'runs.plan': (request) =>
      preflights.run(request.preflightId, (signal) => planBatch(state, runs.deps(), request, signal)),
    'runs.planStored': (request) =>
      preflights.run(request.preflightId, (signal) => planStored(state, runs.deps(), request, signal)),
    'runs.cancelPreflight': ({ preflightId }) => ({ cancelled: preflights.cancel(preflightId) }),
    'runs.reports': async ({ runIds, json, junit }, ctx) => {
      // settings.export_envelope_on_complete: the runs' exports end first, as the reports read the same store.
      await runs.exported();
      const written: { json?: string; junit?: string } = {};
      if (json) {
        written.json = callerPath(ctx, state.dir, json, 'the JSON report');
        await writeJsonReport(written.json, state.db, runIds);
      }
      if (junit) {
        written.junit = callerPath(ctx, state.dir, junit, 'the JUnit report');
        await writeJunitReport(written.junit, state.db, runIds);
      }
      return written;
    },
    'runs.shardBundle': async ({ dir, shard, finished, empty }, ctx) => {
      const folder = callerPath(ctx, state.dir, dir, 'the shard bundle folder');
      try {
        return await writeShardBundle(exportDepsOf(state), {
          dir: folder,
          shard,
          appVersion: APP_VERSION,
          finished,
          empty,
        });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === undefined || !ENVIRONMENT_CODES.has(code)) throw error;
        const message = `cannot write the shard bundle to ${folder}: ${code} (${(error as Error).message})`;
        throw new RpcError('unavailable', message, { environment: code });
      }
    },
    'runs.merge': ({ paths }, ctx) =>
      mergeBundles(
        state,
        paths.map((path) => callerPath(ctx, state.dir, path, 'the shard bundle')),
      ),
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
