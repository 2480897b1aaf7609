import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../../src-shared/model';
import { labelsFileText, readLabelsFile } from '../../../../src-main/engine/trust/labels-file';
import type { JudgeSample } from '../../../../src-main/engine/trust/sample-judge-calls';
import type { JudgeCallRow } from '../../../../src-main/store/repos/judges.repo';

const call = (id: number, score: number, response: string): JudgeCallRow => ({
  id,
  runId: 'run-1',
  questionId: `q${id}`,
  graderId: 'relevance_grader',
  provider: 'local',
  model: 'llama3.1:8b',
  templateVersion: '1.0.0',
  prompt: '',
  responseSeen: response,
  score,
  reason: `reason ${id}`,
  createdAt: 1_700_000_000_000,
});

const sample: JudgeSample = {
  request: {
    grader: 'relevance_grader',
    n: 2,
    windowDays: 30,
    seed: 77,
    stratify: true,
    now: Date.UTC(2025, 0, 2, 3, 4, 5),
  },
  judge: { provider: 'local', model: 'llama3.1:8b', template_version: '1.0.0' },
  population: 9,
  excluded: { scoredInWindow: 9, byOtherJudge: 0, repeats: 0 },
  items: [
    {
      call: call(17, 5, 'Open 9:00-20:00.\nClosed on holidays.'),
      question: 'When do you open?',
      judgePassed: true,
      stratum: 'judge_pass',
      inclusionProbability: 1 / 6,
    },
    {
      call: call(4, 1, 'No idea.'),
      question: 'Can I renew?',
      judgePassed: false,
      stratum: 'judge_fail',
      inclusionProbability: 1 / 3,
    },
  ],
};

describe('labelsFileText', () => {
  const text = labelsFileText(sample);

  it('writes the items with human_label null, and the judge’s answers apart after every item', () => {
    const data = parse(text) as {
      grader: string;
      seed: number;
      items: Record<string, unknown>[];
      judge_answers: Record<string, unknown>[];
    };
    expect(data.grader).toBe('relevance_grader');
    expect(data.seed).toBe(77);
    expect(data.items).toHaveLength(2);
    expect(data.items[0]).toEqual({
      id: 17,
      run_id: 'run-1',
      question_id: 'q17',
      question: 'When do you open?',
      response: 'Open 9:00-20:00.\nClosed on holidays.',
      human_label: null,
      notes: null,
    });
    expect(data.judge_answers).toEqual([
      { id: 17, judge_score: 5, judge_reason: 'reason 17', stratum: 'judge_pass', inclusion_probability: 1 / 6 },
      { id: 4, judge_score: 1, judge_reason: 'reason 4', stratum: 'judge_fail', inclusion_probability: 1 / 3 },
    ]);
    // The labeller reads every item before the first judge score: the answers are the file's last key.
    expect(Object.keys(data).at(-1)).toBe('judge_answers');
    expect(text.lastIndexOf('human_label:')).toBeLessThan(text.indexOf('judge_score:'));
  });

  it('starts with instructions and keeps multi-line responses readable as block scalars', () => {
    expect(text.startsWith('# Judge validation labels')).toBe(true);
    expect(text).toContain('response: |');
  });

  it('reads back what it wrote', () => {
    const read = readLabelsFile('labels.yaml', text, 'relevance_grader');
    expect(read.issues).toEqual([]);
    expect(read.value?.items.map((item) => [item.id, item.human_label])).toEqual([
      [17, null],
      [4, null],
    ]);
    expect(read.value?.judge_answers?.map((answer) => [answer.id, answer.judge_score])).toEqual([
      [17, 5],
      [4, 1],
    ]);
  });
});

describe('readLabelsFile', () => {
  const good = labelsFileText(sample).replace('human_label: null', 'human_label: pass');
  const issuesOf = (text: string, grader?: string) =>
    readLabelsFile('labels.yaml', text, grader).issues.map(formatIssue);

  it('accepts pass, fail, defer and null', () => {
    const text = good.replace(/human_label: null/, 'human_label: defer');
    expect(readLabelsFile('labels.yaml', text).value?.items.map((i) => i.human_label)).toEqual(['pass', 'defer']);
  });

  it('names the file, line and item of a bad label, with a did-you-mean', () => {
    const text = good.replace('human_label: pass', 'human_label: Pass');
    const [issue] = issuesOf(text);
    const line = text.split('\n').findIndex((l) => l.includes('human_label: Pass')) + 1;
    expect(issue).toMatch(
      new RegExp(
        `^labels\\.yaml:${line}:\\d+ items\\.0\\.human_label item 0 \\(id 17\\): "Pass" is not one of pass, fail, defer; did you mean "pass"\\?$`,
      ),
    );
  });

  it('flags a misspelt key (once: not also as a missing human_label) and a missing judge_score', () => {
    const misspelt = issuesOf(good.replace('human_label: null', 'humanlabel: fail'));
    expect(misspelt.join('\n')).toMatch(
      /items\.1\.humanlabel item 1 \(id 4\): unknown key "humanlabel"; did you mean "human_label"\?/,
    );
    expect(misspelt.join('\n')).not.toContain('missing required key "human_label"');
    const missing = issuesOf(good.replace(/\n *judge_score: 1\n/, '\n'));
    expect(missing.join('\n')).toMatch(/judge_answers\.1\.judge_score missing required key "judge_score"/);
  });

  it('refuses duplicate ids, another grader’s file, an empty list and broken YAML', () => {
    expect(issuesOf(good.replace('id: 4', 'id: 17')).join('\n')).toMatch(
      /items\.1\.id item 1 \(id 17\): duplicate id 17 \(also items\.0\)/,
    );
    expect(issuesOf(good, 'accuracy_grader').join('\n')).toMatch(
      /grader this file holds labels for relevance_grader, not accuracy_grader/,
    );
    expect(issuesOf('items: []\n').join('\n')).toMatch(/items the file lists no items/);
    expect(issuesOf('items: [\n').join('\n')).toMatch(/^labels\.yaml:\d+:\d+ \(file\) YAML syntax error/);
    expect(issuesOf('').join('\n')).toMatch(/the file is empty/);
  });
});
