// Writes out, once, the gold items, labels and validations a store holds from before the label files (docs/labels.md).
import type { GoldItemFile, LabelLine, LabelVerdict, ValidationLine } from '../../../src-shared/model';
import type { LegacyGoldItem, LegacyLabel, LegacyValidation } from '../../store/repos/gold-legacy.repo';
import type { StoreApi } from '../../store/store';
import { sampledItemId, shortHash } from '../../workspace/labels/gold-item-file';
import { readReviewerLines, readValidationLines } from '../../workspace/labels/gold-set-files';
import { appendReviewerLine, appendValidationLine, writeGoldItem } from '../../workspace/labels/gold-set-writes';
import { goldSetDir } from '../../workspace/labels/label-paths';
import { plural } from '../../../src-shared/text/plural';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Writes every gold item only the store has to its file, every reviewer's label of it as a line, every validation as
 * a line, then drops those rows (the index reads them back from the files). Safe to interrupt: the store keeps its
 * rows until everything is on disk, and a line's id is derived from the row, so a second try writes only what the
 * first did not. Returns the one-line note to show, or null when there was nothing to write.
 */
export async function exportStoreLabels(dir: string, db: StoreApi, clock: () => number): Promise<string | null> {
  if (!(await db.goldLegacy.pending())) return null;
  const [items, labels, validations] = await Promise.all([
    db.goldLegacy.goldItems(),
    db.goldLegacy.labelRows(),
    db.goldLegacy.validationRows(),
  ]);
  const written = new Map<string, GoldItemFile>();
  for (const item of items) {
    const file = itemFileOf(item, clock);
    writeGoldItem(dir, file);
    written.set(item.id, file);
  }
  const lines = items.flatMap((item) => labelLinesOf(item, written.get(item.id)!, labels));
  const graders = new Set([...items.map((item) => item.graderId), ...validations.map((v) => v.graderId)]);
  const present = new Set(
    [...graders].flatMap((grader) => [
      ...readReviewerLines(dir, grader).values.map((line) => line.value.id),
      ...readValidationLines(dir, grader).values.map((line) => line.value.id),
    ]),
  );
  for (const { grader, line } of lines) if (!present.has(line.id)) appendReviewerLine(dir, grader, line);
  for (const validation of validations) {
    const line = validationLineOf(validation);
    if (!present.has(line.id)) appendValidationLine(dir, validation.graderId, line);
  }
  await db.goldLegacy.drop();
  const counts = `${plural(items.length, 'gold item')}, ${plural(lines.length, 'label')} and ${plural(validations.length, 'validation')}`;
  return (
    `Wrote the store's ${counts} of ${plural(graders.size, 'judge')} out to ${[...graders].map(goldSetDir).join(', ')}: ` +
    'the label files are now the truth (commit them).'
  );
}

/** An item of old as a file: a sampled call gets its content-hash id, a promoted trace keeps its `tr-` id. */
function itemFileOf(item: LegacyGoldItem, clock: () => number): GoldItemFile {
  const promoted = item.id.startsWith(`tr-${item.graderId}-`);
  const hasJudge = item.judgeScore !== null || item.provider !== null;
  const content: Omit<GoldItemFile, 'id'> = {
    grader: item.graderId,
    question_id: item.questionId,
    question_hash: shortHash(item.question),
    question: item.question,
    answer: item.response,
    source: { run: item.runId, trace: promoted ? item.id.slice(`tr-${item.graderId}-`.length) : null },
    added_at: iso(item.createdAt || clock()),
    // How items of old were sampled was not recorded.
    sample: null,
    judge: hasJudge
      ? {
          provider: item.provider,
          model: item.model,
          template_version: item.templateVersion,
          score: item.judgeScore,
          verdict: null,
          reason: item.judgeReason,
        }
      : null,
  };
  return { id: promoted ? item.id : sampledItemId(content), ...content };
}

type GraderLine = Readonly<{ grader: string; line: LabelLine }>;

/**
 * Each reviewer's label of an item of old as one line: their own verdict (reviewer_verdicts) with the shared label's
 * dimensions, tags and notes when they gave it last; a shared label whose reviewer kept no verdict of their own (notes
 * only) is a line too.
 */
function labelLinesOf(item: LegacyGoldItem, file: GoldItemFile, rows: readonly LegacyLabel[]): GraderLine[] {
  const mine = rows.filter((row) => row.itemId === item.id);
  const shared = mine.find((row) => row.kind === 'shared');
  const reviewers = new Set(mine.map((row) => row.reviewer));
  const lines: GraderLine[] = [];
  for (const reviewer of [...reviewers].sort()) {
    const own = mine.find((row) => row.kind === 'own' && row.reviewer === reviewer);
    const theirs = shared?.reviewer === reviewer ? shared : undefined;
    const verdict = own?.verdict ?? theirs?.verdict ?? null;
    const at = Math.max(own?.updatedAt ?? 0, theirs?.updatedAt ?? 0);
    lines.push({ grader: item.graderId, line: lineOf(item.id, file.id, reviewer, verdict, at, theirs) });
  }
  return lines;
}

function lineOf(
  oldId: string,
  itemId: string,
  reviewer: string,
  verdict: LabelVerdict | null,
  at: number,
  shared?: LegacyLabel,
): LabelLine {
  const dimensions = shared ? (JSON.parse(shared.dimensionsJson) as LabelLine['dimensions']) : undefined;
  const tags = shared ? (JSON.parse(shared.tagsJson) as string[]) : [];
  return {
    id: shortHash(JSON.stringify(['store-label', oldId, reviewer])),
    item: itemId,
    ...(verdict === null ? {} : { verdict }),
    ...(dimensions && Object.keys(dimensions).length > 0 ? { dimensions } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(shared?.notes ? { note: shared.notes } : {}),
    reviewer,
    at: iso(at),
  };
}

/** A validation of old; one of the workbench's labels ("store") now reads as one of the judge's gold set. */
const validationLineOf = (v: LegacyValidation): ValidationLine => ({
  id: shortHash(JSON.stringify(['store-validation', v.id, v.createdAt])),
  at: iso(v.createdAt),
  reviewer: '',
  source: v.labelsSource === 'store' ? goldSetDir(v.graderId) : v.labelsSource,
  judge: { provider: v.provider, model: v.model, template_version: v.templateVersion || null },
  tp: v.tp,
  tn: v.tn,
  fp: v.fp,
  fn: v.fn,
  state: v.state,
});
