// A gold item as a file (`labels/<grader>/items/<id>.yaml`): its content-hash id, its YAML text, and its checked read.
import { createHash } from 'node:crypto';
import { Document } from 'yaml';
import { goldItemFile, type GoldItemFile, type WorkspaceIssue } from '../../../src-shared/model';
import { validateYamlFile } from '../validate-file';

/** The first 16 hex digits of the SHA-256 of `text` (UTF-8). */
export const shortHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

/** A sampled item's id: a hash of what makes it one item (judge, score, question, answer), the same on every machine. */
export function sampledItemId(item: Omit<GoldItemFile, 'id'>): string {
  const judge = item.judge;
  const key = [
    item.grader,
    judge?.provider ?? null,
    judge?.model ?? null,
    judge?.template_version ?? null,
    judge?.score ?? null,
    item.question_id,
    item.question_hash,
    item.answer,
  ];
  return `g-${shortHash(JSON.stringify(key))}`;
}

/** A promoted trace's id: one item per judge and trace (trace ids are random 128-bit, unique across machines). */
export const traceItemId = (grader: string, traceId: string): string => `tr-${grader}-${traceId}`;

const HEADER = ' A gold item (ai-eval). Labels go in ../reviewers/<you>.jsonl, never here: this file does not change.';

/** The item's YAML: keys in a fixed order, long lines never folded (the answer reads exactly as the judge saw it). */
export function goldItemFileText(item: GoldItemFile): string {
  const ordered: GoldItemFile = {
    id: item.id,
    grader: item.grader,
    question_id: item.question_id,
    question_hash: item.question_hash,
    question: item.question,
    answer: item.answer,
    source: { run: item.source.run, trace: item.source.trace },
    added_at: item.added_at,
    sample: item.sample && {
      seed: item.sample.seed,
      stratum: item.sample.stratum,
      inclusion_probability: item.sample.inclusion_probability,
    },
    judge: item.judge && {
      provider: item.judge.provider,
      model: item.judge.model,
      template_version: item.judge.template_version,
      score: item.judge.score,
      verdict: item.judge.verdict,
      reason: item.judge.reason,
    },
  };
  const doc = new Document(ordered);
  doc.commentBefore = HEADER;
  return doc.toString({ lineWidth: 0 });
}

export type ReadGoldItem = Readonly<{ value: GoldItemFile | undefined; issues: WorkspaceIssue[] }>;

/**
 * Reads an item file and checks it belongs where it lies (its id is its file name, its grader its folder) and was not
 * edited after sampling: its question hash matches its question, and a sampled item's id matches its content. An item
 * with a problem is left out of the gold set (its labels stay in the reviewers' files) until the file is put right.
 */
export function readGoldItemFile(
  file: string,
  text: string,
  where: Readonly<{ grader: string; id: string }>,
): ReadGoldItem {
  const parsed = validateYamlFile(file, text, goldItemFile);
  if (!parsed.value) return { value: undefined, issues: parsed.issues };
  const item = parsed.value;
  const problem = (path: string[], message: string) => parsed.locate(path, 'error', message);
  const issues: WorkspaceIssue[] = [];
  if (item.id !== where.id) issues.push(problem(['id'], `the id ${item.id} is not the file's name (${where.id}.yaml)`));
  if (item.grader !== where.grader)
    issues.push(problem(['grader'], `the item is of ${item.grader}, but lies in the folder of ${where.grader}`));
  if (shortHash(item.question) !== item.question_hash)
    issues.push(problem(['question'], 'the question was edited after sampling: it no longer matches question_hash'));
  else if (item.id.startsWith('g-') && sampledItemId(item) !== item.id)
    issues.push(
      problem(['id'], 'the item was edited after sampling: its answer, question or judge no longer match its id'),
    );
  return issues.length > 0 ? { value: undefined, issues } : { value: item, issues: [] };
}
