import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, labelLine, type GoldItemFile } from '../../../../src-shared/model';
import {
  goldItemFileText,
  readGoldItemFile,
  sampledItemId,
  shortHash,
} from '../../../../src-main/workspace/labels/gold-item-file';
import { appendLine, jsonLine, readJsonLines } from '../../../../src-main/workspace/labels/json-lines';

const content: Omit<GoldItemFile, 'id'> = {
  grader: 'relevance_grader',
  question_id: 'sunday_hours',
  question_hash: shortHash('When is the library open on Sundays?'),
  question: 'When is the library open on Sundays?',
  answer: 'From 12:00 to 17:00.\nClosed on public holidays: café – ok.',
  source: { run: 'run-1', trace: null },
  added_at: '2025-06-01T10:00:00.000Z',
  sample: { seed: 7, stratum: 'judge_pass', inclusion_probability: 0.25 },
  judge: {
    provider: 'openai',
    model: 'gpt-4o-mini',
    template_version: 'judge@1.0.0',
    score: 4,
    verdict: 'pass',
    reason: 'States the hours.',
  },
};
const item: GoldItemFile = { id: sampledItemId(content), ...content };
const where = { grader: item.grader, id: item.id };
const file = `labels/relevance_grader/items/${item.id}.yaml`;

describe('a gold item file', () => {
  it('reads back what it wrote, keys in a fixed order and the answer as a block, UTF-8 as is', () => {
    const text = goldItemFileText(item);
    expect(
      text
        .split('\n')
        .filter((line) => /^[a-z_]+:/.test(line))
        .map((line) => line.split(':')[0]),
    ).toEqual([
      'id',
      'grader',
      'question_id',
      'question_hash',
      'question',
      'answer',
      'source',
      'added_at',
      'sample',
      'judge',
    ]);
    expect(text).toContain('answer: |-\n  From 12:00 to 17:00.\n  Closed on public holidays: café – ok.\n');
    expect(readGoldItemFile(file, text, where)).toEqual({ value: item, issues: [] });
  });

  it('refuses, naming the line, an item edited after sampling or lying in another folder', () => {
    const read = (text: string, at = where) => readGoldItemFile(file, text, at).issues.map(formatIssue);
    const text = goldItemFileText(item);
    expect(read(text.replace('score: 4', 'score: 1'))).toEqual([
      `${file}:3:1 id the item was edited after sampling: its answer, question or judge no longer match its id`,
    ]);
    expect(read(text.replace('Sundays?', 'Mondays?'))[0]).toMatch(
      /:7:1 question the question was edited after sampling/,
    );
    expect(read(text, { ...where, grader: 'accuracy_grader' })[0]).toMatch(
      /grader the item is of relevance_grader, but lies in the folder of accuracy_grader/,
    );
    expect(read(text.replace('inclusion_probability: 0.25', 'inclusion_probability: 4'))[0]).toMatch(
      /sample\.inclusion_probability/,
    );
  });
});

describe('JSON Lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aieval-lines-'));
  const line = {
    id: '0123456789abcdef',
    item: 'g-0123456789abcdef',
    verdict: 'pass',
    note: 'Sonntag: geöffnet',
    reviewer: 'Ana María',
    at: '2025-06-01T10:00:00.000Z',
  };

  it('appends one line each, adding the newline a hand-edited last line lacks', () => {
    const path = join(dir, 'reviewers', 'ana.jsonl');
    appendLine(path, jsonLine(line));
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"id":"half`);
    appendLine(path, jsonLine({ ...line, id: 'fedcba9876543210' }));
    const text = readFileSync(path, 'utf8');
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain('"note":"Sonntag: geöffnet","reviewer":"Ana María"');
    const read = readJsonLines('ana.jsonl', text, labelLine);
    expect(read.lines.map((l) => [l.line, l.value.id])).toEqual([
      [1, '0123456789abcdef'],
      [3, 'fedcba9876543210'],
    ]);
    expect(read.issues.map(formatIssue)).toEqual(['ana.jsonl:2:12 (file) not a JSON object on one line']);
  });

  it('reports a bad line at its key and keeps the others; an interrupted last line says so', () => {
    const text = [
      JSON.stringify({ ...line, verdict: 'maybe' }),
      JSON.stringify({ ...line, colour: 'red' }),
      JSON.stringify(line),
      '{"id":"0123',
    ].join('\n');
    const read = readJsonLines('x.jsonl', text, labelLine);
    expect(read.lines).toHaveLength(1);
    expect(read.issues.map(formatIssue)).toEqual([
      expect.stringMatching(/^x\.jsonl:1:\d+ verdict verdict: Invalid option/),
      expect.stringMatching(/^x\.jsonl:2:1 \(file\) unknown key "colour"$/),
      expect.stringMatching(
        /^x\.jsonl:4:\d+ \(file\) not a JSON object on one line \(an unfinished line: was a write interrupted\?\)$/,
      ),
    ]);
  });
});
