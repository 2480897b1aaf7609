import { describe, expect, it } from 'vitest';
import {
  bestVariant,
  candidateLook,
  deltaCounts,
  deltaLook,
  gainOf,
  groupByTarget,
  jobOf,
  meanSpread,
  runnablePrompts,
  variantRunIds,
  stripLayout,
  visibleDeltas,
} from '../../../src-renderer/features/optimizer/optimizer.selectors';
import type { TargetSummary } from '../../../src-shared/contract/targets.contract';
import { startingJob, type CandidateSummary, type OptimizerJob, type QuestionDelta } from '../../../src-shared/model';

const target = (id: string): TargetSummary => ({
  id,
  label: id,
  mode: 'chat',
  enabled: true,
  provider: 'p',
  model: 'm',
  dataset: 'd',
  graders: [],
  gate: { metric: 'avg_score', threshold: 3.5, type: 'hard' },
  warnings: [],
  judgeMismatch: null,
  datasetLoaded: true,
  replay: false,
});
const candidate = (id: string, targetId: string, extra: Partial<CandidateSummary> = {}): CandidateSummary => ({
  id,
  targetId,
  jobId: null,
  attempt: 1,
  status: 'pending',
  split: null,
  baselineMean: 2,
  baselineSd: 0.5,
  candidateMean: 3,
  candidateSd: null,
  baselineScores: [],
  candidateScores: [],
  baselineRunIds: [],
  candidateRunIds: [],
  decisionReason: '',
  proposer: null,
  decidedBy: null,
  createdAt: 0,
  decidedAt: null,
  ...extra,
});
const job = (id: string, targetId: string, startedAt: number, status: OptimizerJob['status']): OptimizerJob => ({
  ...startingJob(id, 'optimize', targetId, startedAt),
  status,
});

describe('optimizer selectors', () => {
  it.each([
    ['pending', { status: 'pending', label: 'pending review' }],
    ['applied', { status: 'pass', label: 'applied' }],
    ['rejected', { status: 'skipped', label: 'rejected' }],
    ['reverted', { status: 'cancelled', label: 'reverted' }],
  ] as const)('shows the %s status with a word and an icon-bearing badge kind', (status, look) => {
    expect(candidateLook(status)).toEqual(look);
  });

  it('writes mean ± spread, with ? for an unknown spread and — for nothing measured', () => {
    expect(meanSpread(2, 0.5)).toBe('2.00 ± 0.50');
    expect(meanSpread(3, null)).toBe('3.00 ± ?');
    expect(meanSpread(null, null)).toBe('—');
    expect(gainOf(candidate('a', 't'))).toBe(1);
    expect(gainOf(candidate('a', 't', { candidateMean: null }))).toBeNull();
  });

  it('groups candidates under the workspace targets in order, then targets that are gone', () => {
    const groups = groupByTarget(
      [target('b'), target('a')],
      [candidate('1', 'a'), candidate('2', 'gone'), candidate('3', 'a')],
    );
    expect(groups.map((g) => [g.targetId, g.candidates.map((c) => c.id), g.target !== undefined])).toEqual([
      ['b', [], true],
      ['a', ['1', '3'], true],
      ['gone', ['2'], false],
    ]);
  });

  it("picks a target's running job, else its latest", () => {
    const jobs = {
      j1: job('j1', 't', 1, 'done'),
      j2: job('j2', 't', 3, 'done'),
      j3: job('j3', 't', 2, 'running'),
      j4: job('j4', 'u', 9, 'done'),
    };
    expect(jobOf(jobs, 't')?.id).toBe('j3');
    expect(jobOf({ j1: jobs.j1, j2: jobs.j2 }, 't')?.id).toBe('j2');
    expect(jobOf(jobs, 'none')).toBeUndefined();
  });

  it('lays out a strip plot on 0-5, stacking equal scores and leaving out runs that scored nothing', () => {
    const layout = stripLayout(
      [
        { label: 'Baseline', scores: [2, 2, 2, null], mean: 2 },
        { label: 'Candidate', scores: [5, 0], mean: 2.5 },
      ],
      596,
      { left: 96, right: 0 },
    );
    expect(layout.ticks.map((t) => t.x)).toEqual([96, 196, 296, 396, 496, 596]);
    const [baseline, cand] = layout.rows;
    expect(baseline?.dots.map((d) => [d.x, d.y - baseline.y, d.run])).toEqual([
      [296, 0, 1],
      [296, -7, 2],
      [296, 7, 3],
    ]);
    expect(baseline?.meanX).toBe(296);
    expect(cand?.dots.map((d) => d.x)).toEqual([596, 96]);
    expect(cand!.y).toBeGreaterThan(baseline!.y);
  });

  it('shows deltas with an arrow and a sign, and counts the directions', () => {
    expect(deltaLook(0.5)).toEqual({ text: '▲ +0.50', tone: 'up' });
    expect(deltaLook(-1.25)).toEqual({ text: '▼ −1.25', tone: 'down' });
    expect(deltaLook(0.001)).toEqual({ text: '= 0.00', tone: '' });
    expect(deltaLook(null)).toEqual({ text: '—', tone: '' });
    const rows: QuestionDelta[] = [
      { questionId: 'a', deciding: true, baseline: 1, candidate: 2, delta: 1 },
      { questionId: 'b', deciding: false, baseline: 2, candidate: 1, delta: -1 },
      { questionId: 'c', deciding: true, baseline: 2, candidate: 2, delta: 0 },
      { questionId: 'd', deciding: true, baseline: null, candidate: 2, delta: null },
    ];
    expect(deltaCounts(rows)).toEqual({ up: 1, down: 1, same: 1 });
    expect(visibleDeltas(rows, true).map((r) => r.questionId)).toEqual(['a', 'c', 'd']);
    expect(visibleDeltas(rows, false)).toHaveLength(4);
  });

  it('marks the single best variant of a question, none on a tie', () => {
    expect(bestVariant([2, 4.5, 2.5])).toBe(1);
    expect(bestVariant([3, 3, 1])).toBeNull();
    expect(bestVariant([null, null])).toBeNull();
    expect(bestVariant([null, 1])).toBeNull(); // never best against a variant with no score (issue 49)
    expect(bestVariant([4, null, 2])).toBeNull();
    expect(bestVariant([4])).toBeNull();
  });

  it('lists the variant runs that ran for the side-by-side matrix, and drops blank prompts', () => {
    const variant = (index: number, runId: string | null) => ({
      index,
      prompt: `p${index}`,
      provider: null,
      model: null,
      runId,
      status: null,
      avgScore: null,
      passRate: null,
      error: null,
    });
    const runIds = variantRunIds({
      targetId: 't',
      repeat: 1,
      variants: [variant(0, 'r1'), variant(1, null), variant(2, 'r3')],
      questions: [],
    });
    expect(runIds).toEqual(['r1', 'r3']);
    expect(runnablePrompts(['a', '  ', '', 'b'])).toEqual(['a', 'b']);
  });
});
