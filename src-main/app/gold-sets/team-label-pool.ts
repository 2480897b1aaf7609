// Labels with a team store (docs/team-store.md, Labels): every label line a checkout reads from its reviewer files goes
// into the store's pool, which only grows; a checkout counts its own lines and the pool's lines it has not pulled yet,
// each line once by its id. The files stay the record a reviewer commits.
import { reviewerLine } from '../../../src-shared/model';
import type { StoreApi } from '../../store/store';
import { currentLabels, type SourcedLine } from '../../workspace/labels/reviewer-labels';

/** The lines a checkout counts: its files' and the pool's others (for items it holds), and how many labels are the pool's only. */
export type PooledLines = Readonly<{ lines: SourcedLine[]; storeOnlyLabels: number; poolSize: number }>;

/** Puts `fileLines` into the pool, then reads back the pool's lines of the judge that this checkout's files lack. */
export async function poolLabelLines(
  db: StoreApi,
  grader: string,
  fileLines: readonly SourcedLine[],
  itemIds: ReadonlySet<string>,
): Promise<PooledLines> {
  const pooled = fileLines.map(({ value, file }) => ({ id: value.id, file, json: JSON.stringify(value) }));
  await db.labelLines.keep(grader, pooled);
  // Counted before the lines are read: a line added in between is read now and makes the next sync read again.
  const poolSize = await db.labelLines.count(grader);
  const own = new Set(fileLines.map((line) => line.value.id));
  const others: SourcedLine[] = [];
  for (const row of await db.labelLines.of(grader)) {
    if (own.has(row.id)) continue;
    // Every pooled line was read through the same schema from a file; one that no longer parses (an older client's
    // shape) is left to the files it came from. A line about an item this checkout has not pulled waits for the item.
    const parsed = reviewerLine.safeParse(JSON.parse(row.json));
    if (parsed.success && itemIds.has(parsed.data.item)) others.push({ value: parsed.data, line: 0, file: row.file });
  }
  const lines = [...fileLines, ...others];
  const theirs = new Set(others.map((line) => line.value.id));
  let storeOnlyLabels = 0;
  for (const { line } of currentLabels(lines).labels.values())
    if (theirs.has(line.id) && itemIds.has(line.item)) storeOnlyLabels += 1;
  return { lines, storeOnlyLabels, poolSize };
}
