import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataset, workspaceConfig } from '../../../../src-shared/model';
import { questionText, sampleJudgeCalls, toGoldItemFiles } from '../../../../src-main/engine/trust/sample-judge-calls';
import { sampledItemId, shortHash } from '../../../../src-main/workspace/labels/gold-item-file';
import type { Store, StoreApi } from '../../../../src-main/store/store';
import type { Workspace } from '../../../../src-main/workspace/load-workspace';
import { insertJudgeCalls, memoryStore } from './store-fixture';

const DAY = 86_400_000;
const NOW = 100 * DAY;

const helpdesk = dataset.parse({
  id: 'helpdesk',
  questions: [
    { id: 'hours', input: 'When do you open?' },
    {
      id: 'chat',
      input: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
        { role: 'user', content: 'Renew?' },
      ],
    },
  ],
});
const workspace = (
  judge = { provider: 'local', model: 'llama3.1:8b' },
): Workspace & { config: NonNullable<Workspace['config']> } => ({
  dir: '/nowhere',
  config: workspaceConfig.parse({
    judge,
    targets: [
      { id: 'chat', provider: 'local', model: 'llama3.1:8b', dataset: 'helpdesk', graders: ['relevance_grader'] },
    ],
  }),
  datasets: new Map([
    [
      'helpdesk',
      { file: 'datasets/helpdesk.yaml', dataset: helpdesk, questions: helpdesk.questions, disabledCount: 0 },
    ],
  ]),
  rubrics: new Map(),
  issues: [],
});
const request = { grader: 'relevance_grader' as const, n: 6, windowDays: 30, seed: 42, stratify: true, now: NOW };

let store: Store;
let db: StoreApi;
beforeEach(() => ({ store, db } = memoryStore()));
afterEach(() => store.close());

describe('sampleJudgeCalls', () => {
  it('samples scored calls of the window by the current judge, stratified by the judge’s verdict', async () => {
    const recent = NOW - 5 * DAY;
    insertJudgeCalls(store, [
      ...Array.from({ length: 10 }, (_, i) => ({ score: 5, createdAt: recent + i })),
      ...Array.from({ length: 10 }, (_, i) => ({ score: 1, createdAt: recent + 100 + i })),
      { score: 0, createdAt: NOW - 40 * DAY }, // outside the window
      { score: null, createdAt: recent }, // an error: no verdict
      { score: 0, createdAt: recent, model: 'other' }, // another judge model
      { score: 0, createdAt: recent, grader: 'accuracy_grader' }, // another grader
    ]);
    const sample = await sampleJudgeCalls(db, workspace(), request);
    expect(sample.population).toBe(20);
    expect(sample.items).toHaveLength(6);
    expect(sample.items.filter((item) => item.judgePassed)).toHaveLength(3);
    expect(sample.judge).toEqual({ provider: 'local', model: 'llama3.1:8b', template_version: '1.0.0' });
    expect(new Set(sample.items.map((item) => item.call.model))).toEqual(new Set(['llama3.1:8b']));
    const again = await sampleJudgeCalls(db, workspace(), request);
    expect(again.items.map((item) => item.call.id)).toEqual(sample.items.map((item) => item.call.id));
  });

  it('samples repeats of an identical answer once (the oldest call) and counts what it left out', async () => {
    const recent = NOW - 5 * DAY;
    const same = { question: 'When do you open?', response: 'At nine.', createdAt: recent };
    const ids = insertJudgeCalls(store, [
      { score: 5, ...same },
      { score: 4, ...same }, // a repeat: the judge saw the same prompt
      { score: 5, ...same, response: 'At 9:00.' },
      { score: 1, ...same, model: 'other' },
    ]);
    const sample = await sampleJudgeCalls(db, workspace(), { ...request, n: 30 });
    expect(sample.items.map((item) => item.call.id).sort()).toEqual([ids[0], ids[2]]);
    expect(sample.population).toBe(2);
    expect(sample.excluded).toEqual({ scoredInWindow: 4, byOtherJudge: 1, repeats: 1 });
  });

  it('keeps only the latest template version of the current judge', async () => {
    insertJudgeCalls(store, [
      { score: 5, template: '1.0.0', createdAt: NOW - 3 * DAY },
      { score: 1, template: '2.0.0', createdAt: NOW - 2 * DAY },
      { score: 5, template: '2.0.0', createdAt: NOW - DAY },
    ]);
    const sample = await sampleJudgeCalls(db, workspace(), request);
    expect(sample.items.map((item) => item.call.templateVersion)).toEqual(['2.0.0', '2.0.0']);
  });

  it('says what is missing when there is nothing to sample, and refuses deterministic graders', async () => {
    insertJudgeCalls(store, [{ score: 5, createdAt: NOW - 60 * DAY }]);
    await expect(sampleJudgeCalls(db, workspace(), request)).rejects.toThrow(
      'no scored relevance_grader calls by local/llama3.1:8b (template 1.0.0) in the last 30 days; run a target that uses it first',
    );
    await expect(sampleJudgeCalls(db, workspace(), { ...request, grader: 'format_grader' as never })).rejects.toThrow(
      /not an LLM judge/,
    );
  });

  it('turns a sample into gold item files with content-hash ids and each item’s stratum and inclusion probability', async () => {
    const [pass, fail, third] = insertJudgeCalls(store, [
      { score: 4, createdAt: NOW - DAY, question: 'When do you open?', response: 'At nine.', questionId: 'hours' },
      { score: 1, createdAt: NOW - DAY + 1, question: 'Can I renew?', response: 'No idea.', questionId: 'renew' },
      { score: 0, createdAt: NOW - DAY + 2, question: 'Fines?', response: 'Ask.', questionId: 'fines' },
    ]);
    const sample = await sampleJudgeCalls(db, workspace(), { ...request, n: 2 });
    const files = toGoldItemFiles(sample);
    const { id, ...content } = files.find((file) => file.callId === pass)!.item;
    // The id is a hash of the content: the same call sampled on another machine names the same file.
    expect(id).toBe(sampledItemId(content));
    expect(id).toMatch(/^g-[0-9a-f]{16}$/);
    expect(content).toEqual({
      grader: 'relevance_grader',
      question_id: 'hours',
      question_hash: shortHash('When do you open?'),
      question: 'When do you open?',
      answer: 'At nine.',
      source: { run: null, trace: null },
      added_at: new Date(NOW).toISOString(),
      // The only judge pass of the population, drawn: probability 1. One of the two judge fails: 1/2.
      sample: { seed: 42, stratum: 'judge_pass', inclusion_probability: 1 },
      judge: {
        provider: 'local',
        model: 'llama3.1:8b',
        template_version: '1.0.0',
        score: 4,
        verdict: 'pass',
        reason: 'score 4',
      },
    });
    const failed = files.find((file) => file.callId !== pass)!;
    expect([fail, third]).toContain(failed.callId);
    expect(failed.item.sample).toEqual({ seed: 42, stratum: 'judge_fail', inclusion_probability: 0.5 });
  });
});

describe('questionText', () => {
  const index = new Map([['hours', 'When do you open? (dataset)']]);

  it('prefers the question fence of the judge prompt, which is what the judge saw', () => {
    expect(
      questionText(
        { prompt: 'x <question>\nuser: Hi\nuser: Renew?\n</question> <criteria>', questionId: 'hours' },
        index,
      ),
    ).toBe('user: Hi\nuser: Renew?');
  });

  it('falls back to the dataset, then to the question id', () => {
    expect(questionText({ prompt: 'no fence', questionId: 'hours' }, index)).toBe('When do you open? (dataset)');
    expect(questionText({ prompt: '', questionId: 'gone' }, index)).toBe('(question gone: its text was not recorded)');
  });
});
