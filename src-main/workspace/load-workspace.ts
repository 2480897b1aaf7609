// Loads a workspace folder: aieval.yaml, every dataset and rubric, and the references between them.
import { existsSync, lstatSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  dataset as datasetSchema,
  rubric as rubricSchema,
  GRADER_CATALOG,
  workspaceConfig,
  type Dataset,
  type Rubric,
  type WorkspaceConfig,
  type WorkspaceIssue,
} from '../../src-shared/model';
import { configProblems } from './check-config';
import { quarantineProblems } from './check-quarantine';
import { questionProblems, rubricProblems } from './check-rubrics';
import { unreachedSources } from './check-sources';
import { availableTemplates } from './judge-template-names';
import type { LoadedDataset } from './loaded-dataset';
import { validateYamlFile, type Locator } from './validate-file';
import { listFolder, readWorkspaceFile } from './workspace-files';

export const CONFIG_FILE = 'aieval.yaml';

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
  /** Rubric files that exist but did not load, by the id their name gives: a reference to one says so. */
  const brokenRubrics = new Map<string, string>();
  /** Rubric files whose `id` is not their name, by that name: a reference by either says which file declares what. */
  const misnamedRubrics = new Map<string, Misnamed>();
  const datasetFiles = new Set<string>();
  const rubricLocators = new Map<string, Locator>();
  let templates: ReadonlySet<string> | undefined;
  const templateNames = () => (templates ??= availableTemplates(dir));

  const configText = overrides[CONFIG_FILE] ?? readText(dir, CONFIG_FILE, issues);
  const parsedConfig =
    configText === undefined
      ? undefined
      : safely(CONFIG_FILE, issues, () => validateYamlFile(CONFIG_FILE, configText, workspaceConfig));
  if (parsedConfig) issues.push(...parsedConfig.issues);

  for (const file of yamlFiles(dir, 'rubrics', overrides, issues)) {
    const text = overrides[file] ?? readText(dir, file, issues);
    if (text === undefined) continue;
    const parsed = safely(file, issues, () => validateYamlFile(file, text, rubricSchema));
    if (!parsed?.value) brokenRubrics.set(basename(file).replace(/\.ya?ml$/, ''), file);
    if (!parsed) continue;
    issues.push(...parsed.issues);
    if (!parsed.value) continue;
    if (!checkIdMatchesFile(parsed.value.id, file, parsed.locate, issues)) {
      misnamedRubrics.set(basename(file).replace(/\.ya?ml$/, ''), { file, declared: parsed.value.id });
      continue;
    }
    issues.push(...rubricProblems(parsed.value, parsed.locate, templateNames));
    rubrics.set(parsed.value.id, parsed.value);
    rubricLocators.set(parsed.value.id, parsed.locate);
  }

  for (const file of yamlFiles(dir, 'datasets', overrides, issues)) {
    datasetFiles.add(basename(file).replace(/\.ya?ml$/, ''));
    const text = overrides[file] ?? readText(dir, file, issues);
    if (text === undefined) continue;
    const parsed = safely(file, issues, () => validateYamlFile(file, text, datasetSchema));
    if (!parsed) continue;
    issues.push(...parsed.issues);
    const value = parsed.value;
    if (!value || !checkIdMatchesFile(value.id, file, parsed.locate, issues)) continue;
    checkQuestions(value, { rubrics, brokenRubrics, misnamedRubrics }, parsed.locate, issues);
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

  issues.push(...unreachedSources(rubrics, rubricLocators, datasets, (ref) => resolveRubric(ref, rubrics)));
  const config = parsedConfig?.value;
  if (config && parsedConfig) {
    checkReferences(config, datasetFiles, parsedConfig.locate, issues);
    issues.push(...configProblems(dir, config, parsedConfig.locate));
    issues.push(...quarantineProblems(config, datasets, parsedConfig.locate));
  }
  return { dir, config, datasets, rubrics, issues };
}

/** Any failure the checks did not foresee becomes a positioned issue of the file, never a stack trace. */
function safely<T>(file: string, issues: WorkspaceIssue[], parse: () => T): T | undefined {
  try {
    return parse();
  } catch (error) {
    issues.push(fileIssue(file, `cannot be read: ${(error as Error).message}`));
    return undefined;
  }
}

const fileIssue = (file: string, message: string): WorkspaceIssue => ({
  file,
  line: 1,
  column: 1,
  path: '',
  message,
  severity: 'error',
});

function readText(dir: string, file: string, issues: WorkspaceIssue[]): string | undefined {
  const read = readWorkspaceFile(dir, file);
  if (read.ok) return read.text;
  const missing = file === CONFIG_FILE && !existsSync(join(dir, file)) && !isSymlink(join(dir, file));
  const issue = fileIssue(file, missing ? `missing file: ${file} (create one with "ai-eval init")` : read.problem);
  issues.push(read.position ? { ...issue, ...read.position } : issue);
  return undefined;
}

/**
 * The YAML files of a folder, with the unsaved ones of `overrides`; two files for one id (`x.yaml` and `x.yml`) are
 * an error, the second is skipped.
 */
function yamlFiles(
  dir: string,
  folder: string,
  overrides: Readonly<Record<string, string>>,
  issues: WorkspaceIssue[],
): string[] {
  const unsaved = Object.keys(overrides).flatMap((file) =>
    file.startsWith(`${folder}/`) ? [file.slice(folder.length + 1)] : [],
  );
  const names = [...new Set([...listFolder(dir, folder), ...unsaved])].sort();
  const ids = new Map<string, string>();
  const files: string[] = [];
  for (const name of names.filter((entry) => /^[^/]+\.ya?ml$/.test(entry))) {
    const file = `${folder}/${name}`;
    const id = name.replace(/\.ya?ml$/, '');
    const first = ids.get(id);
    if (first) {
      issues.push(fileIssue(file, `duplicate id "${id}": ${first} has it too; keep one of the two files`));
      continue;
    }
    ids.set(id, file);
    files.push(file);
  }
  return files;
}

function checkIdMatchesFile(id: string, file: string, locate: Locator, issues: WorkspaceIssue[]): boolean {
  const expected = basename(file).replace(/\.ya?ml$/, '');
  if (id === expected) return true;
  // The issue's path is `id`, so the line reads `id "x" does not match …`.
  issues.push(locate(['id'], 'error', `"${id}" does not match the file name "${expected}": an id is its file's name`));
  return false;
}

function checkQuestions(value: Dataset, known: RubricsKnown, locate: Locator, issues: WorkspaceIssue[]): void {
  const seen = new Set<string>();
  value.questions.forEach((question, index) => {
    if (seen.has(question.id))
      issues.push(locate(['questions', index, 'id'], 'error', `duplicate question id "${question.id}"`));
    seen.add(question.id);
    issues.push(...questionProblems(question, ['questions', index], locate));
    if (question.rubric_ref) {
      const problem = rubricRefProblem(question.rubric_ref, known);
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

type Misnamed = Readonly<{ file: string; declared: string }>;
type RubricsKnown = Readonly<{
  rubrics: ReadonlyMap<string, Rubric>;
  brokenRubrics: ReadonlyMap<string, string>;
  misnamedRubrics: ReadonlyMap<string, Misnamed>;
}>;

function rubricRefProblem(ref: string, { rubrics, brokenRubrics, misnamedRubrics }: RubricsKnown): string | undefined {
  if (resolveRubric(ref, rubrics)) return undefined;
  const [id = ''] = ref.split('@');
  const found = rubrics.get(id);
  if (found) return `rubric "${id}" is version ${found.version}, not ${ref}`;
  const broken = brokenRubrics.get(id);
  if (broken) return `rubric "${ref}" is invalid: ${broken} has errors (listed with it); fix them first`;
  const misnamed =
    misnamedRubrics.get(id) ?? [...misnamedRubrics.values()].find((candidate) => candidate.declared === id);
  if (misnamed)
    return `rubric "${ref}": ${misnamed.file} declares id "${misnamed.declared}"; make its id and its file name agree`;
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
    // Own names only: `toString` is on every object, never a provider the file defines.
    if (!Object.hasOwn(config.providers, name))
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

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
