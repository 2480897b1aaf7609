import { describe, expect, it } from 'vitest';
import { appendQuestions, guardReason, questionId } from '../../../../src-main/engine/traces/promote';
import { parseLooseJson } from '../../../../src-main/engine/traces/conventions/loose-json';
import { applyLabelPatch, type ReviewItemDetail } from '../../../../src-shared/model';

const item = (over: Partial<ReviewItemDetail>): ReviewItemDetail =>
  ({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    inputText: 'Hi',
    truncated: false,
    captured: true,
    finishReason: 'stop',
    flags: [],
    input: [],
    ...over,
  }) as ReviewItemDetail;

describe('the integrity guard', () => {
  it('refuses truncated and uncaptured items with the reason, and lets the rest through', () => {
    expect(guardReason(item({}))).toBeNull();
    expect(guardReason(item({ truncated: true, finishReason: 'MAX_TOKENS' }))).toMatch(
      /^the answer was truncated \(finish reason MAX_TOKENS\)/,
    );
    expect(
      guardReason(
        item({ truncated: true, finishReason: 'stop', flags: ['Recorded text was cut by a telemetry limit'] }),
      ),
    ).toMatch(/cut by a telemetry limit/);
    expect(guardReason(item({ captured: false, flags: ['Streamed response not captured'] }))).toBe(
      'the conversation was not captured (Streamed response not captured); there is nothing to promote',
    );
  });
});

describe('promoted questions', () => {
  it('get a unique snake_case id from the first words of the question', () => {
    const taken = new Set(['when_is_the_main_branch_open']);
    expect(questionId(item({ inputText: 'When is the main branch open on Sundays?' }), taken)).toBe(
      'when_is_the_main_branch_open_2',
    );
    expect(questionId(item({ inputText: '¿Qué? 24/7 café' }), taken)).toBe('que_24_7_cafe');
    expect(questionId(item({ inputText: '42 books' }), taken)).toBe('q_42_books');
    expect(questionId(item({ inputText: '!!!' }), taken)).toBe('trace_0af76519');
  });

  it('are appended to the questions list keeping every comment of the file', () => {
    const text = '# Top comment\nid: helpdesk\nquestions:\n  # first one\n  - id: a\n    input: Hi # inline\n';
    const next = appendQuestions(text, [{ id: 'b', input: 'Line one\nline two', metadata: { source_trace: 't' } }]);
    expect(next).toBe(
      '# Top comment\nid: helpdesk\nquestions:\n  # first one\n  - id: a\n    input: Hi # inline\n  - id: b\n    input: |-\n      Line one\n      line two\n    metadata:\n      source_trace: t\n',
    );
    expect(() => appendQuestions('questions: 3\n', [{ id: 'b', input: 'x' }])).toThrow(/"questions" is not a list/);
  });
});

describe('label patches', () => {
  it('keep what they leave out, remove dimensions set to null and de-duplicate tags', () => {
    const current = {
      verdict: 'fail' as const,
      dimensions: { accuracy: 2, format: 'pass' as const },
      tags: ['a'],
      notes: 'n',
    };
    expect(applyLabelPatch(current, { dimensions: { accuracy: null, tone: 4 } })).toEqual({
      verdict: 'fail',
      dimensions: { format: 'pass', tone: 4 },
      tags: ['a'],
      notes: 'n',
    });
    expect(applyLabelPatch(current, { verdict: null, tags: ['x', ' x', 'y'] })).toEqual({
      verdict: null,
      dimensions: current.dimensions,
      tags: ['x', 'y'],
      notes: 'n',
    });
    expect(applyLabelPatch(undefined, { verdict: 'pass' })).toEqual({
      verdict: 'pass',
      dimensions: {},
      tags: [],
      notes: '',
    });
  });
});

describe('parseLooseJson', () => {
  it('reads JSON, and Python reprs as the v1.26 semconv example writes them', () => {
    expect(parseLooseJson('[{"role": "user"}]')).toEqual([{ role: 'user' }]);
    expect(parseLooseJson("[{'role': 'user', 'content': 'It\\'s 5', 'n': 1.5, 'ok': True, 'x': None}]")).toEqual([
      { role: 'user', content: "It's 5", n: 1.5, ok: true, x: null },
    ]);
    expect(parseLooseJson('[{"role": "user", "content": "cut')).toBeUndefined();
  });
});
