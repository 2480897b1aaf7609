// The store: its repositories (written once, for both dialects), the SQLite store that runs them synchronously, and
// the async StoreApi the engine and handlers use whichever store is open.
import { join } from 'node:path';
import { BulkImport } from './bulk-import';
import { openDb, type Db } from './db';
import { AnsweredRepo } from './repos/answered.repo';
import { DistillRepo } from './repos/distill.repo';
import { EnvelopesRepo } from './repos/envelopes.repo';
import { HistoryRepo } from './repos/history.repo';
import { InsightsRepo } from './repos/insights.repo';
import { GoldLegacyRepo } from './repos/gold-legacy.repo';
import { GoldSetsRepo } from './repos/gold-sets.repo';
import { LabelLinesRepo } from './repos/label-lines.repo';
import { JudgesRepo } from './repos/judges.repo';
import { MatrixRepo } from './repos/matrix.repo';
import { LabelsRepo } from './repos/labels.repo';
import { OptimizerRepo } from './repos/optimizer.repo';
import { ReviewQueueRepo } from './repos/review-queue.repo';
import { ReviewerVerdictsRepo } from './repos/reviewer-verdicts.repo';
import { TracesRepo } from './repos/traces.repo';
import { ResultPagesRepo } from './repos/result-pages.repo';
import { ResultsRepo } from './repos/results.repo';
import { RunLocksRepo } from './repos/run-locks.repo';
import { RunsRepo } from './repos/runs.repo';
import { SQLITE } from './sql/dialect';
import { bindRepos, isOperation, type RunMethods } from './sql/query';
import { SqliteRunner } from './sql/sqlite-runner';
import { Queries } from './sql/statement';
import type { StoreContext } from './store-context';

/** Every repository, constructed once per store; add a repository here and it appears on StoreApi. */
export function createRepos(context: StoreContext) {
  return {
    traces: new TracesRepo(context),
    reviewQueue: new ReviewQueueRepo(context),
    labels: new LabelsRepo(context),
    reviewerVerdicts: new ReviewerVerdictsRepo(context),
    judges: new JudgesRepo(context),
    goldSets: new GoldSetsRepo(context),
    labelLines: new LabelLinesRepo(context),
    goldLegacy: new GoldLegacyRepo(context),
    insights: new InsightsRepo(context),
    runs: new RunsRepo(context),
    runLocks: new RunLocksRepo(context),
    results: new ResultsRepo(context),
    answered: new AnsweredRepo(context),
    resultPages: new ResultPagesRepo(context),
    matrix: new MatrixRepo(context),
    envelopes: new EnvelopesRepo(context),
    distill: new DistillRepo(context),
    history: new HistoryRepo(context),
    optimizer: new OptimizerRepo(context),
  };
}

export type Repos = ReturnType<typeof createRepos>;

/** The repositories of a SQLite store, run synchronously (tests, benchmarks, scripts). */
export type SyncRepos = { readonly [R in keyof Repos]: RunMethods<Repos[R], 'sync'> };

/** The async face of the store: the engine and handlers depend only on this, whichever store is open. */
export type StoreApi = { readonly [R in keyof Repos]: RunMethods<Repos[R], 'async'> };

/** The SQLite store: one database file, its repositories run synchronously in this thread. */
export class Store {
  readonly repos: SyncRepos;

  constructor(readonly db: Db) {
    const runner = new SqliteRunner(db);
    const repos = createRepos({ q: new Queries(SQLITE), bulk: new BulkImport(db) });
    this.repos = bindRepos(repos, (result) => (isOperation(result) ? runner.run(result) : result));
  }

  static open(file: string): Store {
    return new Store(openDb(file));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export const storeFile = (workspaceDir: string) => join(workspaceDir, '.aieval', 'store.sqlite');

/** The StoreApi of a SQLite store (docs/store.md): its synchronous repositories, called in-process and wrapped in promises. */
export function inProcessStore(store: Store): StoreApi {
  const wrap = (repo: object) =>
    new Proxy(repo, {
      get(target, key) {
        const member = Reflect.get(target, key) as unknown;
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) => {
          try {
            return Promise.resolve(member.apply(target, args));
          } catch (error) {
            return Promise.reject(error);
          }
        };
      },
    });
  return Object.fromEntries(
    Object.entries(store.repos).map(([name, repo]) => [name, wrap(repo as object)]),
  ) as StoreApi;
}
