// The store: one SQLite database and its repositories (sync inside), and the async StoreApi the engine uses.
import { join } from 'node:path';
import { openDb, type Db } from './db';
import { AnsweredRepo } from './repos/answered.repo';
import { DistillRepo } from './repos/distill.repo';
import { EnvelopesRepo } from './repos/envelopes.repo';
import { HistoryRepo } from './repos/history.repo';
import { InsightsRepo } from './repos/insights.repo';
import { GoldLegacyRepo } from './repos/gold-legacy.repo';
import { GoldSetsRepo } from './repos/gold-sets.repo';
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

/** Every repository, constructed once per database; add a repository here and it appears on StoreApi. */
function createRepos(db: Db) {
  return {
    traces: new TracesRepo(db),
    reviewQueue: new ReviewQueueRepo(db),
    labels: new LabelsRepo(db),
    reviewerVerdicts: new ReviewerVerdictsRepo(db),
    judges: new JudgesRepo(db),
    goldSets: new GoldSetsRepo(db),
    goldLegacy: new GoldLegacyRepo(db),
    insights: new InsightsRepo(db),
    runs: new RunsRepo(db),
    runLocks: new RunLocksRepo(db),
    results: new ResultsRepo(db),
    answered: new AnsweredRepo(db),
    resultPages: new ResultPagesRepo(db),
    matrix: new MatrixRepo(db),
    envelopes: new EnvelopesRepo(db),
    distill: new DistillRepo(db),
    history: new HistoryRepo(db),
    optimizer: new OptimizerRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;

export class Store {
  readonly repos: Repos;

  constructor(readonly db: Db) {
    this.repos = createRepos(db);
  }

  static open(file: string): Store {
    return new Store(openDb(file));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export const storeFile = (workspaceDir: string) => join(workspaceDir, '.aieval', 'store.sqlite');

type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

/** The async face of the store (docs/store.md): the engine and handlers depend only on this. */
export type StoreApi = { readonly [R in keyof Repos]: AsyncMethods<Repos[R]> };

/** The default StoreApi: the same repositories, called in-process and wrapped in promises. */
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
