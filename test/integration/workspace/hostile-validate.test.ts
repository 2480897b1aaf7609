// What a run refuses, validate refuses first, as `file:line:col key message` and exit 2: an llm_judge template that is
// a path, bytes that are not UTF-8, a YAML tag beyond the core schema, a workspace with no target. Each hostile file is
// committed under test/fixtures/hostile/validate and dropped into a copy of a small valid workspace.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../support/cli';
import { copyHostile, HOSTILE_DIR } from '../../support/hostile';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-hostile-validate-cfg-'));

const CASES: readonly [fixture: string, placedAt: string, line: string][] = [
  [
    'template-path.rubric.yaml',
    'rubrics/redos.yaml',
    'rubrics/redos.yaml:8:5 checks.0.template must be a judge template name in snake_case (judge-templates/<name>.md), not a path',
  ],
  [
    'invalid-utf8.dataset.yaml',
    'datasets/d.yaml',
    'datasets/d.yaml:6:19 (file) datasets/d.yaml is not UTF-8 text: byte 0xe9 at byte offset 161 is no UTF-8 character; save the file as UTF-8',
  ],
  [
    'js-function-tag.dataset.yaml',
    'datasets/d.yaml',
    'datasets/d.yaml:6:26 questions.0.input YAML tag !!js/function is not allowed: a workspace file holds plain values (text, numbers, true/false, null, lists, maps); remove the tag',
  ],
  [
    'no-targets.aieval.yaml',
    'aieval.yaml',
    'aieval.yaml:5:1 targets lists no target: add one, a run has nothing to evaluate without it',
  ],
];

describe('validate refuses first what run refuses', () => {
  it.each(CASES)('%s: validate and run both exit 2 with the positioned line', async (fixture, placedAt, line) => {
    const workspace = copyHostile('schema-pattern');
    copyFileSync(join(HOSTILE_DIR, 'validate', fixture), join(workspace, placedAt));
    const validate = await runCliInProcess(['validate', '--workspace', workspace], configDir);
    expect(validate.stderr.split('\n')).toContain(line);
    expect(validate.code).toBe(2);
    const run = await runCliInProcess(['run', '--workspace', workspace], configDir);
    expect(run.stderr).toContain(line);
    expect(run.code).toBe(2);
  });

  it('a question whose rubric file exists but is invalid says so and points at the file (issue 37 item 7)', async () => {
    const workspace = copyHostile('schema-pattern');
    copyFileSync(join(HOSTILE_DIR, 'validate', 'template-path.rubric.yaml'), join(workspace, 'rubrics', 'redos.yaml'));
    const validate = await runCliInProcess(['validate', '--workspace', workspace], configDir);
    expect(validate.stderr).toContain(
      'datasets/d.yaml:6:5 questions.0.rubric_ref rubric "redos" is invalid: rubrics/redos.yaml has errors (listed with it); fix them first',
    );
    expect(validate.stderr).not.toContain('unknown rubric');
  });

  it('the workspace they are dropped into validates', async () => {
    const validate = await runCliInProcess(['validate', '--workspace', copyHostile('schema-pattern')], configDir);
    expect(validate.code).toBe(0);
  });
});
