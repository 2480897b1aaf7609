// The labeling fixture: writes a judge sample as YAML and reads the labels back with positioned errors.
import { Document, parse as parseYaml } from 'yaml';
import { labelsFile, type LabelsFile, type LabelsFileItem, type WorkspaceIssue } from '../../../src-shared/model';
import { validateYamlFile } from '../../workspace/validate-file';
import type { JudgeSample } from './sample-judge-calls';

const HEADER = [
  ' Judge validation labels (ai-eval sample-traces). For each item, read the question and the response,',
  ' then set human_label to pass, fail or defer. The judge’s answers are listed apart, under judge_answers at the',
  ' end of the file: read them only once every item is labelled.',
  ' Then run: ai-eval validate-judge --grader <grader> --labels <this file>',
].join('\n');

/** The sample as a labeling file: a top-level `items` list, each with `human_label: null`, then the judge's answers. */
export function labelsFileText(sample: JudgeSample): string {
  const data: LabelsFile = {
    grader: sample.request.grader,
    ...(sample.judge ? { judge: sample.judge } : {}),
    seed: sample.request.seed,
    window_days: sample.request.windowDays,
    stratified: sample.request.stratify,
    sampled_at: new Date(sample.request.now).toISOString(),
    items: sample.items.map(({ call, question }): LabelsFileItem => ({
      id: call.id,
      run_id: call.runId,
      question_id: call.questionId,
      question,
      response: call.responseSeen,
      human_label: null,
      notes: null,
    })),
    judge_answers: sample.items.map(({ call, stratum, inclusionProbability }) => ({
      id: call.id,
      judge_score: call.score,
      judge_reason: call.reason,
      stratum,
      inclusion_probability: inclusionProbability,
    })),
  };
  const doc = new Document(data);
  doc.commentBefore = HEADER;
  // lineWidth 0: never fold long lines, so a response reads exactly as the judge saw it.
  return doc.toString({ lineWidth: 0 });
}

/** An error at `path` of the file (line and column), naming the item's id when the path is inside `items.N`. */
export type LabelsLocator = (path: readonly PropertyKey[], message: string) => WorkspaceIssue;

export type ReadLabels =
  | Readonly<{ value: LabelsFile; issues: []; locate: LabelsLocator }>
  | Readonly<{ value: undefined; issues: WorkspaceIssue[] }>;

/**
 * Parses a labels file; every problem names the file, line and item (`items.3 (id 17)`). Also checks that
 * ids are unique and, when `grader` is given, that the file was sampled for that grader.
 */
export function readLabelsFile(file: string, text: string, grader?: string): ReadLabels {
  const parsed = validateYamlFile(file, text, labelsFile);
  const withItemIds = (issues: WorkspaceIssue[]) => {
    const ids = itemIds(text);
    return issues.map((issue) => nameItem(issue, ids));
  };
  if (!parsed.value) return { value: undefined, issues: withItemIds(parsed.issues) };
  const issues: WorkspaceIssue[] = [];
  if (grader !== undefined && parsed.value.grader !== undefined && parsed.value.grader !== grader) {
    issues.push(parsed.locate(['grader'], 'error', `this file holds labels for ${parsed.value.grader}, not ${grader}`));
  }
  const seen = new Map<string, number>();
  parsed.value.items.forEach((item, index) => {
    const key = String(item.id);
    const first = seen.get(key);
    if (first !== undefined)
      issues.push(parsed.locate(['items', index, 'id'], 'error', `duplicate id ${key} (also items.${first})`));
    else seen.set(key, index);
  });
  if (issues.length > 0) return { value: undefined, issues: withItemIds(issues) };
  const ids = itemIds(text);
  const locate: LabelsLocator = (path, message) => nameItem(parsed.locate(path, 'error', message), ids);
  return { value: parsed.value, issues: [], locate };
}

/** Adds the item's id to an issue located inside `items.N`, so the labeler finds it by id too. */
function nameItem(issue: WorkspaceIssue, ids: readonly unknown[]): WorkspaceIssue {
  const match = /^items\.(\d+)(?:\.|$)/.exec(issue.path);
  if (!match) return issue;
  const id = ids[Number(match[1])];
  return { ...issue, message: `item ${match[1]}${id === undefined ? '' : ` (id ${String(id)})`}: ${issue.message}` };
}

function itemIds(text: string): unknown[] {
  try {
    const data: unknown = parseYaml(text, { logLevel: 'silent' });
    const items = data && typeof data === 'object' ? (data as { items?: unknown }).items : undefined;
    return Array.isArray(items)
      ? items.map((item: unknown) => (item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined))
      : [];
  } catch {
    return [];
  }
}
