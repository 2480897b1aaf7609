// The scale-out recipes (docs/recipes) checked against their platforms' own schemas, and their ai-eval commands
// against the CLI's own flags, so a recipe copied as written runs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { Ajv } from 'ajv';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { COMMANDS } from '../../../src-main/cli/commands';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const recipe = (name: string) => readFileSync(join(ROOT, 'docs', 'recipes', name), 'utf8');

/** Errors GitHub's own workflow parser (and its workflow-v1.0 schema) reports for a workflow file. */
function workflowErrors(content: string): string[] {
  const parsed = parseWorkflow({ name: 'eval.yml', content }, new NoOperationTraceWriter());
  return parsed.context.errors.getErrors().map((error) => error.message);
}

/** Each Kubernetes document checked by the validator generated from the Kubernetes OpenAPI spec; throws when invalid. */
function validateKubernetes(content: string): string[] {
  return parseAllDocuments(content).map((document) => {
    const object = document.toJS() as { kind: string };
    if (object.kind === 'Job') new Job(object as never).validate();
    else if (object.kind === 'PersistentVolumeClaim') new PersistentVolumeClaim(object as never).validate();
    else throw new Error(`no validator for kind ${object.kind}`);
    return object.kind;
  });
}

const gitlabSchema = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'schemas', 'gitlab-ci.schema.json'), 'utf8'),
) as object;
// GitLab's schema uses editor keywords (markdownDescription) that are not JSON Schema: not strict about those.
const gitlab = new Ajv({ strict: false, allErrors: true }).compile(gitlabSchema);

/** The `npx ai-eval …` commands of a recipe, as argument lists (shell quotes removed, variables kept as words). */
function aiEvalCommands(content: string): string[][] {
  return [...content.matchAll(/npx ai-eval ([^\n]+)/g)].map((match) =>
    [...match[1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((word) => word[1] ?? word[2]!),
  );
}

async function checkCommands(content: string): Promise<void> {
  const commands = aiEvalCommands(content);
  expect(commands.length).toBeGreaterThanOrEqual(2);
  for (const [name, ...args] of commands) {
    const entry = COMMANDS.find((candidate) => candidate.name === name);
    expect(entry, `ai-eval ${name}`).toBeDefined();
    const command = await entry!.load();
    expect(() =>
      parseArgs({ args, options: command.options, allowPositionals: command.allowPositionals ?? false, strict: true }),
    ).not.toThrow();
  }
  expect(commands.some(([name, ...args]) => name === 'run' && args.includes('--shard') && args.includes('--out'))).toBe(
    true,
  );
  expect(commands.some(([name]) => name === 'merge')).toBe(true);
}

describe('scale-out recipes', () => {
  it('GitHub Actions: a valid workflow (GitHub workflow schema), shards as matrix jobs, one merge job that gates', async () => {
    const content = recipe('github-actions-sharded.yml');
    expect(workflowErrors(content)).toEqual([]);
    const workflow = parse(content) as {
      jobs: Record<string, { needs?: string; strategy?: { matrix: { shard: number[] } }; steps: { uses?: string }[] }>;
    };
    expect(workflow.jobs.shard?.strategy?.matrix.shard).toEqual([1, 2, 3, 4]);
    expect(workflow.jobs.merge?.needs).toBe('shard');
    expect(workflow.jobs.shard?.steps.some((step) => step.uses?.startsWith('actions/upload-artifact'))).toBe(true);
    expect(workflow.jobs.merge?.steps.some((step) => step.uses?.startsWith('actions/download-artifact'))).toBe(true);
    await checkCommands(content);
    // The check can fail: a misspelled key is an error of GitHub's schema.
    expect(workflowErrors(content.replace('runs-on:', 'runs_on:')).length).toBeGreaterThan(0);
  });

  it('Kubernetes: a volume claim and an Indexed Job (Kubernetes OpenAPI), then a merge Job', async () => {
    const shards = recipe('kubernetes-indexed-job.yml');
    const merge = recipe('kubernetes-merge-job.yml');
    expect(validateKubernetes(shards)).toEqual(['PersistentVolumeClaim', 'Job']);
    expect(validateKubernetes(merge)).toEqual(['Job']);
    const job = parseAllDocuments(shards)[1]!.toJS() as { spec: { completionMode: string; completions: number } };
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 4 });
    expect(shards).toContain('--shard "$((JOB_COMPLETION_INDEX + 1))/4"');
    await checkCommands(shards + merge);
    expect(() => validateKubernetes(shards.replace('completions: 4', 'completions: four'))).toThrow();
  });

  it("GitLab: a valid .gitlab-ci.yml (GitLab's CI schema) with a `parallel` job and a merge job", async () => {
    const content = recipe('gitlab-ci-sharded.yml');
    const config = parse(content) as Record<string, { parallel?: number; needs?: unknown }>;
    expect(gitlab(config), JSON.stringify(gitlab.errors)).toBe(true);
    expect(config['eval-shard']?.parallel).toBe(4);
    expect(content).toContain('--shard "$CI_NODE_INDEX/$CI_NODE_TOTAL"');
    await checkCommands(content);
    expect(gitlab({ ...config, 'eval-shard': { ...config['eval-shard'], parallel: 'four' } })).toBe(false);
  });
});
