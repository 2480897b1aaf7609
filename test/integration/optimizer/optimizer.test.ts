import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { CandidateDetail, CandidateSummary, HistoryPoint, RunDetail, RunMatrix } from '../../../src-shared/model';
import { type FakeRequest } from '../../fixtures/fake-provider-server';
import { startFakeMcpHttpServer } from '../../fixtures/mcp-http-server';
import { createTestApp } from '../../support/app';
import { fakeProviderSuite } from '../../support/fake-provider-suite';
import { runCliInProcess } from '../../support/cli';
import { onBackend, type BackendWorkspace } from '../../support/backend-workspace';
import { describeBackends } from '../../support/store-backends';
import { optimizerClient, optimizerScript, optimizerWorkspace } from './optimizer-fixtures';

const SCORE: Readonly<Record<string, number>> = { BASELINE: 2, NOISY: 2.5, GOOD: 4.5 };

describeBackends('optimizer through the service (fake provider server)', (backend) => {
  const suite = fakeProviderSuite();
  let proposerRequests: FakeRequest[];
  const workspaces: BackendWorkspace[] = [];
  afterAll(() => Promise.all(workspaces.map((workspace) => workspace.dispose())));

  function open(
    scoring: Parameters<typeof optimizerScript>[0],
    proposals: string[],
    requireReview = true,
    mcpUrl?: string,
  ) {
    proposerRequests = [];
    suite.server.script = optimizerScript(scoring, proposals, proposerRequests);
    const workspace = onBackend(backend, optimizerWorkspace(suite.server.url, requireReview, mcpUrl));
    workspaces.push(workspace);
    const { dir } = workspace;
    // As the test wrote it (on PostgreSQL with the project line backendWorkspace adds).
    const config = readFileSync(join(dir, 'aieval.yaml'), 'utf8');
    suite.app = createTestApp(dir, { store: workspace.store });
    return { dir, config, cliEnv: workspace.cliEnv, ...optimizerClient(suite.app) };
  }

  it('rejects a candidate that only looks better within the noise, then accepts one that truly improves', async () => {
    const { dir, config, call, job, progress } = open(
      // Baseline and the noisy candidate swing ±1 from run to run; the good candidate barely moves.
      { base: (marker) => SCORE[marker] ?? 0, runOffsets: [0, 1, -1, 0, 1, -1, 0, 0.3, -0.3], questionsPerRun: 15 },
      ['NOISY\nAnswer library questions, kindly.', 'GOOD\nAnswer library questions with the exact opening hours.'],
    );
    const { jobId } = await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_chat' });
    const done = await job(jobId);
    expect(done.status).toBe('done');
    const outcome = done.outcome!;
    expect(outcome.status).toBe('accepted');
    expect(outcome.baseline).toMatchObject({ scores: [2, 3, 1], mean: 2, sd: 1 });
    expect(outcome.baseline?.runIds).toHaveLength(3);

    const [noisy, good] = outcome.candidates;
    expect(noisy).toMatchObject({
      attempt: 1,
      status: 'rejected',
      candidateScores: [2.5, 3.5, 1.5],
      candidateMean: 2.5,
    });
    expect(noisy?.decisionReason).toBe(
      'rejected: mean avg_score 2.50 (3 runs) vs baseline 2.00 (3 runs), gain +0.50 is above the margin 0.40 but within the noise: ' +
        '2 × SE of the difference = 1.63 (run-to-run SD 1.00 baseline, 1.00 candidate)',
    );
    expect(good).toMatchObject({ attempt: 2, status: 'pending', candidateMean: 4.5, decidedBy: null });
    expect(good?.decisionReason).toMatch(
      /^accepted: mean avg_score 4\.50 \(3 runs\) vs baseline 2\.00 \(3 runs\), gain \+2\.50 is above the margin 0\.40 and above the noise, 2 × SE of the difference = 1\.21 \(run-to-run SD 1\.00 baseline, 0\.30 candidate\)$/,
    );
    expect(outcome.reason).toContain(`candidate ${good?.id} pending review`);

    // The second proposal saw the failures and the first, rejected attempt.
    expect(proposerRequests).toHaveLength(2);
    const second = proposerRequests[1]!.messages.map((m) => m.content).join('\n');
    expect(second).toContain('15 of 15 scored questions fail');
    expect(second).toContain('<current_prompt>\nBASELINE\nAnswer library questions.\n</current_prompt>');
    expect(second).toContain('<attempt n="1">\nNOISY\nAnswer library questions, kindly.\n</attempt>');
    expect(progress.filter((p) => p.jobId === jobId).map((p) => p.message)).toContainEqual(
      expect.stringContaining('attempt 1/3: rejected: '),
    );

    // Every candidate keeps its runs: ordinary runs, the candidates' marked with their prompt variant.
    const run = await call<RunDetail>('runs.get', { runId: good!.candidateRunIds[0] });
    expect(run.identity.systemPrompt).toBe('GOOD\nAnswer library questions with the exact opening hours.\n');
    expect(run.identity.promptVariant).toBe(`optimizer candidate ${good!.id}`);
    const baselineRun = await call<RunDetail>('runs.get', { runId: outcome.baseline!.runIds[0] });
    expect(baselineRun.identity.promptVariant).toBeUndefined();
    const history = await call<HistoryPoint[]>('targets.history', { targetId: 'helpdesk_chat' });
    expect(history.map((point) => point.runId)).toEqual(outcome.baseline!.runIds);

    const detail = await call<CandidateDetail>('optimizer.get', { id: good!.id });
    expect(detail.baselinePrompt).toBe('BASELINE\nAnswer library questions.\n');
    expect(detail.baselineScores).toEqual([2, 3, 1]);
    expect(detail.candidateScores.map((s) => Number(s?.toFixed(6)))).toEqual([4.5, 4.8, 4.2]);
    expect(detail.questions).toHaveLength(15);
    expect(detail.questions.every((q) => q.deciding && q.delta !== null && Math.abs(q.delta - 2.5) < 1e-9)).toBe(true);

    // Review: applying writes the prompt into aieval.yaml, keeping every comment, and logs who and why.
    const before = readFileSync(join(dir, 'aieval.yaml'), 'utf8');
    expect(before).toBe(config);
    const applied = await call<CandidateDetail>('optimizer.apply', { id: good!.id, reason: 'clearly better' });
    expect(applied.status).toBe('applied');
    expect(applied.changes).toEqual([
      expect.objectContaining({
        action: 'applied',
        reason: 'clearly better',
        previousPrompt: 'BASELINE\nAnswer library questions.\n',
        actor: expect.stringContaining('(in-process)'),
      }),
    ]);
    const after = readFileSync(join(dir, 'aieval.yaml'), 'utf8');
    expect(after).toBe(
      before.replace(
        '      BASELINE\n      Answer library questions.\n',
        '      GOOD\n      Answer library questions with the exact opening hours.\n',
      ),
    );

    // A rejected candidate cannot be rejected again; reverting restores the previous prompt exactly.
    await expect(call('optimizer.reject', { id: noisy!.id })).rejects.toMatchObject({ code: 'conflict' });
    const reverted = await call<CandidateDetail>('optimizer.revert', {
      id: good!.id,
      reason: 'users preferred the old tone',
    });
    expect(reverted.status).toBe('reverted');
    expect(readFileSync(join(dir, 'aieval.yaml'), 'utf8')).toBe(before);
    const all = await call<CandidateSummary[]>('optimizer.candidates', { targetId: 'helpdesk_chat' });
    expect(all.map((c) => [c.attempt, c.status])).toEqual([
      [2, 'reverted'],
      [1, 'rejected'],
    ]);
  });

  it('refuses a dataset below min_dataset_size before running anything', async () => {
    const { call } = open({ base: () => 2, runOffsets: [0], questionsPerRun: 8 }, []);
    const before = suite.server.requests.length;
    await expect(call('optimizer.start', { targetId: 'small_chat' })).rejects.toMatchObject({
      code: 'bad_input',
      message:
        'dataset "small" has 8 enabled questions; the optimizer needs at least 15 (settings.optimizer.min_dataset_size) to tell a better prompt from noise',
    });
    await expect(call('optimizer.start', { targetId: 'helpdesk_chat', split: 'test' })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining('no question in split "test"'),
    });
    expect(suite.server.requests).toHaveLength(before);
  });

  it('skips a target whose baseline clears the gate, unless asked to propose anyway', async () => {
    const { call, job } = open({ base: () => 4, runOffsets: [0], questionsPerRun: 15 }, ['GOOD\nbetter']);
    const skipped = await job((await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_chat' })).jobId);
    expect(skipped.outcome).toMatchObject({ status: 'skipped', candidates: [] });
    expect(skipped.outcome?.reason).toBe(
      "the baseline's avg_score is 4.00, which clears its gate (avg_score ≥ 3.50); on the deciding questions alone its " +
        'avg_score is 4.00 ± 0.00 over 3 runs. Nothing to improve: tick “even if it passes its gate” to look for a ' +
        'better prompt anyway',
    );
    expect(proposerRequests).toHaveLength(0);
    const proposed = await job(
      (await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_chat', propose: true, maxAttempts: 1 }))
        .jobId,
    );
    expect(proposed.outcome).toMatchObject({ status: 'not_improved' });
    expect(proposed.outcome?.candidates[0]?.decisionReason).toContain('is not above the improvement margin 0.40');
  });

  it('decides on the held-out test split: a candidate that only improves the train questions is rejected', async () => {
    // GOOD answers train questions far better, the held-out test questions no better.
    const { call, job } = open(
      {
        base: (marker, id) => (marker === 'GOOD' && id.startsWith('tr') ? 4.5 : 2),
        runOffsets: [0, 0.1, -0.1, 0, 0.1, -0.1],
        questionsPerRun: 20,
      },
      ['GOOD\ntrain-tuned'],
    );
    const done = await job(
      (await call<{ jobId: string }>('optimizer.start', { targetId: 'split_chat', maxAttempts: 1 })).jobId,
    );
    const candidate = done.outcome!.candidates[0]!;
    expect(candidate).toMatchObject({ status: 'rejected', split: 'test', baselineMean: 2 });
    expect(candidate.candidateMean).toBeCloseTo(2, 9);
    expect(candidate.candidateScores.map((x) => Number(x?.toFixed(6)))).toEqual([2, 2.1, 1.9]);
    expect(candidate.decisionReason).toContain('is not above the improvement margin 0.40');
    expect(candidate.decisionReason).toContain(
      '(decided on the held-out split "test": 5 questions; proposals came from 15 others)',
    );
    const proposal = proposerRequests[0]!.messages.map((m) => m.content).join('\n');
    expect(proposal).toContain('### tr01');
    expect(proposal).not.toContain('### te0');
    const detail = await call<CandidateDetail>('optimizer.get', { id: candidate.id });
    expect(
      detail.questions
        .filter((q) => q.deciding)
        .map((q) => q.questionId)
        .sort(),
    ).toEqual(['te01', 'te02', 'te03', 'te04', 'te05']);
    expect(detail.questions.find((q) => q.questionId === 'tr01')).toMatchObject({ deciding: false, delta: 2.5 });
  });

  it('applies an accepted candidate at once when require_review is false', async () => {
    const { dir, call, job } = open(
      { base: (marker) => SCORE[marker] ?? 0, runOffsets: [0, 0.1, -0.1], questionsPerRun: 15 },
      ['GOOD\nbetter'],
      false,
    );
    const done = await job((await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_chat' })).jobId);
    expect(done.outcome?.status).toBe('accepted');
    expect(done.outcome?.candidates[0]).toMatchObject({
      status: 'applied',
      decidedBy: 'optimizer (settings.optimizer.require_review: false)',
    });
    expect(readFileSync(join(dir, 'aieval.yaml'), 'utf8')).toContain(
      '    system_prompt: |\n      GOOD\n      better\n    dataset: helpdesk\n',
    );
  });

  it('compares prompt variants side by side, one run each', async () => {
    const { call, job } = open({ base: (marker) => SCORE[marker] ?? 0, runOffsets: [0], questionsPerRun: 15 }, []);
    const { jobId } = await call<{ jobId: string }>('optimizer.compareVariants', {
      targetId: 'helpdesk_chat',
      prompts: ['BASELINE', 'GOOD\nbetter', 'NOISY'],
    });
    const done = await job(jobId);
    const comparison = done.comparison!;
    expect(comparison.variants.map((v) => [v.status, v.avgScore])).toEqual([
      ['complete', 2],
      ['complete', 4.5],
      ['complete', 2.5],
    ]);
    expect(comparison.questions).toHaveLength(15);
    expect(comparison.questions[0]).toEqual({ questionId: 'h01', scores: [2, 4.5, 2.5] });
    const run = await call<RunDetail>('runs.get', { runId: comparison.variants[1]!.runId! });
    expect(run.identity.promptVariant).toBe('prompt comparison, variant 2/3');
    await expect(
      call('optimizer.compareVariants', { targetId: 'helpdesk_chat', prompts: ['only one'] }),
    ).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('opens the variants’ runs as a matrix: rows by question, and each variant against the baseline in words', async () => {
    const { dir, cliEnv, call, job } = open(
      { base: (marker) => SCORE[marker] ?? 0, runOffsets: [0], questionsPerRun: 15 },
      [],
    );
    const { jobId } = await call<{ jobId: string }>('optimizer.compareVariants', {
      targetId: 'helpdesk_chat',
      prompts: ['BASELINE', 'GOOD\nbetter', 'NOISY'],
    });
    const runIds = (await job(jobId)).comparison!.variants.map((variant) => variant.runId!);
    const matrix = await call<RunMatrix>('runs.matrix', { runIds });
    expect(matrix.columns.map((column) => [column.label, column.avgScore, column.questions])).toEqual([
      ['prompt comparison, variant 1/3', 2, 15],
      ['prompt comparison, variant 2/3', 4.5, 15],
      ['prompt comparison, variant 3/3', 2.5, 15],
    ]);
    expect(matrix.rows).toHaveLength(15);
    expect(matrix.rows[0]!.cells.map((cell) => [cell?.score, cell?.passed])).toEqual([
      [2, false],
      [4.5, true],
      [2.5, false],
    ]);
    expect(matrix.columns[0]!.vsBaseline).toBeNull();
    expect(matrix.columns[1]!.vsBaseline).toMatchObject({ paired: 15, improved: 15, worsened: 0 });
    expect(matrix.columns[1]!.vsBaseline!.sentence).toBe(
      'prompt comparison, variant 2/3 is better by 2.50 (2.50 to 2.50); 15 questions improved, 0 worse',
    );
    expect(matrix.columns[1]!.vsBaseline!.mcnemarP).toBeCloseTo(2 / 2 ** 15, 12);

    const swapped = await call<RunMatrix>('runs.matrix', { runIds, baseline: 1 });
    expect(swapped.columns[0]!.vsBaseline!.sentence).toMatch(/^prompt comparison, variant 1\/3 is worse by 2\.50 /);
    await expect(call('runs.matrix', { runIds: [runIds[0], runIds[0]] })).rejects.toMatchObject({ code: 'bad_input' });
    await expect(call('runs.matrix', { runIds: [runIds[0], 'nope'] })).rejects.toMatchObject({ code: 'not_found' });
    await expect(call('runs.matrix', { runIds: runIds.slice(0, 2), baseline: 2 })).rejects.toMatchObject({
      code: 'bad_input',
    });

    // `ai-eval compare` prints the same statistics and the rows where the columns disagree.
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-compare-'));
    const compare = (args: string[]) => runCliInProcess(['compare', ...args], configDir, process.cwd(), cliEnv);
    const text = await compare([...runIds, '--workspace', dir, '--limit', '2']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      '2 vs 1: prompt comparison, variant 2/3 is better by 2.50 (2.50 to 2.50); 15 questions improved, 0 worse (McNemar p = 0.000)',
    );
    expect(text.stdout).toContain('rows where the columns disagree: 15 of 15 (the first 2; --limit N for more)');
    expect(text.stdout).toMatch(/\n {2}h01 +✗ 2\.00 {2}\| {2}✓ 4\.50 {2}\| {2}✗ 2\.50\n/);
    const markdown = await compare([runIds[0]!, runIds[2]!, '--markdown', '--workspace', dir]);
    expect(markdown.stdout).toMatch(
      /^\| column \| model \| avg score \| pass rate \| rated good \/ bad \| rated better \/ worse \/ same \| vs baseline \|/,
    );
    expect(markdown.stdout).toContain(
      '| 2. prompt comparison, variant 3/3 | target-model | 2.50 | 0% | 0 / 0 | 0 / 0 / 0 | prompt comparison, variant 3/3 is better by 0.50 (0.50 to 0.50); 0 questions improved, 0 worse |',
    );
    const json = await compare([...runIds, '--json', '--workspace', dir]);
    expect(JSON.parse(json.stdout)).toEqual(matrix);
    expect((await compare([runIds[0]!, '--workspace', dir])).code).toBe(2);
    const unknown = await compare([runIds[0]!, 'nope', '--workspace', dir]);
    expect([unknown.code, unknown.stderr]).toEqual([2, 'error: No run "nope" in this workspace.']);
  });

  it('rejects a candidate its runs could not measure (judge outage: degraded, never scored 0)', async () => {
    const { call, job } = open(
      { base: (marker) => SCORE[marker] ?? 0, runOffsets: [0, 0.1, -0.1], questionsPerRun: 15 },
      ['NOISY\nunmeasurable'],
    );
    const scripted = suite.server.script;
    suite.server.script = (request) =>
      request.messages.some((m) => m.content.includes('PROMPT[NOISY]') && m.content.includes('<agent_response>'))
        ? { status: 500 }
        : scripted(request);
    const done = await job(
      (await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_chat', maxAttempts: 1 })).jobId,
    );
    const candidate = done.outcome!.candidates[0]!;
    expect(candidate.status).toBe('rejected');
    expect(candidate.decisionReason).toMatch(
      /^rejected: the candidate could not be measured: run \S+ scored 0% of the deciding questions \(15 degraded\)/,
    );
    expect(candidate.candidateMean).toBeNull();
    expect(candidate.candidateScores).toEqual([null]);
  });

  it('cancels a running job: its run is cancelled and the job ends cancelled', async () => {
    const { call, job } = open({ base: () => 2, runOffsets: [0], questionsPerRun: 15 }, []);
    const scripted = suite.server.script;
    suite.server.script = (request) => ({ ...scripted(request), delayMs: 50 });
    const runStarted = new Promise<string>((resolve) =>
      suite.app!.events.subscribe(
        (name, payload) =>
          name === 'optimizer.progressed' &&
          (payload as { runId: string | null }).runId &&
          resolve((payload as { runId: string }).runId),
      ),
    );
    const { jobId } = await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_chat' });
    await expect(call('optimizer.start', { targetId: 'helpdesk_chat' })).rejects.toMatchObject({ code: 'conflict' });
    const runId = await runStarted;
    expect(await call('optimizer.cancel', { jobId })).toEqual({ cancelled: true });
    const done = await job(jobId);
    expect(done.status).toBe('cancelled');
    expect(done.outcome?.status).toBe('cancelled');
    expect((await call<RunDetail>('runs.get', { runId })).run.status).toBe('cancelled');
    suite.server.script = scripted;
  });

  it('optimizes an agent target: the candidate prompt reaches the tool-calling loop', async () => {
    const mcp = await startFakeMcpHttpServer();
    try {
      const { call, job } = open(
        { base: (marker) => SCORE[marker] ?? 0, runOffsets: [0, 0.1, -0.1, 0, 0.1, -0.1], questionsPerRun: 15 },
        ['GOOD\nUse the CRM tools.'],
        true,
        mcp.url,
      );
      const first = suite.server.requests.length;
      const done = await job(
        (await call<{ jobId: string }>('optimizer.start', { targetId: 'helpdesk_agent', maxAttempts: 1 })).jobId,
      );
      expect(done.outcome?.status).toBe('accepted');
      const candidate = done.outcome!.candidates[0]!;
      expect(candidate).toMatchObject({ status: 'pending', candidateMean: 4.5 });
      const run = await call<RunDetail>('runs.get', { runId: candidate.candidateRunIds[0] });
      expect(run.identity).toMatchObject({
        mode: 'agent',
        systemPrompt: 'GOOD\nUse the CRM tools.',
        tools: [{ name: 'crm', transport: 'http' }],
      });
      const agentCalls = suite.server.requests.slice(first).filter((request) => request.tools.length > 0);
      expect(agentCalls.some((request) => request.messages[0]?.content === 'GOOD\nUse the CRM tools.')).toBe(true);
      expect(agentCalls.some((request) => request.messages[0]?.content === 'BASELINE')).toBe(true);
    } finally {
      await mcp.close();
    }
  });

  it('refuses an external agent: it is never sent a system prompt', async () => {
    const { call } = open({ base: () => 2, runOffsets: [0], questionsPerRun: 15 }, []);
    await expect(call('optimizer.start', { targetId: 'external_agent' })).rejects.toMatchObject({
      code: 'bad_input',
      message: expect.stringContaining(
        'is an external agent (http://127.0.0.1:9/agent): it is never sent a system prompt',
      ),
    });
  });
});
