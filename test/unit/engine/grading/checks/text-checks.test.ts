import { describe, expect, it } from 'vitest';
import { runOne } from './run-one';

describe('must_contain_any', () => {
  it('passes when any value is present, case-insensitively by default', async () => {
    expect(
      await runOne({ kind: 'must_contain_any', values: ['thanks', 'PLEASE'] }, { response: 'Please bring your card.' }),
    ).toMatchObject({ score: 1, passed: true, executed: true, reason: 'contains "PLEASE"' });
    expect(
      await runOne({ kind: 'must_contain_any', values: ['PLEASE'], case_sensitive: true }, { response: 'Please.' }),
    ).toMatchObject({ score: 0, passed: false });
  });
});

describe('must_not_contain', () => {
  it('fails naming the forbidden values found', async () => {
    expect(
      await runOne({ kind: 'must_not_contain', values: ['your fault', '24 hours'] }, { response: 'It is YOUR FAULT.' }),
    ).toMatchObject({ score: 0, passed: false, reason: 'contains "your fault"' });
    expect(await runOne({ kind: 'must_not_contain', values: ['x'] }, { response: 'fine' })).toMatchObject({
      score: 1,
      passed: true,
    });
  });
});

describe('regex', () => {
  it('honours must_match and the flags (g ignored)', async () => {
    expect(await runOne({ kind: 'regex', pattern: '^#', flags: 'gm' }, { response: 'a\n# b' })).toMatchObject({
      passed: true,
    });
    expect(
      await runOne({ kind: 'regex', pattern: '^#', flags: 'm', must_match: false }, { response: 'a\n# b' }),
    ).toMatchObject({ passed: false, reason: expect.stringContaining('which it must not') });
    expect(await runOne({ kind: 'regex', pattern: 'SUNDAY', flags: 'i' }, { response: 'sunday' })).toMatchObject({
      passed: true,
    });
  });

  it('makes an invalid pattern an error, not a failed answer', async () => {
    expect(await runOne({ kind: 'regex', pattern: '(' })).toMatchObject({
      executed: false,
      score: null,
      reason: expect.stringMatching(/^regex check c: invalid regex \/\(\//),
    });
  });

  it('matches a catastrophic-backtracking pattern in linear time (RE2JS), and refuses a back-reference', async () => {
    const response = `${'a'.repeat(5000)}!`;
    expect(await runOne({ kind: 'regex', pattern: '^(a+)+$' }, { response })).toMatchObject({ passed: false });
    expect(await runOne({ kind: 'regex', pattern: '^(a+)+!$' }, { response })).toMatchObject({ passed: true });
    expect(await runOne({ kind: 'regex', pattern: '(a)\\1' })).toMatchObject({
      executed: false,
      reason: expect.stringMatching(/cannot be matched in linear time/),
    });
  });
});

describe('json_schema', () => {
  const schema = { type: 'object', required: ['open'], properties: { open: { type: 'string' } } };

  it('validates the parsed response with ajv', async () => {
    expect(await runOne({ kind: 'json_schema', schema }, { response: '{"open": "12:00"}' })).toMatchObject({
      passed: true,
      score: 1,
    });
    expect(await runOne({ kind: 'json_schema', schema }, { response: '{"open": 12}' })).toMatchObject({
      passed: false,
      reason: 'does not match the schema: response/open must be string',
    });
    expect(await runOne({ kind: 'json_schema', schema }, { response: 'open at noon' })).toMatchObject({
      passed: false,
      reason: expect.stringMatching(/^the response is not JSON/),
    });
  });

  it('makes a schema that does not compile an error', async () => {
    expect(await runOne({ kind: 'json_schema', schema: { type: 'nonsense' } })).toMatchObject({
      executed: false,
      reason: expect.stringMatching(/the schema does not compile/),
    });
  });
});

describe('markdown_structure', () => {
  const doc = '# Hours\n\n## Sunday\n\n- noon\n- five\n\n```\ncode\n```';

  it('scores the share of structure requirements met', async () => {
    expect(
      await runOne(
        {
          kind: 'markdown_structure',
          required_headings: ['hours', 'Sunday'],
          max_heading_depth: 2,
          min_list_items: 2,
          require_code_block: true,
        },
        { response: doc },
      ),
    ).toMatchObject({
      score: 1,
      passed: true,
    });
    const partial = await runOne(
      {
        kind: 'markdown_structure',
        required_headings: ['Fees'],
        max_heading_depth: 1,
        min_list_items: 3,
        require_code_block: true,
      },
      { response: doc },
    );
    expect(partial).toMatchObject({
      score: 0.25,
      passed: false,
      reason: 'no heading "Fees"; a heading of depth 2 (at most 1); 2 list items (at least 3)',
    });
  });

  it('passes when nothing is required', async () => {
    expect(await runOne({ kind: 'markdown_structure' })).toMatchObject({ score: 1, passed: true });
  });
});

describe('format', () => {
  it('applies format_grader rules, scaled to 0-1, passing only with no violation', async () => {
    expect(await runOne({ kind: 'format' }, { response: '**Open** from noon until five on Sundays.' })).toMatchObject({
      score: 0.8,
      passed: false,
      reason: 'uses **bold**',
    });
    expect(await runOne({ kind: 'format', format: 'json' }, { response: '[1]' })).toMatchObject({
      score: 1,
      passed: true,
    });
  });
});

describe('fact_match', () => {
  it('checks each fact by normalised containment', async () => {
    const response = 'The fee is EUR 4,500; open 12:00 to 17:00.';
    expect(
      await runOne({ kind: 'fact_match', facts: ['eur 4500', 'Open 12:00 to 17:00', 'closed Mondays'] }, { response }),
    ).toMatchObject({
      score: 2 / 3,
      passed: false,
      reason: 'missing: "closed Mondays"',
    });
    expect(await runOne({ kind: 'fact_match', facts: ['eur 4500'], normalize: false }, { response })).toMatchObject({
      passed: false,
    });
  });

  it('uses expected_facts when the check lists none, and is not executed without either', async () => {
    expect(
      await runOne(
        { kind: 'fact_match' },
        { response: 'Open on Sundays.', question: { expected_facts: ['open on sundays'] } },
      ),
    ).toMatchObject({ passed: true });
    expect(await runOne({ kind: 'fact_match' })).toMatchObject({ executed: false, score: null });
  });
});

describe('tool_usage', () => {
  it('applies tool_usage_grader rules as a share', async () => {
    const toolCalls = [{ seq: 0, name: 'find_loan', server: 'catalog', args: {}, result: null, error: false }];
    const question = {
      expected_tools: [
        { tool: 'find_loan', should_run: true },
        { tool: 'renew_loan', should_run: true },
      ],
    };
    expect(await runOne({ kind: 'tool_usage' }, { toolCalls, question })).toMatchObject({ score: 0.5, passed: false });
    expect(await runOne({ kind: 'tool_usage' })).toMatchObject({ executed: false });
  });
});

describe('target_match', () => {
  const question = { expected: { reference: 'The main branch opens 12:00-17:00 on Sundays.' } };

  it('compares exactly, normalised, or by chrF against the reference', async () => {
    expect(
      await runOne(
        { kind: 'target_match', mode: 'exact' },
        { question, response: ' The main branch opens 12:00-17:00 on Sundays. ' },
      ),
    ).toMatchObject({ passed: true });
    expect(
      await runOne(
        { kind: 'target_match', mode: 'normalized' },
        { question, response: 'the MAIN branch opens 12:00 17:00 on sundays' },
      ),
    ).toMatchObject({ passed: true });
    const chrf = await runOne(
      { kind: 'target_match', mode: 'chrf', threshold: 0.5 },
      { question, response: 'On Sundays the main branch is open from 12:00 to 17:00.' },
    );
    expect(chrf.score).toBeCloseTo(0.5783455181787138, 12); // sacrebleu 2.6.0
    expect(chrf).toMatchObject({ passed: true, reason: 'chrF 0.578 against expected.reference (threshold 0.5)' });
    const chrfpp = await runOne(
      { kind: 'target_match', mode: 'chrf', word_order: 2 },
      { question, response: 'On Sundays the main branch is open from 12:00 to 17:00.' },
    );
    expect(chrfpp.score).toBeCloseTo(0.50739430803517, 12); // sacrebleu 2.6.0
  });

  it('is not executed when the source is missing', async () => {
    expect(await runOne({ kind: 'target_match' })).toMatchObject({
      executed: false,
      reason: 'the question has no expected.reference',
    });
  });
});
