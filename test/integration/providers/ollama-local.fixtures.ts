// A workspace on the fake Ollama (target m1, judge judge-model on the same server) and a run over it, for the local tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunFinished, RunProgress } from '../../../src-shared/model';
import type { ValidWorkspace } from '../../../src-main/engine/run/plan';
import { resumeRun, startRun } from '../../../src-main/engine/run/start-run';
import { inProcessStore, Store, type StoreApi } from '../../../src-main/store/store';
import { trustedRunDeps } from '../../support/run-deps';
import { writeValidWorkspace } from '../../support/workspace';

export type LocalSpec = Readonly<{
  baseUrl: string;
  questions?: number;
  /** The text of question i (default: a short one). */
  input?: (index: number) => string;
  graders?: string[];
  settings?: Record<string, unknown>;
  target?: Record<string, unknown>;
  judge?: Record<string, unknown>;
  dir?: string;
}>;

export function localWorkspace(spec: LocalSpec): ValidWorkspace {
  const dir = spec.dir ?? mkdtempSync(join(tmpdir(), 'aieval-local-'));
  const config = {
    version: 1,
    providers: { local: { kind: 'ollama', base_url: spec.baseUrl } },
    judge: { provider: 'local', model: 'judge-model', ...spec.judge },
    settings: {
      rate_limit: { max_retries: 0, base_delay_ms: 1, delay_between_calls_ms: 0 },
      request_timeout_ms: 20000,
      ...spec.settings,
    },
    targets: [
      {
        id: 't1',
        provider: 'local',
        model: 'm1',
        system_prompt: 'Answer from the library rules.',
        dataset: 'ds',
        graders: spec.graders ?? ['relevance_grader'],
        ...spec.target,
      },
    ],
  };
  const questions = Array.from({ length: spec.questions ?? 4 }, (_, index) => ({
    id: `q${String(index + 1).padStart(3, '0')}`,
    input: spec.input?.(index) ?? `How long can I keep book ${index + 1}?`,
  }));
  return writeValidWorkspace(dir, config, questions);
}

export type LocalRunResult = Readonly<{
  runId: string;
  finished: RunFinished;
  progress: RunProgress[];
  db: StoreApi;
  store: Store;
}>;

/** Starts (or resumes) a run of t1 and waits for its end; `cancelWhen` may cancel it from a progress event. */
export async function runLocal(
  workspace: ValidWorkspace,
  options: Readonly<{
    store?: Store;
    resume?: string;
    cancelWhen?: (progress: RunProgress) => boolean;
  }> = {},
): Promise<LocalRunResult> {
  const store = options.store ?? Store.open(':memory:');
  const db = inProcessStore(store);
  const progress: RunProgress[] = [];
  const controller = new AbortController();
  const deps = trustedRunDeps(db, workspace, (update) => {
    progress.push(update);
    if (options.cancelWhen?.(update)) controller.abort(new Error('cancelled by the test'));
  });
  const started = options.resume
    ? await resumeRun(options.resume, deps, {}, controller.signal)
    : await startRun(
        { targetId: 't1', selection: { questionIds: null, repeat: 1, shard: null }, source: 'manual' },
        deps,
        controller.signal,
      );
  const finished = await started.finished;
  return { runId: started.runId, finished, progress, db, store };
}
