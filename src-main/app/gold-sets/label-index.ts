// Keeps the store's index of the label files up to date: reads a judge's folder again when its files changed on disk.
import { settings, type GraderId, type WorkspaceIssue } from '../../../src-shared/model';
import { isLlmJudge } from '../../engine/trust/judge-standing';
import type { StoreApi } from '../../store/store';
import { goldSetFingerprint, goldSetFolders, readValidationLines } from '../../workspace/labels/gold-set-files';
import { GoldSetReader } from '../../workspace/labels/gold-set-reader';
import type { SourcedLine } from '../../workspace/labels/reviewer-labels';
import { indexedItem, indexedLabels } from './indexed-rows';
import { exportStoreLabels } from './export-store-labels';
import type { JudgeThresholds } from '../../engine/trust/judge-stats';
import type { Logger } from '../logger';
import { TeamStoreError } from '../../store/postgres/team-store-errors';
import { poolLabelLines } from './team-label-pool';

export type LabelIndexDeps = Readonly<{
  dir: () => string;
  db: () => StoreApi;
  /** The trust thresholds validations are reported under (the workspace's, else the defaults). */
  thresholds: () => JudgeThresholds;
  clock: () => number;
  logger: Logger;
  /** Whether the store is a team store, whose pool of label lines every checkout adds to (team-label-pool.ts). */
  teamStore: () => boolean;
  /** Told which judges' gold sets changed on disk since the last look. */
  changed: (graders: GraderId[]) => void;
}>;

export const DEFAULT_THRESHOLDS: JudgeThresholds = settings.shape.judges.parse(undefined);

/**
 * The files are the truth; the store holds an index of them. `sync` compares each judge folder's fingerprint (names,
 * sizes and times of its files) with the one last read and reads again only what changed: the label lines alone
 * after a label, the item files too after a sample or a `git pull`. Syncs run one at a time.
 */
export class LabelIndex {
  private running: Promise<GraderId[]> = Promise.resolve([]);
  private exported = false;
  private reader: GoldSetReader | undefined;
  /** Of each judge, the item fingerprint this process last wrote into the store. */
  private readonly written = new Map<string, string>();
  /** Of each judge, how many of the labels counted at the last sync came from the team store's pool alone. */
  private readonly storeOnly = new Map<string, number>();
  /** A team store this role may only read: the index is left as a writer last wrote it (said once). */
  private readOnly = false;

  constructor(private readonly deps: LabelIndexDeps) {}

  /** Brings the index up to date with the files; resolves to the judges whose gold set changed. */
  sync(): Promise<GraderId[]> {
    const next = this.running.then(
      () => this.syncNow(),
      () => this.syncNow(),
    );
    this.running = next;
    return next;
  }

  /** Resolves once no sync is under way. */
  idle(): Promise<void> {
    return this.running.then(
      () => undefined,
      () => undefined,
    );
  }

  /** The workspace was switched: the next sync starts by writing out that store's labels of old, if any. */
  reset(): void {
    this.exported = false;
    this.reader = undefined;
  }

  /** How many of the judge's counted labels only the team store holds (none pulled into this checkout's files yet). */
  storeOnlyLabels(grader: string): number {
    return this.storeOnly.get(grader) ?? 0;
  }

  private async syncNow(): Promise<GraderId[]> {
    if (this.readOnly) return [];
    try {
      return await this.syncAll();
    } catch (error) {
      if (!(error instanceof TeamStoreError) || error.code !== 'AIEVAL_STORE_READ_ONLY') throw error;
      this.readOnly = true;
      this.deps.logger.info(
        `the label files are not indexed: ${error.message}; the judges show the team store's labels as a writer last indexed them`,
      );
      return [];
    }
  }

  private async syncAll(): Promise<GraderId[]> {
    const { dir, db } = { dir: this.deps.dir(), db: this.deps.db() };
    if (!this.exported) {
      const note = await exportStoreLabels(dir, db, this.deps.clock);
      if (note) this.deps.logger.info(note);
      this.exported = true;
    }
    const folders = goldSetFolders(dir).filter(isLlmJudge);
    const changed: GraderId[] = [];
    for (const grader of folders) if (await this.syncGrader(dir, db, grader)) changed.push(grader);
    for (const grader of (await db.goldSets.indexedGraders()).filter(isLlmJudge)) {
      if (folders.includes(grader)) continue;
      await db.goldSets.forget(grader);
      changed.push(grader);
    }
    if (changed.length > 0) this.deps.changed(changed);
    return changed;
  }

  private async syncGrader(dir: string, db: StoreApi, grader: string): Promise<boolean> {
    // The fingerprint is taken before the files are read: a file changed in between is read again next time.
    const files = goldSetFingerprint(dir, grader);
    const team = this.deps.teamStore();
    // On a team store the pool's size is part of the labels' fingerprint: a teammate's new line changes it.
    const fingerprints = team ? { ...files, labels: `${files.labels}+${await db.labelLines.count(grader)}` } : files;
    const known = await db.goldSets.fingerprint(grader);
    const counted = !team || this.storeOnly.has(grader);
    if (counted && known && known.items === fingerprints.items && known.labels === fingerprints.labels) return false;
    const reader = this.readerOf(dir);
    const items = reader.goldItems(grader, fingerprints.itemStamps);
    // The files read again are all the store lacks when it holds what this process last wrote; else all are written.
    const delta = known !== undefined && known.items === this.written.get(grader);
    const upsert = (delta ? items.fresh : items.values).map(indexedItem);
    const lines = reader.reviewerLines(grader, fingerprints.lineStamps);
    const validations = readValidationLines(dir, grader);
    const ids = new Set(items.values.map((item) => item.id));
    const pooled = team ? await poolLabelLines(db, grader, lines.values, ids) : undefined;
    this.storeOnly.set(grader, pooled?.storeOnlyLabels ?? 0);
    const labels = indexedLabels(
      grader,
      ids,
      pooled?.lines ?? lines.values,
      validations.values,
      this.deps.thresholds(),
    );
    const issues: WorkspaceIssue[] = [...items.issues, ...lines.issues, ...labels.issues, ...validations.issues];
    const indexedItems = known?.items === fingerprints.items ? undefined : { ids: [...ids], upsert };
    // The pool grew by this checkout's new lines: the fingerprint kept is of the pool as it was read.
    const stored = pooled ? { ...files, labels: `${files.labels}+${pooled.poolSize}` } : files;
    await db.goldSets.index(grader, { items: indexedItems, labels }, stored, issues);
    this.written.set(grader, fingerprints.items);
    return true;
  }

  /** Every line of the judge's reviewer files as they are on disk now (what a new label is made from). */
  reviewerLines(grader: string): SourcedLine[] {
    return this.readerOf(this.deps.dir()).reviewerLines(grader).values;
  }

  private readerOf(dir: string): GoldSetReader {
    if (this.reader?.dir !== dir) {
      this.reader = new GoldSetReader(dir);
      this.written.clear();
    }
    return this.reader;
  }
}
