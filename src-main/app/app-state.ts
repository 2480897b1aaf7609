// The service's state: the open workspace folder, its store, trust, events; shared by every handler.
import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { contract, type Contract } from '../../src-shared/contract';
import { EventHub } from '../../src-shared/rpc/events';
import { RpcError } from '../../src-shared/rpc/wire';
import type { GraderId, WorkspaceConfig } from '../../src-shared/model';
import type * as StoreCode from '../store/store';
import type { Store, StoreApi } from '../store/store';
import { locateStore, type StoreLocation, type StoreSettings } from './store-location';
import { WorkspaceStore } from './workspace-store';
import { teamStoreUnavailable } from '../store/postgres/team-store-errors';
import { CONFIG_FILE, hasErrors, type Workspace } from '../workspace/load-workspace';
import { watchWorkspaceFiles } from './watch-workspace';
import { watchStoreWrites } from './watch-store';
import { WorkspaceCache } from '../workspace/workspace-cache';
import type { TrustStore } from '../workspace/trust';
import { UserSettingsStore } from '../workspace/user-settings';
import type { Env, SecretStore } from './secrets';
import type { CassetteWriter } from '../engine/providers/cassette';
import { DEFAULT_THRESHOLDS, LabelIndex } from './gold-sets/label-index';
import type { Logger } from './logger';
import { watchLabelFiles } from './gold-sets/watch-labels';
import { plural } from '../../src-shared/text/plural';

export type AppOptions = Readonly<{
  workspaceDir: string;
  resourcesDir: string;
  trust: TrustStore;
  /** The user's own settings (who labels), kept beside the trust file; in memory when absent. */
  userSettings?: UserSettingsStore;
  logger: Logger;
  clock?: () => number;
  /** Trust the workspace for this process only (`--trust-workspace`). */
  trustForSession?: boolean;
  /** Where provider API keys are stored (the Electron shell's keychain); the environment alone when absent. */
  secrets?: SecretStore;
  /** The environment provider keys are read from; process.env when absent. */
  env?: Env;
  /** Validate handler outputs and event payloads against the contract (tests and development). */
  checkOutputs?: boolean;
  /**
   * Every successful provider call of the service's runs and of the optimizer's proposer is appended to this
   * cassette (`ai-eval run --record FILE`; scripts/record-example.ts records the example's optimizer session with it).
   * Only the process that creates the app chooses the file: no call names a path to write.
   */
  recorder?: CassetteWriter;
  /**
   * How many processes started together spend the providers' accounts (`ai-eval run --shard I/N`, `--rate-share S`):
   * this one's runs take 1/S of each rate limit. An option of the process, never of a call, so no HTTP caller sets it.
   */
  rateShare?: number;
  /**
   * Report workspace files other programs change as `workspace.changed` (default true): the window and `serve` offer
   * to reload them; a CLI command that ends when its job is done has nobody to tell.
   */
  watchWorkspace?: boolean;
  /**
   * `--store URL` (or `sqlite`): the store this process uses, over AIEVAL_STORE_URL and the user's setting (none of
   * them: the workspace's own SQLite file). An option of the process, never of a call.
   */
  storeUrl?: string;
  /** The connections a team store may keep open at once (the CLI needs few; a window or serve a few more). */
  storePoolSize?: number;
}>;

/**
 * The connections a CLI command that ends with its job keeps to a team store (`serve` and the app keep the store's
 * default): a run writes a batch at a time and reads little, and each connection costs the server a process, a login
 * and caches filled again.
 */
export const COMMAND_STORE_POOL_SIZE = 2;

export class AppState {
  readonly events: EventHub<Contract>;
  private readonly workspaceCache = new WorkspaceCache();
  readonly clock: () => number;
  readonly userSettings: UserSettingsStore;
  /** The store's index of the workspace's label files (labels/), which are the truth. */
  readonly labelIndex: LabelIndex;
  private labelsIndexed: Promise<void> | undefined;
  private currentDir: string;
  private storeCode: typeof StoreCode | undefined;
  private store: WorkspaceStore | undefined;
  private sessionTrust: boolean;
  private stopWatching: (() => void) | undefined;

  constructor(readonly options: AppOptions) {
    this.events = new EventHub(contract, { checkPayloads: options.checkOutputs });
    this.currentDir = resolve(options.workspaceDir);
    this.clock = options.clock ?? Date.now;
    this.userSettings = options.userSettings ?? new UserSettingsStore();
    this.sessionTrust = options.trustForSession ?? false;
    this.labelIndex = new LabelIndex({
      dir: () => this.currentDir,
      db: () => this.db,
      thresholds: () => this.workspace().config?.settings.judges ?? DEFAULT_THRESHOLDS,
      clock: this.clock,
      logger: options.logger,
      teamStore: () => this.storeLocation().kind === 'postgres',
      changed: (graders) => this.events.emit('judges.goldSetChanged', { graders }),
    });
    // A file the service wrote may keep its size within the file system's time resolution: never trust the cache then.
    this.events.subscribe((name) => {
      if (name === 'workspace.changed') this.workspaceCache.invalidate();
    });
  }

  get dir(): string {
    return this.currentDir;
  }

  get name(): string {
    return basename(this.currentDir);
  }

  get logger(): Logger {
    return this.options.logger;
  }

  /** Reads the workspace files afresh: they are small, and the user may edit them in another editor. */
  workspace(): Workspace {
    return this.workspaceCache.load(this.currentDir);
  }

  /** The workspace, or an `invalid_workspace` error listing what is wrong with it. */
  validWorkspace(): Workspace & { config: WorkspaceConfig } {
    const workspace = this.workspace();
    if (!workspace.config || hasErrors(workspace.issues)) {
      const count = workspace.issues.filter((issue) => issue.severity === 'error').length;
      throw new RpcError(
        'invalid_workspace',
        `The workspace has ${plural(count, 'error')}; fix them first.`,
        workspace.issues,
      );
    }
    return workspace as Workspace & { config: WorkspaceConfig };
  }

  isTrusted(): boolean {
    return this.sessionTrust || this.options.trust.isTrusted(this.currentDir);
  }

  /** Trusts the open folder; refused (`not_found`) when it holds no aieval.yaml. */
  trust(): void {
    requireConfig(this.currentDir);
    this.options.trust.trust(this.currentDir);
  }

  /**
   * Loads the store's code (better-sqlite3, the repositories) once. Every call but the workspace's waits for it
   * (create-app.ts), so `ai-eval validate` never loads it.
   */
  async loadStore(): Promise<void> {
    this.storeCode ??= await import('../store/store');
  }

  /**
   * Loads the store's code and, in a workspace, brings its index of the label files up to date once (a store of old
   * writes its labels out first). Every call but the workspace's waits for it, so none reads labels from before.
   */
  async prepareStore(): Promise<void> {
    await this.loadStore();
    this.labelsIndexed ??= existsSync(join(this.currentDir, CONFIG_FILE))
      ? this.syncLabels().then(() => undefined)
      : Promise.resolve();
    await this.labelsIndexed;
  }

  /**
   * Reads the label files that changed on disk into the index; resolves to the judges whose gold sets changed. A
   * failure (a folder that cannot be read) leaves the index as it was.
   */
  async syncLabels(): Promise<GraderId[]> {
    try {
      return await this.labelIndex.sync();
    } catch (error) {
      // A store that cannot be opened (locked by another process, a full disk, a team store down) is reported by the call
      // that needs it, as the refusal it is; anything else is logged.
      if (this.store && !teamStoreUnavailable(error))
        this.logger.error('the label files could not be read into the store', error);
      return [];
    }
  }

  /** Whether prepareStore has finished: a call may then use the store at once. */
  get storeReady(): boolean {
    return this.storeCode !== undefined && this.labelsIndexed !== undefined;
  }

  /** Whether loadStore has finished. */
  get storeLoaded(): boolean {
    return this.storeCode !== undefined;
  }

  /** Where the open workspace's data lives: its own SQLite file, or a team store (store-location.ts). */
  storeLocation(): StoreLocation {
    return locateStore(this.storeSettings(), this.workspace().config);
  }

  /** What names the store: --store, the environment, the user setting, and the secret store for its password. */
  storeSettings(): StoreSettings {
    return {
      flag: this.options.storeUrl,
      env: this.options.env ?? process.env,
      setting: this.userSettings.get().storeUrl,
      secrets: this.options.secrets,
    };
  }

  /** The store of the open workspace, opened on first use (after loadStore); a team store connects at its first call. */
  get db(): StoreApi {
    if (!this.store) {
      if (!this.storeCode) throw new Error('The store was used before its code was loaded (AppState.loadStore).');
      const file = this.storeCode.storeFile(this.currentDir);
      this.store = new WorkspaceStore(
        this.storeLocation(),
        file,
        this.storeCode,
        this.options.storePoolSize,
        // A watching process (a window, serve) hears other clients' runs live, as its SQLite poll notices them.
        this.stopWatching ? () => this.events.emit('runs.changedElsewhere', {}) : undefined,
      );
    }
    return this.store.api;
  }

  /** The synchronous SQLite store (tests; the watch for other processes' writes); undefined for a team store. */
  get syncStore(): Store | undefined {
    void this.db;
    return this.store?.file;
  }

  /**
   * Reports workspace files changed on disk by other programs as `workspace.changed`, reads changed label files into
   * the index (`judges.goldSetChanged`), and reports runs another process wrote into the store as
   * `runs.changedElsewhere`, until close.
   */
  watchFiles(): void {
    this.stopWatching?.();
    const stopFiles = watchWorkspaceFiles(this.currentDir, (file) => this.events.emit('workspace.changed', { file }));
    const stopLabels = watchLabelFiles(this.currentDir, () => {
      if (this.storeCode) void this.syncLabels();
    });
    const stopStore = watchStoreWrites(
      () => (this.store?.file?.db.open ? this.store.file.db : undefined),
      () => this.events.emit('runs.changedElsewhere', {}),
    );
    this.stopWatching = () => {
      stopFiles();
      stopLabels();
      stopStore();
    };
  }

  openWorkspace(dir: string): void {
    const next = resolve(dir);
    requireConfig(next);
    const watching = this.stopWatching !== undefined;
    void this.close();
    this.currentDir = next;
    this.sessionTrust = false;
    this.labelIndex.reset();
    this.labelsIndexed = undefined;
    if (watching) this.watchFiles();
  }

  /** Waits for a read of the label files under way, so the store is not closed beneath it. */
  async settle(): Promise<void> {
    await this.labelIndex.idle();
  }

  /** Stops watching and closes the store (a team store's connections end once their calls have). */
  async close(): Promise<void> {
    this.stopWatching?.();
    this.stopWatching = undefined;
    const store = this.store;
    this.store = undefined;
    await store?.close();
  }
}

function requireConfig(dir: string): void {
  if (!existsSync(resolve(dir, CONFIG_FILE))) throw new RpcError('not_found', `No ${CONFIG_FILE} in ${dir}.`);
}
