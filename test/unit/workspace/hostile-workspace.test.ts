// The malformed workspaces of issue 19: each is refused by the loader with `file:line:col key.path message`, never
// accepted for a run to trip on, never a stack trace.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { formatIssue } from '../../../src-shared/model';
import { LineCounter, parseDocument } from 'yaml';
import { loadWorkspace } from '../../../src-main/workspace/load-workspace';
import { syntaxIssues } from '../../../src-main/workspace/validate-file';
import { copyExample } from '../../support/workspace';

const errorsOf = (dir: string) =>
  loadWorkspace(dir)
    .issues.filter((i) => i.severity === 'error')
    .map(formatIssue);

function lineCounterOf(text: string): LineCounter {
  const lineCounter = new LineCounter();
  parseDocument(text, { lineCounter });
  return lineCounter;
}

/** Nine levels of nine aliases: 9^9 copies once expanded. */
const ALIAS_BOMB = [
  'a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]',
  ...'bcdefghi'.split('').map((name, i) => {
    const prev = 'abcdefghi'[i];
    return `${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`;
  }),
].join('\n');

const questionsWithMetadata = (metadata: string) =>
  `id: other\nquestions:\n  - id: q1\n    input: hi\n    metadata:\n${metadata}\n`;

const HOSTILE_DEEP = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile', 'deep');

const rubricWith = (checks: string) => `id: extra\nchecks:\n${checks}\n`;
/** The errors of a copy of the example with rubrics/extra.yaml holding `checks`. */
const errorsOfRubric = (checks: string) => errorsOf(copyExample({ 'rubrics/extra.yaml': () => rubricWith(checks) }));

describe('validate refuses what a run would trip on', () => {
  it('lists and maps nested deeper than 256 levels, or past the parser stack: "nested too deeply", no stack overflow', () => {
    const deep = (name: string) => () => readFileSync(join(HOSTILE_DEEP, name), 'utf8');
    const block = Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i + 3)}k:`).join('\n');
    for (const make of [
      deep('flow-300.dataset.yaml'),
      deep('flow-3000.dataset.yaml'),
      () => questionsWithMetadata(block), // Node 24's parser records two stack errors for this one overflow
      () => questionsWithMetadata(`      k: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}`),
    ]) {
      const errors = errorsOf(copyExample({ 'datasets/other.yaml': make }));
      expect(errors).toEqual([
        expect.stringMatching(
          /^datasets\/other\.yaml:\d+:\d+ \S+ nested too deeply \(limit 256 levels of lists and maps\)$/,
        ),
      ]);
      expect(errors.join('')).not.toMatch(/call stack/);
    }
  });

  it('one overflow the parser records twice is one problem, at the first', () => {
    const text = 'a:\n  b:\n    c: 1\n';
    const overflow = 'Maximum call stack size exceeded';
    const issues = syntaxIssues('datasets/x.yaml', lineCounterOf(text), [
      { pos: [3, 4], message: overflow },
      { pos: [8, 9], message: `${overflow}\nat line 2` },
      { pos: [14, 15], message: 'Map keys must be unique\nat line 3' },
    ]);
    expect(issues.map(formatIssue)).toEqual([
      'datasets/x.yaml:2:1 (file) nested too deeply (limit 256 levels of lists and maps)',
      'datasets/x.yaml:3:7 (file) YAML syntax error: Map keys must be unique',
    ]);
  });

  it('an alias bomb under 1 MB, at the first alias', () => {
    const dir = copyExample({
      'datasets/other.yaml': () => questionsWithMetadata(ALIAS_BOMB.replace(/^/gm, '      ')),
    });
    expect(errorsOf(dir)).toEqual([
      expect.stringMatching(
        /^datasets\/other\.yaml:7:\d+ \(file\) the aliases expand past 100 copies .*write the values out/,
      ),
    ]);
  });

  it('an alias bomb in a dataset of 1 MB or more (the fast reader), at the first alias', () => {
    const padding = `# ${'p'.repeat(1_100_000)}\n`;
    const dir = copyExample({
      'datasets/other.yaml': () => padding + questionsWithMetadata(ALIAS_BOMB.replace(/^/gm, '      ')),
    });
    expect(errorsOf(dir)).toEqual([
      expect.stringMatching(/^datasets\/other\.yaml:8:\d+ \(file\) the aliases expand past 100/),
    ]);
  });

  it.each([
    ['under 1 MB', ''],
    ['of 1 MB or more', `# ${'p'.repeat(1_100_000)}\n`],
  ])('a self-referencing alias %s', (_name, padding) => {
    const dir = copyExample({
      'datasets/other.yaml': (t) => padding + questionsWithMetadata('      m: &m { self: *m }') + t,
    });
    const offset = padding ? 1 : 0;
    expect(errorsOf(dir)).toEqual([
      `datasets/other.yaml:${6 + offset}:21 questions.0.metadata.m.self alias *m is inside &m, the value it names: it would contain itself`,
    ]);
  });

  it('a rubric whose composite check contains itself (a rubric cycle)', () => {
    expect(errorsOfRubric('  - &loop\n    id: c\n    kind: composite\n    checks: [*loop]')).toEqual([
      'rubrics/extra.yaml:6:14 checks.0.checks.0 alias *loop is inside &loop, the value it names: it would contain itself',
    ]);
  });

  it('an alias to no anchor, at the alias', () => {
    const dir = copyExample({ 'aieval.yaml': (t) => t.replace('model: qwen3:8b', 'model: *nope') });
    expect(errorsOf(dir)).toEqual([
      expect.stringMatching(
        /^aieval\.yaml:\d+:12 targets\.1\.model unknown alias \*nope: no anchor &nope is set before it$/,
      ),
    ]);
  });

  it('a list used as a key, at its own line', () => {
    const dir = copyExample({
      'datasets/other.yaml': () => 'id: other\nquestions:\n  - id: q1\n    ? [a, b]\n    : 1\n    input: hi\n',
    });
    expect(errorsOf(dir)).toEqual(['datasets/other.yaml:4:7 questions.0 a key must be a plain value, not a list']);
  });

  it('an alias naming a list, or a !!binary scalar, used as a key: positioned, nothing on stderr (found by the fuzzer)', () => {
    const dir = copyExample({
      'datasets/other.yaml': () => 'id: other\ntags: &t [a]\nquestions:\n  - id: q1\n    *t : 1\n    input: hi\n',
    });
    const warnings = vi.spyOn(process, 'emitWarning');
    expect(errorsOf(dir)).toEqual(['datasets/other.yaml:5:5 questions.0 a key must be a plain value, not a list']);
    const binary = copyExample({ 'datasets/other.yaml': () => 'id: other\n!!binary questions: []\n' });
    expect(errorsOf(binary)).toEqual([
      'datasets/other.yaml:2:10 (file) YAML tag !!binary is not allowed: a workspace file holds plain values (text, numbers, true/false, null, lists, maps); remove the tag',
    ]);
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
  });

  it('a regex that does not compile, and one that cannot run in linear time', () => {
    expect(
      errorsOfRubric(
        '  - { id: a, kind: regex, pattern: "(unclosed" }\n  - { id: b, kind: regex, pattern: "(x)\\\\1" }',
      ),
    ).toEqual([
      expect.stringMatching(
        /^rubrics\/extra\.yaml:3:\d+ checks\.0\.pattern invalid regex \/\(unclosed\/: .*Unterminated group/,
      ),
      expect.stringMatching(
        /^rubrics\/extra\.yaml:4:\d+ checks\.1\.pattern regex \/\(x\)\\1\/ cannot be matched in linear time/,
      ),
    ]);
  });

  it('accepts a backtracking-prone pattern, which runs in linear time', () => {
    expect(errorsOfRubric('  - { id: a, kind: regex, pattern: "^(a+)+$" }')).toEqual([]);
  });

  it('a JSON Schema that is not one', () => {
    expect(errorsOfRubric('  - id: a\n    kind: json_schema\n    schema: { type: 5 }')).toEqual([
      expect.stringMatching(
        /^rubrics\/extra\.yaml:5:5 checks\.0\.schema the schema does not compile: schema is invalid/,
      ),
    ]);
  });

  it('duplicate check ids, at every level', () => {
    expect(
      errorsOfRubric(
        '  - { id: a, kind: format }\n  - { id: a, kind: format }\n  - id: c\n    kind: composite\n    checks: [{ id: x, kind: format }, { id: x, kind: format }]',
      ),
    ).toEqual([
      expect.stringMatching(/^rubrics\/extra\.yaml:4:\d+ checks\.1\.id duplicate check id "a"/),
      expect.stringMatching(/^rubrics\/extra\.yaml:7:\d+ checks\.2\.checks\.1\.id duplicate check id "x"/),
    ]);
  });

  it('a target_match source that is a file path, not a dot path into the question', () => {
    expect(errorsOfRubric('  - { id: a, kind: target_match, source: "../../etc/passwd" }')).toEqual([
      expect.stringMatching(
        /^rubrics\/extra\.yaml:3:\d+ checks\.0\.source "\.\.\/\.\.\/etc\/passwd" is not a dot path into the question/,
      ),
    ]);
  });

  it('a state_check pattern that cannot run', () => {
    const dir = copyExample({
      'datasets/other.yaml': () =>
        questionsWithMetadata(
          '      state:\n        server: catalog\n        assertions:\n          - { id: s, tool: t, expect: { matches: "(?=x)" } }',
        ),
    });
    expect(errorsOf(dir)).toEqual([
      expect.stringMatching(
        /^datasets\/other\.yaml:9:\d+ questions\.0\.metadata\.state\.assertions\.0\.expect\.matches regex/,
      ),
    ]);
  });

  it('a pass_rate gate of 3.5, which can never pass', () => {
    const dir = copyExample({
      'aieval.yaml': (t) => t.replace('metric: pass_rate, threshold: 0.8', 'metric: pass_rate, threshold: 3.5'),
    });
    expect(errorsOf(dir)).toEqual([
      expect.stringMatching(/^aieval\.yaml:\d+:\d+ targets\.1\.gate\.threshold 3\.5 is outside pass_rate's range 0-1/),
    ]);
  });

  it('a replay cassette that does not exist, or lies outside the workspace', () => {
    const missing = copyExample({
      'aieval.yaml': (t) => t.replace('file: recordings/helpdesk.jsonl', 'file: recordings/gone.jsonl'),
    });
    expect(errorsOf(missing)).toEqual([
      expect.stringMatching(
        /^aieval\.yaml:15:28 providers\.offline\.file replay cassette: recordings\/gone\.jsonl does not exist/,
      ),
    ]);
    const outside = copyExample({
      'aieval.yaml': (t) => t.replace('file: recordings/helpdesk.jsonl', 'file: ../elsewhere.jsonl'),
    });
    expect(errorsOf(outside)).toEqual([
      expect.stringMatching(
        /^aieval\.yaml:15:28 providers\.offline\.file replay cassette: \.\.\/elsewhere\.jsonl is outside the workspace/,
      ),
    ]);
  });

  it('a dataset that is a symlink out of the workspace, a dangling symlink, and a folder', () => {
    const dir = copyExample();
    const outside = mkdtempSync(join(tmpdir(), 'aieval-outside-'));
    writeFileSync(join(outside, 'secret.yaml'), 'id: secret\nquestions: [{ id: q, input: hi }]\n');
    symlinkSync(join(outside, 'secret.yaml'), join(dir, 'datasets/secret.yaml'));
    symlinkSync(join(dir, 'nowhere.yaml'), join(dir, 'datasets/dangling.yaml'));
    mkdirSync(join(dir, 'datasets/folder.yaml'));
    expect(errorsOf(dir)).toEqual([
      'datasets/dangling.yaml:1:1 (file) datasets/dangling.yaml is a symbolic link to a file that does not exist',
      'datasets/folder.yaml:1:1 (file) datasets/folder.yaml is a folder, not a file',
      expect.stringMatching(
        /^datasets\/secret\.yaml:1:1 \(file\) datasets\/secret\.yaml is a symbolic link to .*, outside the workspace folder$/,
      ),
    ]);
  });

  it('aieval.yaml that is a folder', () => {
    const dir = copyExample();
    rmSync(join(dir, 'aieval.yaml'));
    mkdirSync(join(dir, 'aieval.yaml'));
    expect(errorsOf(dir)).toEqual(['aieval.yaml:1:1 (file) aieval.yaml is a folder, not a file']);
  });

  it('two files for one dataset id', () => {
    const dir = copyExample({ 'datasets/helpdesk.yml': () => 'id: helpdesk\nquestions: [{ id: q, input: hi }]\n' });
    expect(errorsOf(dir)).toEqual([
      'datasets/helpdesk.yml:1:1 (file) duplicate id "helpdesk": datasets/helpdesk.yaml has it too; keep one of the two files',
    ]);
  });
});
