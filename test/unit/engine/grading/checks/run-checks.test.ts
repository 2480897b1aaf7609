import { describe, expect, it } from 'vitest';
import { fakeJudge, promptOf } from '../fake-judge';
import { evaluateOne, runOne } from './run-one';

const node = (script: string) => `"${process.execPath}" -e ${JSON.stringify(script)}`;
const LENGTH = node("let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(s.length))");

describe('llm_judge', () => {
  it('judges the check description through the rubric_check template and records the call', async () => {
    const judge = fakeJudge('{"score": 4, "reason": "polite"}');
    const evaluation = await evaluateOne(
      { kind: 'llm_judge', description: 'Thanks the member.', threshold: 0.8 },
      { judgeFor: (id) => (id === 'rubric_checks' ? judge : undefined) },
    );
    expect(evaluation.checks[0]).toMatchObject({
      score: 0.8,
      passed: true,
      reason: 'judge: 4/5 (threshold 0.8): polite',
    });
    expect(promptOf(judge)).toContain('<criteria>\nThanks the member.\n</criteria>');
    expect(judge.requests[0]?.generation).toEqual({ temperature: 0, top_p: 1 });
    expect(evaluation.judgeCalls).toEqual([
      expect.objectContaining({ graderId: 'rubric_checks', templateVersion: 'rubric_check@1.0.0', score: 4 }),
    ]);
  });

  it('is an error when the judge fails or is missing', async () => {
    const failed = await evaluateOne(
      { kind: 'llm_judge', description: 'x' },
      { judgeFor: () => fakeJudge('{"score": "high"}') },
    );
    expect(failed.verdict).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/llm_judge check c: the judge's score "high" is not a number/),
    });
    expect(failed.judgeCalls).toHaveLength(1);
    expect((await evaluateOne({ kind: 'llm_judge', description: 'x' })).verdict).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/no judge configured/),
    });
  });
});

describe('command', () => {
  it('is not executed in an untrusted workspace, and says why', async () => {
    expect(await runOne({ kind: 'command', run: 'exit 0' })).toMatchObject({
      executed: false,
      reason: expect.stringMatching(/not trusted/),
    });
  });

  it('passes on exit 0 and fails with the output otherwise, in a trusted workspace', async () => {
    expect(
      await runOne(
        {
          kind: 'command',
          run: node(
            "process.exit(require('fs').readFileSync(process.env.AIEVAL_RESPONSE_FILE,'utf8').includes('noon')?0:1)",
          ),
        },
        { trusted: true, response: 'at noon' },
      ),
    ).toMatchObject({ passed: true, score: 1 });
    expect(
      await runOne(
        { kind: 'command', run: node("console.error('lint: 2 problems');process.exit(2)") },
        { trusted: true },
      ),
    ).toMatchObject({ passed: false, reason: 'exited 2: lint: 2 problems' });
  });

  it('fails at its timeout', async () => {
    expect(
      await runOne({ kind: 'command', run: node('setInterval(()=>{},1000)'), timeout_ms: 200 }, { trusted: true }),
    ).toMatchObject({ passed: false, reason: 'timed out after 200 ms' });
  });
});

describe('score_delta', () => {
  const question = { expected: { reference: 'abc' } };

  it('passes when the response number minus the reference number reaches min_delta', async () => {
    expect(
      await runOne(
        { kind: 'score_delta', command: LENGTH, min_delta: 2 },
        { trusted: true, question, response: 'abcde' },
      ),
    ).toMatchObject({ passed: true, reason: 'response 5 − reference 3 = 2 (at least 2 needed)' });
    expect(
      await runOne(
        { kind: 'score_delta', command: LENGTH, min_delta: 3 },
        { trusted: true, question, response: 'abcde' },
      ),
    ).toMatchObject({ passed: false, score: 0 });
  });

  it('is not executed untrusted or without a reference, and an error when the command prints no number', async () => {
    expect(await runOne({ kind: 'score_delta', command: LENGTH }, { question })).toMatchObject({
      executed: false,
      reason: expect.stringMatching(/not trusted/),
    });
    expect(await runOne({ kind: 'score_delta', command: LENGTH }, { trusted: true })).toMatchObject({
      executed: false,
      reason: expect.stringMatching(/no expected.reference/),
    });
    const evaluation = await evaluateOne(
      { kind: 'score_delta', command: node("console.log('n/a')") },
      { trusted: true, question },
    );
    expect(evaluation.verdict).toMatchObject({
      status: 'error',
      reason: expect.stringMatching(/printed "n\/a", not a number/),
    });
  });
});

describe('composite', () => {
  it('combines its checks by its own mode, excluding and naming unexecuted ones', async () => {
    const result = await runOne(
      {
        kind: 'composite',
        combine: 'min',
        threshold: 0.5,
        checks: [
          { id: 'polite', kind: 'must_contain_any', values: ['please'] },
          { id: 'plain', kind: 'format' },
          { id: 'lint', kind: 'command', run: 'exit 0' },
        ],
      },
      { response: 'Please come **today** before noon.' },
    );
    expect(result).toMatchObject({ score: 0.8, passed: true });
    expect(result.reason).toMatch(
      /^0\.80 \(min ≥ 0\.5\): passed; failed: plain; not executed: lint \(the workspace is not trusted/,
    );
  });

  it('is not executed when none of its checks can be', async () => {
    expect(await runOne({ kind: 'composite', checks: [{ id: 'lint', kind: 'command', run: 'exit 0' }] })).toMatchObject(
      { executed: false },
    );
  });
});
