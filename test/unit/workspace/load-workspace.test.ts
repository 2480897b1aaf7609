import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../src-shared/model';
import { loadWorkspace } from '../../../src-main/workspace/load-workspace';
import { copyExample, EXAMPLE_DIR } from '../../support/workspace';

const errorsOf = (dir: string) =>
  loadWorkspace(dir)
    .issues.filter((i) => i.severity === 'error')
    .map(formatIssue);

describe('loadWorkspace', () => {
  it('loads the example with no issue and drops disabled questions', () => {
    const workspace = loadWorkspace(EXAMPLE_DIR);
    expect(workspace.issues).toEqual([]);
    const helpdesk = workspace.datasets.get('helpdesk')!;
    expect(helpdesk.disabledCount).toBeGreaterThan(0);
    expect(helpdesk.questions.every((q) => !q.disabled)).toBe(true);
    expect(workspace.rubrics.get('support_tone')?.checks.length).toBeGreaterThanOrEqual(5);
  });

  it('names file, line, column and key path of an unknown key, with did-you-mean', () => {
    const dir = copyExample({
      'datasets/helpdesk.yaml': (t) => t.replace('    expected_tools:', '    expected_tool:'),
    });
    const [error, ...rest] = errorsOf(dir);
    expect(rest).toEqual([]);
    expect(error).toMatch(
      /^datasets\/helpdesk\.yaml:\d+:5 questions\.4\.expected_tool unknown key "expected_tool"; did you mean "expected_tools"\?$/,
    );
  });

  it('never suggests a key itself: a key of another form names that form and what this one takes', () => {
    const dir = copyExample({
      'aieval.yaml': (t) =>
        t.replace('{ name: catalog, command: node,', '{ name: catalog, url: http://127.0.0.1:9/mcp, command: node,'),
    });
    const [error, ...rest] = errorsOf(dir);
    expect(rest).toEqual([]);
    expect(error).toMatch(
      /^aieval\.yaml:\d+:\d+ targets\.1\.tools\.0\.url key "url" belongs to another form of this entry \(the form with name, url, headers\); this one takes name, command, args, env$/,
    );
    expect(error).not.toMatch(/did you mean/);
  });

  it('reports a YAML syntax error with its position instead of an empty dataset', () => {
    const dir = copyExample({ 'datasets/helpdesk.yaml': (t) => t.replace('tags: [hours]', 'tags: [hours') });
    const errors = errorsOf(dir);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => /^datasets\/helpdesk\.yaml:\d+:\d+ \(file\) YAML syntax error: /.test(e))).toBe(true);
    expect(loadWorkspace(dir).datasets.has('helpdesk')).toBe(false);
  });

  it('refuses a dataset without questions, or with every question disabled', () => {
    const empty = copyExample({ 'datasets/other.yaml': () => 'id: other\nquestions: []\n' });
    expect(errorsOf(empty)).toEqual(['datasets/other.yaml:2:1 questions a dataset needs at least one question']);
    const disabled = copyExample({
      'datasets/other.yaml': () => 'id: other\nquestions:\n  - { id: a, input: hi, disabled: true }\n',
    });
    expect(errorsOf(disabled)).toEqual([
      'datasets/other.yaml:2:1 questions every question is disabled: the dataset has nothing to run',
    ]);
  });

  it('reports references to an unknown provider, dataset and rubric', () => {
    const dir = copyExample({
      'aieval.yaml': (t) =>
        t
          .replace('    provider: local\n    model: qwen3:8b', '    provider: remote\n    model: qwen3:8b')
          .replace('dataset: helpdesk\n    graders: [relevance', 'dataset: nope\n    graders: [relevance'),
      'datasets/helpdesk.yaml': (t) => t.replace('rubric_ref: support_tone', 'rubric_ref: support_tone@2'),
    });
    const errors = errorsOf(dir).join('\n');
    expect(errors).toMatch(/aieval\.yaml:\d+:5 targets\.1\.provider unknown provider "remote"; known: local/);
    expect(errors).toMatch(/aieval\.yaml:\d+:5 targets\.0\.dataset unknown dataset "nope" \(no datasets\/nope\.yaml\)/);
    expect(errors).toMatch(
      /datasets\/helpdesk\.yaml:\d+:5 questions\.0\.rubric_ref rubric "support_tone" is version 1\.0\.0, not support_tone@2/,
    );
  });

  it('suggests the nearest grader id for a misspelt one', () => {
    const dir = copyExample({ 'aieval.yaml': (t) => t.replace('[relevance_grader,', '[relevence_grader,') });
    expect(errorsOf(dir)[0]).toMatch(
      /targets\.0\.graders\.0 "relevence_grader" is not one of .*; did you mean "relevance_grader"\?/,
    );
  });

  it('reports a missing aieval.yaml', () => {
    const dir = copyExample({});
    rmSync(`${dir}/aieval.yaml`);
    expect(errorsOf(dir)).toEqual([
      'aieval.yaml:1:1 (file) missing file: aieval.yaml (create one with "ai-eval init")',
    ]);
  });
});
