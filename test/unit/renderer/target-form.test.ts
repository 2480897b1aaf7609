import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { target as targetSchema, type Target } from '../../../src-shared/model';
import {
  emptyForm,
  formFromTarget,
  validateForm,
  type TargetForm,
} from '../../../src-renderer/features/targets/target-form';
import { EXAMPLE_DIR } from '../../support/workspace';

const example = (parse(readFileSync(join(EXAMPLE_DIR, 'aieval.yaml'), 'utf8')).targets as unknown[]).map((t) =>
  targetSchema.parse(t),
);
const chat = example.find((t) => t.mode === 'chat')!;
const agent = example.find((t) => t.mode === 'agent')!;
const issuesOf = (form: TargetForm, taken: string[] = []) =>
  validateForm(form, taken).issues.map((i) => `${i.path}: ${i.message}`);

describe('target form', () => {
  it('round-trips every example target unchanged', () => {
    for (const target of example) expect(validateForm(formFromTarget(target))).toEqual({ target, issues: [] });
  });

  it('turns typed numbers into numbers, and drops cleared fields instead of writing empty keys', () => {
    const form = formFromTarget(chat);
    const edited: TargetForm = {
      ...form,
      label: '  ',
      generation: { temperature: '0.7', top_p: '', max_tokens: '', seed: '' },
      question_pass_threshold: '4',
      gate: { ...form.gate, threshold: '4.25', type: 'soft' },
    };
    const target = validateForm(edited).target as Target;
    expect(target.generation).toEqual({ temperature: 0.7 });
    expect(target.question_pass_threshold).toBe(4);
    expect(target.gate).toEqual({ metric: 'avg_score', threshold: 4.25, type: 'soft' });
    expect('label' in target).toBe(false);
    const cleared = validateForm({ ...form, generation: { temperature: '', top_p: '', max_tokens: '', seed: '' } })
      .target as Target;
    expect('generation' in cleared).toBe(false);
  });

  it('writes the gate bound only for corrected_pass_rate', () => {
    const form = formFromTarget(chat);
    const corrected = {
      ...form.gate,
      metric: 'corrected_pass_rate' as const,
      bound: 'lower' as const,
      threshold: '0.7',
    };
    expect(validateForm({ ...form, gate: corrected }).target?.gate).toEqual({
      metric: 'corrected_pass_rate',
      bound: 'lower',
      threshold: 0.7,
      type: 'hard',
    });
    const back = validateForm({ ...form, gate: { ...corrected, metric: 'pass_rate' } }).target?.gate;
    expect(back).toEqual({ metric: 'pass_rate', threshold: 0.7, type: 'hard' });
    expect(formFromTarget({ ...chat, gate: { ...chat.gate, bound: 'lower' } }).gate.bound).toBe('lower');
  });

  it('names each problem by its key path, in words', () => {
    const form = formFromTarget(chat);
    expect(
      issuesOf({
        ...form,
        id: 'Help Desk',
        model: ' ',
        generation: { ...form.generation, temperature: 'warm' },
        graders: [],
      }),
    ).toEqual([
      'model: required: enter a model',
      'generation.temperature: must be a number',
      'id: must be snake_case: lower-case letters, digits and underscores, starting with a letter',
      'graders: attach at least one grader',
    ]);
    expect(issuesOf({ ...form, gate: { ...form.gate, metric: 'pass_rate', threshold: '3.5' } })).toEqual([
      'gate.threshold: a pass rate is between 0 and 1 (0.8 means 80%)',
    ]);
    expect(issuesOf({ ...form, gate: { ...form.gate, judge: 'groundedness_grader' } })).toEqual([
      'gate.judge: the gate’s judge must be one of the attached graders',
    ]);
    expect(issuesOf({ ...form, gate: { ...form.gate, threshold: '' } })).toEqual([
      'gate.threshold: required: enter a threshold',
    ]);
  });

  it('refuses a new target taking an existing id', () => {
    expect(issuesOf({ ...formFromTarget(chat) }, ['helpdesk_chat', 'helpdesk_agent'])).toEqual([
      'id: a target "helpdesk_chat" already exists; pick another id',
    ]);
  });

  it('writes agent fields only in agent mode, and edits arguments and environment as lists', () => {
    const tool = {
      name: 'catalog',
      command: 'node',
      args: ['tools/catalog-server.js', '--title', 'My Documents', '  padded  ', ''],
      env: { A: '1', GREETING: 'hello there' },
    };
    const form = formFromTarget({ ...agent, tools: [tool] });
    expect(form.tools[0]).toMatchObject({
      name: 'catalog',
      transport: 'stdio',
      args: ['tools/catalog-server.js', '--title', 'My Documents', '  padded  ', ''],
      env: [
        { name: 'A', value: '1' },
        { name: 'GREETING', value: 'hello there' },
      ],
      extra: {},
    });
    // Saved as read: every argument and variable comes back exactly, spaces and empty strings included.
    expect(validateForm(form).target?.tools).toEqual([tool]);
    const edited = {
      ...form,
      tools: [{ ...form.tools[0]!, args: ['a b'], env: [...form.tools[0]!.env!, { name: ' ', value: 'dropped' }] }],
    };
    expect(validateForm(edited).target?.tools).toEqual([{ ...tool, args: ['a b'] }]);
    const noEnv = formFromTarget({ ...agent, tools: [{ name: 'x', command: 'node', args: [] }] });
    expect(validateForm(noEnv).target?.tools).toEqual([{ name: 'x', command: 'node', args: [] }]);
    const asChat = validateForm({ ...form, mode: 'chat', endpoint: 'http://127.0.0.1:1/agent' }).target as Target;
    expect(asChat.tools).toBeUndefined();
    expect(asChat.endpoint).toBeUndefined();
    const http = { ...form, tools: [{ ...form.tools[0]!, transport: 'http' as const, url: '', extra: {} }] };
    expect(issuesOf(http)).toEqual(['tools.0.url: required: enter the url']);
    expect(issuesOf({ ...http, tools: [{ ...http.tools[0]!, url: 'not a url' }] })).toEqual([
      'tools.0.url: must be an http(s) URL',
    ]);
  });

  it('starts a new target empty, with the first provider and dataset, and does not validate until filled', () => {
    const form = emptyForm({ provider: 'local', dataset: 'helpdesk' });
    expect(form).toMatchObject({
      id: '',
      model: '',
      provider: 'local',
      dataset: 'helpdesk',
      mode: 'chat',
      graders: ['format_grader'],
    });
    expect(issuesOf(form)).toEqual(['id: required: enter an id', 'model: required: enter a model']);
    expect(validateForm({ ...form, id: 'new_one', model: 'm' }).target).toMatchObject({
      id: 'new_one',
      model: 'm',
      provider: 'local',
    });
  });
});
