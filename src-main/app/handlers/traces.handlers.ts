// Handlers of the trace review queue: import, groups and items, keyboard navigation, promotion and the OTLP receiver.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Contract } from '../../../src-shared/contract';
import { GRADER_CATALOG, type PromoteOutcome, type Settings } from '../../../src-shared/model';
import type { Handlers } from '../../../src-shared/rpc/define';
import { RpcError } from '../../../src-shared/rpc/wire';
import { importTraceFiles } from '../../engine/traces/import-files';
import { reviewItemDetail } from '../../engine/traces/item-detail';
import type { OtlpReceiver } from '../../engine/traces/otlp-receiver';
import { promoteToDataset, promoteToGold } from '../../engine/traces/promote-items';
import { callerPath } from '../api-paths';
import type { AppState } from '../app-state';
import type { Ctx } from '../../../src-shared/rpc/ctx';

/** settings.otlp_receiver of the open workspace; the defaults (off) when the workspace cannot be read. */
function receiverSettings(state: AppState): Settings['otlp_receiver'] {
  return state.workspace().config?.settings.otlp_receiver ?? { enabled: false, port: 4318 };
}

/** The token the receiver port requires: token_env's value; a variable named but not set keeps the receiver closed. */
function receiverToken(state: AppState, env: string | undefined): { env: string; value: string } | null {
  if (env === undefined) return null;
  const value = (state.options.env ?? process.env)[env];
  if (!value)
    throw new Error(
      `settings.otlp_receiver.token_env names ${env}, which is not set: the receiver does not start without its token`,
    );
  return { env, value };
}

export const tracesHandlers = (state: AppState, receiver: OtlpReceiver) => {
  let running: AbortController | undefined;
  return {
    'traces.import': async ({ paths }, ctx) => {
      if (running) throw new RpcError('conflict', 'An import is already running; cancel it or wait for it to finish.');
      running = new AbortController();
      try {
        return await importTraceFiles(
          paths.map((path) => callerPath(ctx, state.dir, path, 'trace file')),
          {
            store: state.db.traces,
            clock: state.clock,
            signal: running.signal,
            onProgress: (progress) => state.events.emit('traces.importProgressed', progress),
          },
        );
      } finally {
        running = undefined;
      }
    },
    'traces.cancelImport': () => {
      running?.abort();
      return { cancelled: running !== undefined };
    },
    'traces.groups': async ({ filters, offset, limit }) => {
      const { total, groups } = await state.db.reviewQueue.groups(filters, offset, limit);
      return { total, groups, counts: await state.db.reviewQueue.counts(filters) };
    },
    'traces.items': async ({ groupKey, filters, offset, limit }) => {
      const query = { ...filters, groupKey };
      const [items, counts] = await Promise.all([
        state.db.reviewQueue.items(query, offset, limit),
        state.db.reviewQueue.counts(query),
      ]);
      return { total: counts.items, items };
    },
    'traces.get': async ({ id }) => {
      const item = await reviewItemDetail(state.db.traces, id);
      if (!item)
        throw new RpcError('not_found', `No review item "${id}": import its trace first (ai-eval import-traces).`);
      const label = (await state.db.labels.get({ subjectType: 'review_item', subjectId: id })) ?? null;
      return { item, label };
    },
    'traces.neighbor': async ({ id, direction, unlabeledOnly, groupKey, filters }) => {
      const found = await state.db.reviewQueue.neighbour(
        { ...filters, groupKey },
        id,
        direction === 'next',
        unlabeledOnly,
      );
      return { id: found?.id ?? null, position: found?.position ?? null };
    },
    'traces.counts': ({ groupKey, filters }) => state.db.reviewQueue.counts({ ...filters, groupKey }),
    'traces.tags': ({ prefix, limit }) => state.db.reviewQueue.tags(prefix, limit),
    'traces.models': () => state.db.reviewQueue.models(),
    'traces.promote': async ({ ids, dataset, judgeGrader }) => {
      const deps = { store: state.db, clock: state.clock };
      let outcomes: PromoteOutcome[];
      if (judgeGrader) {
        if (GRADER_CATALOG[judgeGrader].kind !== 'llm_judge')
          throw new RpcError('bad_input', `${judgeGrader} is not an LLM judge; only judges have gold sets.`);
        outcomes = await promoteToGold(ids, judgeGrader, { ...deps, dir: state.dir });
        await state.syncLabels();
      } else {
        const workspace = state.workspace();
        const loaded = workspace.datasets.get(dataset!);
        if (!loaded) {
          const file = ['yaml', 'yml']
            .map((ext) => `datasets/${dataset}.${ext}`)
            .find((f) => existsSync(join(state.dir, f)));
          if (file)
            throw new RpcError(
              'invalid_workspace',
              `${file} has errors; fix them before promoting into it.`,
              workspace.issues.filter((i) => i.file === file),
            );
          throw new RpcError('not_found', `No dataset "${dataset}" (datasets/${dataset}.yaml does not exist).`);
        }
        outcomes = await promoteToDataset(ids, { path: join(state.dir, loaded.file), file: loaded.file }, deps);
        if (outcomes.some((o) => o.promoted)) state.events.emit('workspace.changed', { file: loaded.file });
      }
      const promoted = outcomes.filter((o) => o.promoted).length;
      return { promoted, refused: outcomes.length - promoted, outcomes };
    },
    'traces.receiverStatus': () => receiver.status(receiverSettings(state).enabled),
    'traces.receiverApply': async () => {
      const settings = receiverSettings(state);
      try {
        if (settings.enabled) await receiver.start(settings.port, receiverToken(state, settings.token_env));
        else await receiver.stop();
      } catch (error) {
        await receiver.stop();
        throw new RpcError('unavailable', (error as Error).message);
      }
      return receiver.status(settings.enabled);
    },
  } satisfies Partial<Handlers<Contract, Ctx>>;
};
