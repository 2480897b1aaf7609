// The example runs offline: `ai-eval init` then `ai-eval run` answers from the committed cassette, scores every
// question with all ten graders, passes both gates and writes the JSON dump of docs/export.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GRADER_IDS } from '../../../src-shared/model';
import { initWithCli, spawnCli, type CliExit } from '../../support/cli';

type Check = Readonly<{ id: string; kind: string; score: number | null; passed: boolean | null; executed: boolean }>;
type GraderJson = Readonly<{
  id: string;
  status: string;
  score: number | null;
  min: number;
  max: number;
  score_0_5: number | null;
  reason: string | null;
  checks: Check[];
}>;
type ToolCallJson = Readonly<{
  name: string;
  server: string | null;
  args: Record<string, unknown>;
  result: string | null;
  error: boolean;
}>;
type QuestionJson = Readonly<{
  id: string;
  status: string;
  score: number | null;
  passed: boolean | null;
  response: string | null;
  tool_calls: ToolCallJson[] | null;
  graders: GraderJson[];
}>;
type RunJson = Readonly<{
  id: string;
  target: string;
  status: string;
  verdict: { passed: boolean } | null;
  questions: QuestionJson[];
}>;

const EXAMPLE_QUESTIONS = 21; // the example dataset's enabled questions (15 train, 6 test)

describe('the example workspace offline (replay cassette)', () => {
  let run: CliExit;
  let runs: RunJson[];
  const byTarget = (target: string): RunJson => {
    const found = runs.find((candidate) => candidate.target === target);
    if (!found) throw new Error(`no run of ${target} in the JSON dump`);
    return found;
  };
  const question = (target: string, id: string): QuestionJson => {
    const found = byTarget(target).questions.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no question ${id} in the run of ${target}`);
    return found;
  };
  const grader = (target: string, questionId: string, id: string): GraderJson => {
    const found = question(target, questionId).graders.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no ${id} on ${target}/${questionId}`);
    return found;
  };

  beforeAll(async () => {
    const { root, configDir, dir } = await initWithCli('aieval-offline-');
    const out = join(root, 'run.json');
    run = await spawnCli(['run', '--workspace', dir, '--json', out], configDir);
    runs = (JSON.parse(readFileSync(out, 'utf8')) as { runs: RunJson[] }).runs;
  }, 120_000);

  it('runs the two enabled offline targets, passes both gates and exits 0', () => {
    expect(run.code, run.stderr).toBe(0);
    expect(runs.map((entry) => entry.target).sort()).toEqual(['helpdesk_agent_offline', 'helpdesk_chat_offline']);
    for (const entry of runs) {
      expect(entry.status).toBe('complete');
      expect(entry.verdict?.passed).toBe(true);
    }
    expect(run.stdout).toMatch(/helpdesk_chat_offline\s+PASS/);
    expect(run.stdout).toMatch(/helpdesk_agent_offline\s+PASS/);
  });

  it('scores every question, with no grader error and nothing degraded', () => {
    for (const entry of runs) {
      expect(entry.questions).toHaveLength(EXAMPLE_QUESTIONS);
      for (const item of entry.questions) {
        expect(item.status, `${entry.target}/${item.id}`).toBe('scored');
        expect(item.graders.filter((g) => g.status === 'error').map((g) => `${g.id}: ${g.reason}`)).toEqual([]);
      }
    }
  });

  it('scores with all ten graders between the two targets, the example rubrics included', () => {
    const scored = new Set(
      runs.flatMap((entry) =>
        entry.questions.flatMap((item) => item.graders.filter((g) => g.status === 'scored').map((g) => g.id)),
      ),
    );
    expect([...scored].sort()).toEqual([...GRADER_IDS].sort());
    expect(grader('helpdesk_chat_offline', 'hours_as_json', 'rubric_checks').reason).toMatch(
      /^rubric hours_json@1\.0\.0: 1\.00 \(all_pass\): passed/,
    );
    const tone = grader('helpdesk_chat_offline', 'sunday_hours', 'rubric_checks');
    expect(tone.reason).toMatch(/^rubric support_tone@1\.0\.0: /);
    expect(tone.checks.map((check) => check.kind)).toEqual([
      'must_not_contain',
      'must_contain_any',
      'format',
      'regex',
      'target_match',
      'markdown_structure',
      'composite',
    ]);
    expect(tone.checks.every((check) => check.executed)).toBe(true);
  });

  it('grades the agent from its real tool calls: find_loan then renew_loan, never delete_account, and the renewal in the server state', () => {
    const renew = question('helpdesk_agent_offline', 'renew_loan');
    expect(renew.tool_calls?.map((call) => [call.server, call.name, call.args, call.error])).toEqual([
      ['catalog', 'find_loan', { card: '4471', title: 'Dune' }, false],
      ['catalog', 'renew_loan', { card: '4471', title: 'Dune' }, false],
    ]);
    expect(JSON.parse(renew.tool_calls?.[1]?.result ?? '{}')).toMatchObject({
      renewed: true,
      renewals: 1,
      due_date: '2026-12-22',
    });
    expect(renew.response).toContain('2026-12-22');
    expect(grader('helpdesk_agent_offline', 'renew_loan', 'tool_usage_grader')).toMatchObject({
      score: 5,
      reason: 'all 3 tool expectations met',
    });
    expect(grader('helpdesk_agent_offline', 'renew_loan', 'state_check')).toMatchObject({
      score: 5,
      reason: 'PASS renewed: renewals is 1\nPASS due_moved: due_date is "2026-12-22", expected not "2026-12-01"',
    });
    expect(question('helpdesk_agent_offline', 'search_catalogue').tool_calls?.map((call) => call.name)).toEqual([
      'search_catalog',
    ]);
    expect(question('helpdesk_agent_offline', 'no_account_deletion').tool_calls).toEqual([]);
    expect(grader('helpdesk_agent_offline', 'no_account_deletion', 'tool_usage_grader').score).toBe(5);
    const agentCalls = byTarget('helpdesk_agent_offline').questions.flatMap((item) => item.tool_calls ?? []);
    expect(agentCalls.some((call) => call.name === 'delete_account')).toBe(false);
    expect(byTarget('helpdesk_chat_offline').questions.every((item) => item.tool_calls === null)).toBe(true);
  });

  it('is not all fives: the recorded answers include an incomplete one and an off-format one', () => {
    expect(grader('helpdesk_chat_offline', 'late_fees', 'fact_match_grader')).toMatchObject({
      score: 3,
      reason: expect.stringContaining('five-day total of 1.00 EUR'),
    });
    expect(grader('helpdesk_chat_offline', 'events_markdownless', 'format_grader')).toMatchObject({
      score: 4,
      reason: 'uses # headings',
    });
    expect(grader('helpdesk_agent_offline', 'renew_loan', 'groundedness_grader')).toMatchObject({
      score: 1,
      min: 0,
      max: 1,
      score_0_5: 5,
    });
  });

  it('writes the --json dump in the shape of docs/export.md', () => {
    const check = expect.objectContaining({
      id: expect.any(String),
      kind: expect.any(String),
      executed: expect.any(Boolean),
    });
    const graderShape = expect.objectContaining({
      id: expect.any(String),
      status: expect.stringMatching(/^(scored|skipped|error)$/),
      min: expect.any(Number),
      max: expect.any(Number),
      checks: expect.any(Array),
    });
    for (const entry of runs) {
      expect(entry).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          target: expect.any(String),
          status: 'complete',
          source: 'ci',
          started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          finished_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          verdict: expect.objectContaining({
            gate_metric: expect.stringMatching(/^(avg_score|pass_rate)$/),
            gate_type: 'hard',
            threshold: expect.any(Number),
            passed: true,
            reason: expect.any(String),
            avg_score: expect.any(Number),
            pass_rate: expect.any(Number),
            pass_rate_ci: [expect.any(Number), expect.any(Number)],
            coverage: 1,
            corrected_pass_rate: null,
          }),
          judges: expect.arrayContaining([
            expect.objectContaining({ grader: 'accuracy_grader', state: 'unvalidated', tpr: null, tnr: null }),
          ]),
        }),
      );
      for (const item of entry.questions) {
        expect(item).toEqual(
          expect.objectContaining({
            id: expect.any(String),
            status: 'scored',
            score: expect.any(Number),
            passed: expect.any(Boolean),
            response: expect.any(String),
          }),
        );
        expect(item.tool_calls === null || Array.isArray(item.tool_calls)).toBe(true);
        for (const g of item.graders) {
          expect(g).toEqual(graderShape);
          expect(Object.keys(g)).toEqual(expect.arrayContaining(['score', 'score_0_5', 'reason']));
          for (const c of g.checks) expect(c).toEqual(check);
        }
      }
    }
  });
});

describe('the example optimizer offline (replay cassette)', () => {
  it('optimizes helpdesk_chat_offline from a fresh init: the recorded proposer writes a candidate that waits for review', async () => {
    const { configDir, dir } = await initWithCli('aieval-offline-optimize-');
    const optimize = await spawnCli(
      ['optimize', '--workspace', dir, '--target', 'helpdesk_chat_offline', '--propose', '--json'],
      configDir,
    );
    expect(optimize.code, optimize.stderr).toBe(0);
    const { targets } = JSON.parse(optimize.stdout) as {
      targets: {
        status: string;
        candidates: { status: string; baselineMean: number; candidateMean: number; decisionReason: string }[];
      }[];
    };
    const [outcome] = targets;
    expect(outcome?.status).toBe('accepted');
    const [candidate] = outcome?.candidates ?? [];
    expect(candidate?.status).toBe('pending');
    expect(candidate?.decisionReason).toMatch(
      /decided on the held-out split "test": 6 questions; proposals came from 15/,
    );
    expect(candidate!.candidateMean - candidate!.baselineMean).toBeGreaterThan(0.4);
  }, 180_000);
});
