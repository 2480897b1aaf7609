// Agents end honestly: running out of max_steps, or answering nothing, fails the question whatever the graders say.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { runCliInProcess } from '../../support/cli';
import { exampleOn } from '../../support/online-example';

const configDir = mkdtempSync(join(tmpdir(), 'aieval-max-steps-config-'));

/** The example's agent, graded by tool_usage_grader alone (which passes any run that looked the loan up). */
const workspaceAt = (url: string, maxSteps: number) =>
  exampleOn(url, (text) =>
    text.replace(
      /(- id: helpdesk_agent\n[\s\S]*?)enabled: false[^\n]*\n([\s\S]*?)max_steps: 8\n([\s\S]*?)graders: \[[^\]]*\]/,
      `$1enabled: true\n$2max_steps: ${maxSteps}\n$3graders: [tool_usage_grader]`,
    ),
  );

type QuestionJson = {
  status: string;
  score: number | null;
  passed: boolean;
  finish_reason: string;
  error: string;
  graders: { id: string; score_0_5: number }[];
};

async function runJson(dir: string): Promise<{ code: number | null; question: QuestionJson; junit: string }> {
  const out = join(dir, 'report.json');
  const junit = join(dir, 'report.xml');
  const exit = await runCliInProcess(
    ['run', '--workspace', dir, '--target', 'helpdesk_agent', '--question', 'renew_loan', '--trust-workspace'].concat([
      '--json',
      out,
      '--junit',
      junit,
    ]),
    configDir,
  );
  expect(exit.stderr).not.toMatch(/^error/m);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { runs: { questions: QuestionJson[] }[] };
  return { code: exit.code, question: report.runs[0]!.questions[0]!, junit: readFileSync(junit, 'utf8') };
}

describe('an agent that never answers', () => {
  const suite = fakeProviderSuite();

  it('fails with "stopped at max_steps (N) without an answer" when it still wants tools after its last step', async () => {
    suite.server.script = () => ({ toolCalls: [{ name: 'find_loan', arguments: { card: '4471', title: 'Dune' } }] });
    const { code, question, junit } = await runJson(workspaceAt(suite.server.url, 2));
    expect(question).toMatchObject({
      status: 'scored',
      passed: false,
      score: 0,
      finish_reason: 'max_steps',
      error: 'stopped at max_steps (2) without an answer',
    });
    expect(junit).toContain('<failure message="stopped at max_steps (2) without an answer (score 0.00 &lt; 3.50)">');
    expect(junit).toContain('finish reason: max_steps');
    expect(code).toBe(1); // the hard gate (pass rate 0.8) failed
  });

  it('fails an empty final answer even when the tool-usage grade alone would pass it', async () => {
    const args = { card: '4471', title: 'Dune' };
    suite.server.script = (request) => {
      const done = request.messages.filter((m) => m.role === 'tool').length;
      if (done === 0) return { toolCalls: [{ name: 'find_loan', arguments: args }] };
      return done === 1 ? { toolCalls: [{ name: 'renew_loan', arguments: args }] } : { text: '' };
    };
    const { question } = await runJson(workspaceAt(suite.server.url, 8));
    expect(question).toMatchObject({ status: 'scored', passed: false, score: 0, error: 'empty final answer' });
    expect(question.graders).toEqual([expect.objectContaining({ id: 'tool_usage_grader', score_0_5: 5 })]);
    expect(question.finish_reason).toBe('stop');
  });
});
