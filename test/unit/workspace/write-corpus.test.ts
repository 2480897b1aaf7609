import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, parse, parseDocument } from 'yaml';
import { settings as settingsSchema, target as targetSchema, type Question } from '../../../src-shared/model';
import { appendYaml, moveYamlItem, setYaml } from '../../../src-shared/yaml/yaml-edit';
import { appendQuestions } from '../../../src-main/engine/traces/promote';
import { withSystemPrompt } from '../../../src-main/engine/optimizer/system-prompt-yaml';
import { withSettings, withTarget } from '../../../src-main/workspace/write-config';
import { withConnections } from '../../../src-main/workspace/write-providers';
import { addQuestion, moveQuestion, toggleDisabled } from '../../../src-renderer/features/datasets/question-edits';
import { lineDiff } from '../../../src-shared/text/line-diff';
import { EXAMPLE_DIR } from '../../support/workspace';

const CORPUS = join(import.meta.dirname, '..', '..', 'fixtures', 'yaml-corpus');
const read = (file: string) => readFileSync(join(CORPUS, file), 'utf8');
const datasets = readdirSync(CORPUS).filter((file) => !file.startsWith('aieval'));
const configs = [
  ...readdirSync(CORPUS)
    .filter((file) => file.startsWith('aieval'))
    .map((file) => ({ name: file, text: read(file) })),
  { name: 'example aieval.yaml', text: readFileSync(join(EXAMPLE_DIR, 'aieval.yaml'), 'utf8') },
];

/** Lines added at the end of a file without a final newline also rewrite its last line (it gains one). */
const onlyAdded = (before: string, after: string) => {
  const { removed, added } = lineDiff(before, after);
  if (before.endsWith('\n')) expect(removed).toEqual([]);
  else expect(removed).toEqual([before.slice(before.lastIndexOf('\n') + 1)]);
  return added;
};

/** The source lines of the value at `path`, from its key's line: the only lines an edit of that value may touch. */
function linesOfValue(text: string, path: (string | number)[]): string[] {
  const doc = parseDocument(text);
  const node = doc.getIn(path, true) as { range: [number, number, number] };
  const parent = doc.getIn(path.slice(0, -1), true);
  const pair = isMap(parent) ? parent.items.find((item) => isScalar(item.key) && item.key.value === path.at(-1)) : null;
  const start = pair && isScalar(pair.key) ? pair.key.range![0] : node.range[0];
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const end = text.indexOf('\n', node.range[1] - 1);
  return text.slice(from, end < 0 ? text.length : end + 1).split(/(?<=\n)/);
}

const PROMOTED: Question = {
  id: 'promoted_question',
  input: 'When is the branch open?\nAnd on holidays?',
  tags: ['hours', 'two words'],
  metadata: { source_trace: '0af7651916cd43dd8448eb211c80319c', review_note: 'the answer invents a due date' },
};

describe('the write corpus', () => {
  it('holds at least twelve differently styled files', () => {
    expect(datasets.length + configs.length - 1).toBeGreaterThanOrEqual(12);
    const all = [...datasets.map(read), ...configs.map((c) => c.text)].join('\n');
    for (const feature of ['\r\n', ': |', ': >', '&', '*', '{', "'", '"', '  #', '-   id'])
      expect(all).toContain(feature);
  });
});

describe.each(datasets)('dataset %s', (file) => {
  const text = read(file);
  const questions = () => parse(text).questions as Question[];

  it('promotion only adds lines, in the style of the questions there', () => {
    const next = appendQuestions(text, [PROMOTED]);
    const added = onlyAdded(text, next);
    expect(added.length).toBeGreaterThan(0);
    expect(parse(next).questions).toEqual([...questions(), PROMOTED]);
    expect(next.includes('\r\n')).toBe(text.includes('\r\n'));
    if (text.includes('\r\n')) expect(next.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('the question table adds a question with added lines only', () => {
    const next = addQuestion(text);
    onlyAdded(text, next);
    expect((parse(next).questions as Question[]).at(-1)!.id).toBe('new_question');
  });

  it('disabling a question touches its lines only, and enabling it again restores the file', () => {
    const disabled = toggleDisabled(text, 0);
    expect((parse(disabled).questions as Question[])[0]!.disabled).toBe(true);
    const { removed, added } = lineDiff(text, disabled);
    const own = linesOfValue(text, ['questions', 0]);
    for (const line of removed) expect(own).toContain(line);
    expect(added.length - removed.length).toBeLessThanOrEqual(1);
    expect(toggleDisabled(disabled, 0)).toBe(text);
  });

  it('moving a question down then up gives back the file byte for byte (blank lines too)', () => {
    if (questions().length < 2) return;
    const moved = moveQuestion(text, 0, 1);
    expect((parse(moved).questions as Question[]).map((q) => q.id)).toEqual([
      questions()[1]!.id,
      questions()[0]!.id,
      ...questions()
        .slice(2)
        .map((q) => q.id),
    ]);
    expect(moveQuestion(moved, 1, -1)).toBe(text);
  });

  it('changing one question input rewrites that value only', () => {
    const last = questions().length - 1;
    const next = setYaml(text, ['questions', last, 'input'], 'A new question text?');
    expect((parse(next).questions as Question[])[last]!.input).toBe('A new question text?');
    const { removed, added } = lineDiff(text, next);
    const own = linesOfValue(text, ['questions', last, 'input']);
    expect(removed.length).toBeGreaterThan(0);
    for (const line of removed) expect(own).toContain(line);
    expect(added.join('')).toContain('A new question text?');
  });

  it('an edit that changes nothing leaves the file byte-identical', () => {
    expect(setYaml(text, [], parse(text))).toBe(text);
    expect(setYaml(text, ['questions', 0], questions()[0])).toBe(text);
    expect(appendQuestions(text, [])).toBe(text);
    expect(appendYaml(text, ['questions'], [])).toBe(text);
    expect(moveYamlItem(text, ['questions'], 0, 0)).toBe(text);
    expect(moveQuestion(text, 0, -1)).toBe(text);
  });
});

describe.each(configs)('workspace file $name', ({ text }) => {
  const raw = parse(text) as {
    targets: Record<string, unknown>[];
    settings?: unknown;
    providers: never;
    judge?: never;
  };

  it('saving every target as read leaves the file byte-identical (MCP arguments with spaces included)', () => {
    for (const target of raw.targets) expect(withTarget(text, targetSchema.parse(target))).toBe(text);
    expect(withSettings(text, settingsSchema.parse(raw.settings ?? {}))).toBe(text);
    expect(withConnections(text, raw.providers, raw.judge ?? null)).toBe(text);
  });

  it('a changed model rewrites one line', () => {
    const target = targetSchema.parse(raw.targets[0]);
    const next = withTarget(text, { ...target, model: 'another:7b' });
    const { removed, added } = lineDiff(text, next);
    expect(removed).toHaveLength(1);
    expect(added).toHaveLength(1);
    expect(added[0]).toContain('another:7b');
    expect(removed[0]!.replace(String(raw.targets[0]!.model), 'another:7b')).toBe(added[0]);
  });

  it('changed settings rewrite the changed value only', () => {
    const settings = settingsSchema.parse(raw.settings ?? {});
    const next = withSettings(text, { ...settings, concurrency: 2 });
    const { removed, added } = lineDiff(text, next);
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0]!.replace('concurrency: 4', 'concurrency: 2')]);
  });

  it('an optimizer prompt rewrites the system_prompt value only, keeping its quoting and comment', () => {
    const id = String(raw.targets[0]!.id);
    const next = withSystemPrompt(text, id, 'Answer briefly and cite the opening hours.');
    expect(parse(next).targets[0].system_prompt).toBe('Answer briefly and cite the opening hours.');
    const { removed } = lineDiff(text, next);
    const own = linesOfValue(text, ['targets', 0, 'system_prompt']);
    for (const line of removed) expect(own).toContain(line);
    const comment = own[0]!.match(/#.*$/)?.[0];
    if (comment) expect(next).toContain(comment);
    // Revert: the old prompt back gives the file back.
    expect(withSystemPrompt(next, id, String(raw.targets[0]!.system_prompt ?? ''))).toBe(text);
  });
});
