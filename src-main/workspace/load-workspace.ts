// Loads a workspace folder: aieval.yaml, every dataset and rubric, and the references between them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  dataset as datasetSchema,
  GRADER_CATALOG,
  workspaceConfig,
  type Dataset,
  type Question,
  type Rubric,
  type WorkspaceConfig,
  type WorkspaceIssue,
} from '../../src-shared/model';
import { RUBRIC_SCHEMA } from '../engine/rubrics/rubric-schema';
import { validateYamlFile, type Locator } from './validate-file';

export const CONFIG_FILE = 'aieval.yaml';

export type LoadedDataset = Readonly<{
  file: string;
  dataset: Dataset;
  /** Questions that are not disabled, in file order. */
  questions: readonly Question[];
  disabledCount: number;
}>;

export type Workspace = Readonly<{
  dir: string;
  config: WorkspaceConfig | undefined;
  datasets: ReadonlyMap<string, LoadedDataset>;
  rubrics: ReadonlyMap<string, Rubric>;
  issues: readonly WorkspaceIssue[];
}>;

export const hasErrors = (issues: readonly WorkspaceIssue[]) => issues.some((issue) => issue.severity === 'error');

/** Loads the workspace; `overrides` maps a relative file name to unsaved text to validate instead of the disk's. */
export function loadWorkspace(dir: string, overrides: Readonly<Record<string, string>> = {}): Workspace {
  const issues: WorkspaceIssue[] = [];
  const datasets = new Map<string, LoadedDataset>();
  const rubrics = new Map<string, Rubric>();
  const datasetFiles = new Set<string>();

  const configText = overrides[CONFIG_FILE] ?? readText(dir, CONFIG_FILE, issues);
  const parsedConfig =
    configText === undefined ? undefined : validateYamlFile(CONFIG_FILE, configText, workspaceConfig);
  if (parsedConfig) issues.push(...parsedConfig.issues);

  for (const file of yamlFiles(dir, 'rubrics')) {
    const parsed = validateYamlFile(file, readFileSync(join(dir, file), 'utf8'), RUBRIC_SCHEMA);
    issues.push(...parsed.issues);
    if (parsed.value && checkIdMatchesFile(parsed.value.id, file, parsed.locate, issues))
      rubrics.set(parsed.value.id, parsed.value);
  }

  for (const file of yamlFiles(dir, 'datasets')) {
    datasetFiles.add(basename(file).replace(/\.ya?ml$/, ''));
    const parsed = validateYamlFile(file, overrides[file] ?? readFileSync(join(dir, file), 'utf8'), datasetSchema);
    issues.push(...parsed.issues);
    const value = parsed.value;
    if (!value || !checkIdMatchesFile(value.id, file, parsed.locate, issues)) continue;
    checkQuestions(value, rubrics, parsed.locate, issues);
    const questions = value.questions.filter((question) => !question.disabled);
    if (questions.length === 0)
      issues.push(parsed.locate(['questions'], 'error', 'every question is disabled: the dataset has nothing to run'));
    datasets.set(value.id, {
      file,
      dataset: value,
      questions,
      disabledCount: value.questions.length - questions.length,
    });
  }

  const config = parsedConfig?.value;
  if (config && parsedConfig) checkReferences(config, datasetFiles, parsedConfig.locate, issues);
  return { dir, config, datasets, rubrics, issues };
}

function readText(dir: string, file: string, issues: WorkspaceIssue[]): string | undefined {
  const path = join(dir, file);
  if (!existsSync(path)) {
    issues.push({
      file,
      line: 1,
      column: 1,
      path: '',
      message: `missing file: ${file} (create one with "ai-eval init")`,
      severity: 'error',
    });
    return undefined;
  }
  return readFileSync(path, 'utf8');
}

function yamlFiles(dir: string, folder: string): string[] {
  const path = join(dir, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${folder}/${name}`);
}

function checkIdMatchesFile(id: string, file: string, locate: Locator, issues: WorkspaceIssue[]): boolean {
  const expected = basename(file).replace(/\.ya?ml$/, '');
  if (id === expected) return true;
  issues.push(locate(['id'], 'error', `id "${id}" must match the file name "${expected}"`));
  return false;
}

function checkQuestions(
  value: Dataset,
  rubrics: ReadonlyMap<string, Rubric>,
  locate: Locator,
  issues: WorkspaceIssue[],
): void {
  const seen = new Set<string>();
  value.questions.forEach((question, index) => {
    if (seen.has(question.id))
      issues.push(locate(['questions', index, 'id'], 'error', `duplicate question id "${question.id}"`));
    seen.add(question.id);
    if (question.rubric_ref) {
      const problem = rubricRefProblem(question.rubric_ref, rubrics);
      if (problem) issues.push(locate(['questions', index, 'rubric_ref'], 'error', problem));
    }
  });
}

/** Resolves `id` or `id@major` against the loaded rubrics. */
export function resolveRubric(ref: string, rubrics: ReadonlyMap<string, Rubric>): Rubric | undefined {
  const [id = '', major] = ref.split('@');
  const found = rubrics.get(id);
  if (!found || (major !== undefined && found.version.split('.')[0] !== major)) return undefined;
  return found;
}

function rubricRefProblem(ref: string, rubrics: ReadonlyMap<string, Rubric>): string | undefined {
  if (resolveRubric(ref, rubrics)) return undefined;
  const [id = ''] = ref.split('@');
  const found = rubrics.get(id);
  if (found) return `rubric "${id}" is version ${found.version}, not ${ref}`;
  return `unknown rubric "${ref}" (no rubrics/${id}.yaml)`;
}

function checkReferences(
  config: WorkspaceConfig,
  datasetFiles: ReadonlySet<string>,
  locate: Locator,
  issues: WorkspaceIssue[],
): void {
  const providers = Object.keys(config.providers);
  const checkProvider = (name: string, path: PropertyKey[]) => {
    if (!config.providers[name])
      issues.push(locate(path, 'error', `unknown provider "${name}"; known: ${providers.join(', ') || '(none)'}`));
  };
  if (config.judge) {
    checkProvider(config.judge.provider, ['judge', 'provider']);
    for (const [grader, ref] of Object.entries(config.judge.overrides ?? {})) {
      if (ref) checkProvider(ref.provider, ['judge', 'overrides', grader, 'provider']);
    }
  }
  if (config.settings.optimizer.proposer)
    checkProvider(config.settings.optimizer.proposer.provider, ['settings', 'optimizer', 'proposer', 'provider']);
  for (const [name, provider] of Object.entries(config.providers)) {
    if (provider.kind === 'replay' && !provider.file)
      issues.push(locate(['providers', name], 'error', 'a replay provider needs "file" (a JSONL cassette)'));
  }
  const ids = new Set<string>();
  config.targets.forEach((target, index) => {
    if (ids.has(target.id))
      issues.push(locate(['targets', index, 'id'], 'error', `duplicate target id "${target.id}"`));
    ids.add(target.id);
    checkProvider(target.provider, ['targets', index, 'provider']);
    if (!datasetFiles.has(target.dataset)) {
      issues.push(
        locate(
          ['targets', index, 'dataset'],
          'error',
          `unknown dataset "${target.dataset}" (no datasets/${target.dataset}.yaml)`,
        ),
      );
    }
    if (target.mode === 'chat' && (target.tools?.length || target.endpoint)) {
      issues.push(locate(['targets', index, 'mode'], 'error', 'tools and endpoint need mode: agent'));
    }
    const judged = target.graders.some((id) => GRADER_CATALOG[id].kind === 'llm_judge');
    if (judged && !config.judge)
      issues.push(
        locate(['targets', index, 'graders'], 'error', 'LLM judges are attached but no `judge` is configured'),
      );
  });
}
