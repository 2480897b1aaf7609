import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../../../src-shared/model';
import { labelsFileText, readLabelsFile } from '../../../../../src-main/engine/grading/trust/labels-file';
import type { JudgeSample } from '../../../../../src-main/engine/grading/trust/sample-judge-calls';
import type { JudgeCallRow } from '../../../../../src-main/store/repos/judges.repo';

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

  it('writes a top-level items list with human_label null and the judge’s answer last', () => {
    const data = parse(text) as { grader: string; seed: number; items: Record<string, unknown>[] };
    expect(data.grader).toBe('relevance_grader');
    expect(data.seed).toBe(77);
    expect(data.items).toHaveLength(2);
    const first = data.items[0]!;
    expect(first).toMatchObject({
      id: 17,
      question: 'When do you open?',
      response: 'Open 9:00-20:00.\nClosed on holidays.',
      human_label: null,
      judge_score: 5,
    });
    // The judge's answer and the sampling stratum (which names the judge's verdict) come after the label.
    const keys = Object.keys(first);
    expect(keys.slice(-4)).toEqual(['judge_score', 'judge_reason', 'stratum', 'inclusion_probability']);
    expect(keys.indexOf('human_label')).toBeLessThan(keys.indexOf('judge_score'));
    expect(first).toMatchObject({ stratum: 'judge_pass', inclusion_probability: 1 / 6 });
  });

  it('starts with instructions and keeps multi-line responses readable as block scalars', () => {
    expect(text.startsWith('# Judge validation labels')).toBe(true);
    expect(text).toContain('response: |');
  });

  it('reads back what it wrote', () => {
    const read = readLabelsFile('labels.yaml', text, 'relevance_grader');
    expect(read.issues).toEqual([]);
    expect(read.value?.items.map((item) => [item.id, item.human_label, item.judge_score])).toEqual([
      [17, null, 5],
      [4, null, 1],
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

  it('flags a misspelt key and a missing judge_score at their items', () => {
    const misspelt = issuesOf(good.replace('human_label: null', 'humanlabel: fail'));
    expect(misspelt.join('\n')).toMatch(
      /items\.1\.humanlabel item 1 \(id 4\): unknown key "humanlabel"; did you mean "human_label"\?/,
    );
    const missing = issuesOf(good.replace(/\n *judge_score: 1\n/, '\n'));
    expect(missing.join('\n')).toMatch(/items\.1\.judge_score item 1 \(id 4\): missing required key "judge_score"/);
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
