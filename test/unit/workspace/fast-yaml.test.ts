import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { dataset as datasetSchema } from '../../../src-shared/model';
import { readYamlFast } from '../../../src-main/workspace/fast-yaml';
import { validateYamlFile } from '../../../src-main/workspace/validate-file';
import { EXAMPLE_DIR } from '../../support/workspace';

const helpdesk = readFileSync(join(EXAMPLE_DIR, 'datasets/helpdesk.yaml'), 'utf8');

/** Scalars where js-yaml's own core schema and the yaml library disagree, and their neighbours. */
const SCALARS = [
  '0b11',
  '0o17',
  '0x1F',
  '1_000',
  '+12',
  '012',
  '-0',
  '1e3',
  '.5',
  '+.5',
  '0.',
  '1.',
  '-1.5e-3',
  '.inf',
  '-.Inf',
  '+.INF',
  '.NaN',
  '~',
  '',
  'Null',
  'NULL',
  'TRUE',
  'True',
  'tRUE',
  'yes',
  'on',
  '1:20',
  '2026-12-01',
  '"\\x41"',
  "'it''s'",
  '!!int "3"',
  '!!str 12',
  '[1, 2.0, x]',
  '|\n  block\n',
  '>-\n  folded\n  text\n',
];

describe('readYamlFast', () => {
  it('reads every scalar of the core schema as the yaml library does', () => {
    const read = (parser: (text: string) => unknown) => SCALARS.map((scalar) => parser(`v: ${scalar}`));
    expect(read(readYamlFast)).toEqual(read((text) => parse(text)));
  });

  it('reads the example dataset (comments, flow maps, multi-turn input, metadata) as the yaml library does', () => {
    expect(readYamlFast(helpdesk)).toEqual(parse(helpdesk));
  });

  it('resolves a scalar alias, and leaves `<<` a plain key as YAML 1.2 does', () => {
    const text = 'a: &x 1\nb:\n  <<: *x\nc: *x\n';
    expect(readYamlFast(text)).toEqual(parse(text));
  });

  it('declines a collection alias (shared by js-yaml), so the positioned parse applies the alias limit', () => {
    const text = 'a: &x { k: 1 }\nb:\n  <<: *x\nc: *x\n';
    expect(readYamlFast(text)).toBeUndefined();
    expect(readYamlFast('a: &m { self: *m }\n')).toBeUndefined();
  });

  it('declines what js-yaml would read differently: a directive, an explicit key, a list, map or alias as a key', () => {
    for (const text of [
      '%YAML 1.1\n---\na: yes\n',
      '? a\n: 1\n',
      '[a, b]: 1\n',
      'm:\n  {a: 1}: 2\n',
      'x: [{[k]: 1}]\n',
      't: &t [a, b]\nm:\n  *t : 1\n',
    ]) {
      expect(readYamlFast(text), text).toBeUndefined();
    }
    expect(readYamlFast('q: Open? yes\ntags: [a, b]\nm: {a: 1}\n')).toEqual({
      q: 'Open? yes',
      tags: ['a', 'b'],
      m: { a: 1 },
    });
  });

  it('refuses a syntax error, a duplicate key and a second document', () => {
    expect(readYamlFast('a: [unclosed\n')).toBeUndefined();
    expect(readYamlFast('a: 1\na: 2\n')).toBeUndefined();
    expect(readYamlFast('a: 1\n---\nb: 2\n')).toBeUndefined();
  });
});

describe('validateYamlFile through the fast read', () => {
  const positionedOnly = false;

  it('gives the same dataset through the fast read as through the positioned parse', () => {
    const positioned = validateYamlFile('datasets/helpdesk.yaml', helpdesk, datasetSchema, positionedOnly);
    const fast = validateYamlFile('datasets/helpdesk.yaml', helpdesk, datasetSchema);
    expect(positioned.issues).toEqual([]);
    expect(fast.value).toEqual(positioned.value);
  });

  it('locates a problem found after validation, parsing positions only then', () => {
    const text = 'id: d\nquestions:\n  - id: a\n    input: hi\n  - id: b\n    input: there\n';
    const parsed = validateYamlFile('datasets/d.yaml', text, datasetSchema);
    expect(parsed.value?.questions).toHaveLength(2);
    expect(parsed.locate(['questions', 1, 'input'], 'error', 'x')).toMatchObject({ line: 6, column: 5 });
  });

  it('reports an invalid file with the issues and positions of the positioned parse', () => {
    const text = 'id: d\nquestions:\n  - id: a\n    input: hi\n  - id: b\n    inptu: there\n';
    const fast = validateYamlFile('datasets/d.yaml', text, datasetSchema);
    expect(fast.value).toBeUndefined();
    expect(fast.issues).toEqual(validateYamlFile('datasets/d.yaml', text, datasetSchema, positionedOnly).issues);
    expect(fast.issues.map((issue) => `${issue.line}:${issue.column} ${issue.path}`)).toContain(
      '6:5 questions.1.inptu',
    );
  });

  it('reports a YAML syntax error and an empty file with positions', () => {
    const broken = validateYamlFile('datasets/d.yaml', 'id: d\nquestions: [\n', datasetSchema);
    expect(broken.issues[0]?.message).toMatch(/^YAML syntax error: /);
    const empty = validateYamlFile('datasets/d.yaml', '# nothing\n', datasetSchema);
    expect(empty.issues.map((issue) => issue.message)).toEqual(['the file is empty']);
  });
});
