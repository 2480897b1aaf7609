// The open store of a workspace: its own SQLite file, opened at once, or its schema in a team store, connected and
// migrated on first use (pg loads only then). Either way the service sees one StoreApi. A watched team store also
// tells of runs and results other clients commit (LISTEN), as the SQLite store's poll does (watch-store.ts).
import type * as StoreCode from '../store/store';
import type { Store, StoreApi } from '../store/store';
import type { PostgresStore } from '../store/postgres/postgres-store';
import type { StoreLocation } from './store-location';
import { STORE_POLL_MS } from './watch-store';

type TeamStoreLocation = Extract<StoreLocation, { kind: 'postgres' }>;

/**
 * A StoreApi whose calls wait for `open()`. A failed open (a server down, a wrong password) fails the calls waiting
 * for it, and the next call tries again.
 */
function waitingStoreApi(open: () => Promise<StoreApi>): StoreApi {
  const method =
    (repo: string, name: string) =>
    async (...args: unknown[]) => {
      const api = (await open()) as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>;
      return api[repo]![name]!(...args);
    };
  return new Proxy({} as StoreApi, {
    get: (_target, repo) => new Proxy({}, { get: (_repo, name) => method(String(repo), String(name)) }),
  });
}

export class WorkspaceStore {
  readonly api: StoreApi;
  private readonly sqlite: Store | undefined;
  private team: Promise<PostgresStore> | undefined;
  private listening: { stop(): Promise<void> } | undefined;
  private closed = false;

  constructor(
    readonly location: StoreLocation,
    file: string,
    storeCode: typeof StoreCode,
    /** The connections a team store may keep open at once. */
    poolSize?: number,
    /** Called (once a second at most) after another client commits runs or results to the team store. */
    private readonly writtenElsewhere?: () => void,
  ) {
    if (location.kind === 'sqlite') {
      this.sqlite = storeCode.Store.open(file);
      this.api = storeCode.inProcessStore(this.sqlite);
      return;
    }
    this.api = waitingStoreApi(async () => (await this.connect(location, poolSize)).api);
  }

  /** The team store, connected (and its schema migrated) on the first call; again after a failed attempt. */
  private connect(location: TeamStoreLocation, poolSize: number | undefined): Promise<PostgresStore> {
    if (this.closed) return Promise.reject(new Error('The store was used after it was closed.'));
    if (!this.team) {
      const attempt = (async () => {
        const { PostgresStore, workspaceSchema } = await import('../store/postgres/postgres-store');
        return PostgresStore.open({
          url: location.url,
          password: location.password,
          schema: workspaceSchema(location.project),
          poolSize,
        });
      })();
      this.team = attempt;
      attempt.then(
        (store) => this.listen(store),
        () => {
          if (this.team === attempt) this.team = undefined;
        },
      );
    }
    return this.team;
  }

  private listen(store: PostgresStore): void {
    const changed = this.writtenElsewhere;
    if (!changed || this.listening || this.closed) return;
    let due: NodeJS.Timeout | undefined;
    this.listening = store.watchWrites(() => {
      due ??= setTimeout(() => {
        due = undefined;
        changed();
      }, STORE_POLL_MS);
      due.unref();
    });
  }

  /** The SQLite store itself (its synchronous repositories); undefined for a team store. */
  get file(): Store | undefined {
    return this.sqlite;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.sqlite?.close();
    await this.listening?.stop();
    const team = this.team;
    this.team = undefined;
    if (team) await (await team.catch(() => undefined))?.close();
  }
}
