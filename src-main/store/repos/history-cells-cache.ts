// The history cells of complete runs kept in memory: a complete run's counts never change (the store keeps them
// folded for good in run_history_cells), so a history asked for again reads only the runs it has not seen.

/** One run's cells: its question ids, three count characters per question, and the versions, in the same order. */
export type CellsRow = Readonly<{ run_id: string; question_ids: string; counts: string; version_ids: string }>;

/** A run's size in the cache: its questions (three count characters each). */
const cellsOf = (row: CellsRow) => row.counts.length / 3;

/**
 * The most recently used runs' cells, up to `budget` questions over all runs (the oldest used go first). Runs of one
 * dataset share their id and version texts, so those are kept once however many runs hold them.
 */
export class CellsCache {
  private readonly rows = new Map<string, CellsRow>();
  private readonly texts = new Map<string, { text: string; runs: number }>();
  private cells = 0;

  constructor(private readonly budget: number) {}

  /** The run's cells, or undefined when they are not kept. */
  get(runId: string): CellsRow | undefined {
    const row = this.rows.get(runId);
    if (row !== undefined) {
      // Most recently used last: eviction takes from the front.
      this.rows.delete(runId);
      this.rows.set(runId, row);
    }
    return row;
  }

  add(row: CellsRow): void {
    if (this.rows.has(row.run_id) || cellsOf(row) > this.budget) return;
    this.rows.set(row.run_id, {
      run_id: row.run_id,
      question_ids: this.share(row.question_ids),
      counts: row.counts,
      version_ids: this.share(row.version_ids),
    });
    this.cells += cellsOf(row);
    for (const [runId, oldest] of this.rows) {
      if (this.cells <= this.budget) break;
      this.rows.delete(runId);
      this.cells -= cellsOf(oldest);
      this.release(oldest.question_ids);
      this.release(oldest.version_ids);
    }
  }

  private share(text: string): string {
    const kept = this.texts.get(text);
    if (kept === undefined) {
      this.texts.set(text, { text, runs: 1 });
      return text;
    }
    kept.runs += 1;
    return kept.text;
  }

  private release(text: string): void {
    const kept = this.texts.get(text)!;
    kept.runs -= 1;
    if (kept.runs === 0) this.texts.delete(text);
  }
}
