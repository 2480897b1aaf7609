import { describe, expect, it } from 'vitest';
import type { ResultDetail, RunFinished, Verdict } from '../../../src-shared/model';
import { summaryLines } from '../../../src-main/cli/run-printer';
import { exitCodeOf } from '../../../src-main/cli/run-session';
import { testcaseXml, xmlEscape } from '../../../src-main/engine/run/report-junit';
import { newResult, verdict as baseVerdict } from '../store/repos/run-fixtures';

const verdict = (over: Partial<Verdict> = {}): Verdict =>
  baseVerdict({
    pass_rate: 0.75,
    pass_rate_ci: [0.3, 0.95],
    counts: { total: 4, scored: 4, unscored: 0, degraded: 0, passed: 3 },
    ...over,
  });
const finished = (over: Partial<RunFinished> = {}): RunFinished => ({
  runId: 'r1',
  targetId: 't1',
  status: 'complete',
  verdict: verdict(),
  error: null,
  ...over,
});

describe('exit codes', () => {
  it('0 when every gate passed or only a soft gate failed; 1 for a failed hard gate or an unfinished run', () => {
    expect(exitCodeOf([finished()])).toBe(0);
    expect(exitCodeOf([finished({ verdict: verdict({ passed: false, gate_type: 'soft' }) })])).toBe(0);
    expect(exitCodeOf([finished(), finished({ verdict: verdict({ passed: false }) })])).toBe(1);
    expect(exitCodeOf([finished({ status: 'cancelled', verdict: null })])).toBe(1);
    expect(exitCodeOf([finished({ status: 'error', verdict: null, error: 'boom' })])).toBe(1);
  });
});

describe('summaryLines', () => {
  it('shows the verdict word, numbers with the Wilson interval, and why', () => {
    const lines = summaryLines([
      finished(),
      finished({
        runId: 'r2',
        targetId: 'soft_one',
        verdict: verdict({ passed: false, gate_type: 'soft', reason: 'avg_score 3.00 < 3.50' }),
      }),
      finished({ runId: 'r3', targetId: 'stopped', status: 'cancelled', verdict: null }),
      finished({
        runId: 'r4',
        targetId: 'judged',
        verdict: verdict({ judges: [{ grader: 'relevance_grader', state: 'failing', tpr: 0.8, tnr: 0.95 }] }),
      }),
    ]);
    expect(lines[0]).toMatch(/^target\s+verdict\s+avg\s+pass rate \(95% CI\)\s+coverage\s+degraded\s+run$/);
    expect(lines[1]).toMatch(/^t1\s+PASS\s+4\.00\s+75\.0% \[30\.0%-95\.0%\]\s+100%\s+0\s+r1$/);
    expect(lines[2]).toMatch(/^soft_one\s+WARN \(soft\)/);
    expect(lines[3]).toMatch(/^stopped\s+CANCELLED\s+—\s+—\s+—\s+—\s+r3$/);
    expect(lines).toContain('soft_one: avg_score 3.00 < 3.50 (soft gate)');
    expect(lines).toContain('stopped: cancelled; finish it with: ai-eval run --resume r3');
    expect(lines).toContain('judged: judges not trusted (advisory): relevance_grader: failing (TPR 0.80, TNR 0.95)');
  });
});

describe('JUnit testcases', () => {
  it('passes silently, fails below the threshold, errors when degraded, skips when unscored; XML-escaped', () => {
    const row = (over: Parameters<typeof newResult>[2]): ResultDetail => {
      const { transcript, graders, ...rest } = newResult('r1', 'q<1>', over);
      return { ...rest, id: 1, transcript: [...transcript], graders: [...graders], toolCalls: null, judgeCalls: [] };
    };
    expect(testcaseXml('t1', row({}), 3.5)).toBe('    <testcase classname="t1" name="q&lt;1&gt;" time="0.010"/>\n');
    expect(testcaseXml('t1', row({ score: 2, passed: false }), 3.5)).toContain(
      '<failure message="score 2.00 &lt; 3.50">finish reason: stop\nformat_grader: scored 4/5 ok</failure>',
    );
    const stopped = row({
      score: 0,
      passed: false,
      finishReason: 'max_steps',
      error: 'stopped at max_steps (2) without an answer',
    });
    expect(testcaseXml('t1', stopped, 3.5)).toContain(
      '<failure message="stopped at max_steps (2) without an answer (score 0.00 &lt; 3.50)">finish reason: max_steps\n',
    );
    expect(testcaseXml('t1', row({ status: 'degraded', score: null, passed: null, error: 'down "x"' }), 3.5)).toContain(
      '<error message="down &quot;x&quot;">',
    );
    expect(testcaseXml('t1', row({ status: 'unscored', score: null, passed: null, repeatIndex: 1 }), 3.5)).toContain(
      'name="q&lt;1&gt; #2"',
    );
    expect(xmlEscape('a\u0001b & c')).toBe('ab &amp; c');
  });
});
