// What the index stores of a judge's files: an item file as a row, the label lines as each reviewer's current label.
import type { GoldItemFile, ValidationLine, WorkspaceIssue } from '../../../src-shared/model';
import { validationReport, type JudgeThresholds } from '../../engine/trust/judge-stats';
import type { IndexedGoldItem, IndexedLabel, IndexedLabels } from '../../store/repos/gold-sets.repo';
import type { Placed } from '../../workspace/labels/json-lines';
import { itemFile } from '../../workspace/labels/label-paths';
import { contentOf, currentLabels, type SourcedLine } from '../../workspace/labels/reviewer-labels';

export const indexedItem = (item: GoldItemFile): IndexedGoldItem => ({
  id: item.id,
  graderId: item.grader,
  file: itemFile(item.grader, item.id),
  questionId: item.question_id,
  questionHash: item.question_hash,
  question: item.question,
  response: item.answer,
  runId: item.source.run,
  judgeProvider: item.judge?.provider ?? null,
  judgeModel: item.judge?.model ?? null,
  templateVersion: item.judge?.template_version ?? null,
  judgeScore: item.judge?.score ?? null,
  judgeReason: item.judge?.reason ?? null,
  stratum: item.sample?.stratum ?? null,
  inclusionProbability: item.sample?.inclusion_probability ?? null,
  createdAt: Date.parse(item.added_at),
});

/**
 * Every reviewer's current label of the judge's items (currentLabels' rule), the latest label of each item (with the
 * tags any reviewer gave it), and the validations. A line about an item the gold set does not hold (not pulled yet, or its file has a problem) is reported.
 */
export function indexedLabels(
  grader: string,
  itemIds: ReadonlySet<string>,
  lines: readonly SourcedLine[],
  validations: readonly Placed<ValidationLine>[],
  thresholds: JudgeThresholds,
): IndexedLabels & Readonly<{ issues: WorkspaceIssue[] }> {
  const { labels, issues } = currentLabels(lines);
  const byReviewer: IndexedLabel[] = [];
  const latest = new Map<string, Readonly<{ label: IndexedLabel; lineId: string }>>();
  const firstOf = new Map<string, number>();
  const tagsOf = new Map<string, Set<string>>();
  const unknown = new Map<string, SourcedLine>();
  for (const { line, firstAt } of labels.values()) {
    if (!itemIds.has(line.item)) {
      const where = lines.find((l) => l.value.id === line.id);
      if (where && !unknown.has(line.item)) unknown.set(line.item, where);
      continue;
    }
    const label: IndexedLabel = {
      itemId: line.item,
      reviewer: line.reviewer,
      ...contentOf(line)!,
      createdAt: Date.parse(firstAt),
      updatedAt: Date.parse(line.at),
    };
    byReviewer.push(label);
    firstOf.set(line.item, Math.min(label.createdAt, firstOf.get(line.item) ?? Infinity));
    tagsOf.set(line.item, new Set([...(tagsOf.get(line.item) ?? []), ...label.tags]));
    const before = latest.get(line.item);
    const isLater =
      !before ||
      label.updatedAt > before.label.updatedAt ||
      (label.updatedAt === before.label.updatedAt && line.id > before.lineId);
    if (isLater) latest.set(line.item, { label, lineId: line.id });
  }
  for (const [item, { file, line }] of unknown) {
    const message = `labels the item ${item}, which is not in the gold set of ${grader} (missing, or its file has a problem)`;
    issues.push({ file, line, column: 1, path: 'item', message, severity: 'warning' });
  }
  return {
    byReviewer,
    // The item's label reads as its latest, with every reviewer's tags (a tag marks what the item is about).
    latest: [...latest.values()].map(({ label }) => ({
      ...label,
      tags: [...new Set([...label.tags, ...[...tagsOf.get(label.itemId)!].sort()])],
      createdAt: firstOf.get(label.itemId)!,
    })),
    validations: validations.map(({ value }) => ({
      report: { ...validationReport(grader, { ...value, cells: value.design }, thresholds), state: value.state },
      judge: value.judge,
      labelsSource: value.source,
      createdAt: Date.parse(value.at),
      lineId: value.id,
      ...(value.design ? { cells: value.design } : {}),
    })),
    issues,
  };
}
