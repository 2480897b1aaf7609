import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeTrust,
  settings as settingsSchema,
  type Settings,
  type WorkspaceConfig,
} from '../../../../src-shared/model';
import { correctedPassRate, decidingJudge, judgeAdvisory } from '../../../../src-main/engine/trust/corrected-pass-rate';
import { judgeStanding, judgeTrustFor } from '../../../../src-main/engine/trust/judge-standing';
import { validateJudge, type LabelledItem } from '../../../../src-main/engine/trust/validate-judge';
import type { Store, StoreApi } from '../../../../src-main/store/store';
import { insertGoldItems, insertJudgeCalls, labelGoldItems, memoryStore, recordInStore } from './store-fixture';

type Config = Pick<WorkspaceConfig, 'judge' | 'settings'>;
const baseConfig = (overrides: Partial<Settings['judges']> = {}): Config => {
  const settings = settingsSchema.parse({});
  return {
    judge: { provider: 'local', model: 'llama3.1:8b' },
    settings: { ...settings, judges: { ...settings.judges, ...overrides } },
  };
};

/** tp judge-pass/human-pass, fn, tn, fp items over fresh judge calls (labels of a file: not in the gold set). */
function fileLabels(
  store: Store,
  counts: { tp: number; fn: number; tn: number; fp: number },
  call: { model?: string; template?: string } = {},
): LabelledItem[] {
  const spec: [number, 'pass' | 'fail'][] = [
    ...Array.from({ length: counts.tp }, () => [5, 'pass'] as [number, 'pass']),
    ...Array.from({ length: counts.fn }, () => [1, 'pass'] as [number, 'pass']),
    ...Array.from({ length: counts.tn }, () => [0, 'fail'] as [number, 'fail']),
    ...Array.from({ length: counts.fp }, () => [4, 'fail'] as [number, 'fail']),
  ];
  const ids = insertJudgeCalls(
    store,
    spec.map(([score]) => ({ score, ...call })),
  );
  return spec.map(([score, human], i) => ({ judgeCallId: ids[i] ?? null, judgeScore: score, human }));
}

/** The same labelled calls made the gold set of relevance_grader, labelled in the workbench. */
function labelled(
  store: Store,
  counts: { tp: number; fn: number; tn: number; fp: number },
  call: { model?: string; template?: string } = {},
): LabelledItem[] {
  const items = fileLabels(store, counts, call);
  const ids = items.map((item) => `jc-${item.judgeCallId}`);
  insertGoldItems(
    store,
    items.map((item, i) => ({ id: ids[i]!, judgeCallId: item.judgeCallId, judgeScore: item.judgeScore, createdAt: 1 })),
  );
  labelGoldItems(
    store,
    items.map((item, i) => ({ id: ids[i]!, verdict: item.human as 'pass' | 'fail', at: 1 })),
  );
  return items;
}

let store: Store;
let db: StoreApi;
beforeEach(() => ({ store, db } = memoryStore()));
afterEach(() => store.close());

/** Validates relevance_grader under the base config on `counts` labelled items, as the store labels them. */
const validateFromStore = (counts: { tp: number; fn: number; tn: number; fp: number }) =>
  validateJudge(db, baseConfig(), 'relevance_grader', labelled(store, counts), 'store', 1, recordInStore(store));

describe('trust states', () => {
  it('is unvalidated before any validation', async () => {
    const standing = await judgeStanding(db, baseConfig(), 'relevance_grader');
    expect(standing).toMatchObject({
      state: 'unvalidated',
      report: null,
      validatedAt: null,
      judge: { provider: 'local', model: 'llama3.1:8b', template_version: null },
    });
  });

  it('stores a validation with the labelled calls’ judge and reads it back as trusted', async () => {
    const items = fileLabels(store, { tp: 18, fn: 1, tn: 10, fp: 1 });
    const result = await validateJudge(
      db,
      baseConfig(),
      'relevance_grader',
      items,
      'file:labels.yaml',
      5_000,
      recordInStore(store),
    );
    expect(result).toMatchObject({
      n_pos: 19,
      n_neg: 11,
      tp: 18,
      fn: 1,
      tn: 10,
      fp: 1,
      state: 'trusted',
      validated_at: 5_000,
    });
    expect(result.judge).toEqual({ provider: 'local', model: 'llama3.1:8b', template_version: '1.0.0' });
    expect(result.warnings).toEqual([]);
    const standing = await judgeStanding(db, baseConfig(), 'relevance_grader');
    expect(standing).toMatchObject({
      state: 'trusted',
      validatedAt: 5_000,
      labelsSource: 'file:labels.yaml',
      staleReason: null,
    });
    expect(standing.report?.tpr).toBeCloseTo(18 / 19, 15);
  });

  it('is failing below the thresholds, and re-reads the stored counts under changed settings', async () => {
    await validateFromStore({ tp: 17, fn: 3, tn: 10, fp: 0 });
    expect((await judgeStanding(db, baseConfig(), 'relevance_grader')).state).toBe('failing');
    expect((await judgeStanding(db, baseConfig({ min_tpr: 0.85 }), 'relevance_grader')).state).toBe('trusted');
  });

  it('is insufficient when a class has no labels', async () => {
    const result = await validateFromStore({ tp: 30, fn: 0, tn: 0, fp: 0 });
    expect(result).toMatchObject({ state: 'insufficient', tnr: null, tnr_ci: null });
  });

  it('says how to get more items, not "label N more", when the gold set has nothing left to label', async () => {
    labelled(store, { tp: 30, fn: 0, tn: 0, fp: 0 });
    const { state, report } = await judgeStanding(db, baseConfig(), 'relevance_grader');
    expect(state).toBe('insufficient');
    expect(report?.reason).toMatch(
      /^not enough labels: the trust rule needs \d+ more failures; nothing is left to label/,
    );
    expect(report?.reason).toContain('sample the judge’s calls again');
    expect(report?.reason).not.toMatch(/label \d+ more/);
    // One item still waiting for a verdict: labelling it is the way on, so the reason says so.
    insertGoldItems(store, [{ id: 'waiting', judgeCallId: null, judgeScore: 0, createdAt: 2 }]);
    const waiting = await judgeStanding(db, baseConfig(), 'relevance_grader');
    expect(waiting.report?.reason).toMatch(/^not enough labels: label \d+ more failures/);
    expect(waiting.report?.reason).not.toContain('nothing is left');
  });

  it('becomes stale when aieval.yaml names another judge model', async () => {
    await validateFromStore({ tp: 15, fn: 0, tn: 15, fp: 0 });
    const config = { ...baseConfig(), judge: { provider: 'local', model: 'qwen3:8b', overrides: {} } };
    const standing = await judgeStanding(db, config, 'relevance_grader');
    expect(standing.state).toBe('stale');
    expect(standing.staleReason).toBe('the judge changed from local/llama3.1:8b to local/qwen3:8b since validation');
    // An override for this grader counts too; another grader's override does not.
    const overriding = (graderId: string) => ({
      ...baseConfig(),
      judge: {
        provider: 'local',
        model: 'llama3.1:8b',
        overrides: { [graderId]: { provider: 'claude', model: 'sonnet' } },
      },
    });
    expect((await judgeStanding(db, overriding('relevance_grader'), 'relevance_grader')).state).toBe('stale');
    const other = overriding('accuracy_grader');
    expect((await judgeStanding(db, other, 'relevance_grader')).state).toBe('trusted');
  });

  it('becomes stale when the judge has since been called with a new template version', async () => {
    await validateFromStore({ tp: 15, fn: 0, tn: 15, fp: 0 });
    insertJudgeCalls(store, [{ score: 4, template: '1.1.0', createdAt: 99_999 }]);
    const standing = await judgeStanding(db, baseConfig(), 'relevance_grader');
    expect(standing.state).toBe('stale');
    expect(standing.staleReason).toMatch(/template changed from 1.0.0 to 1.1.0/);
  });

  it('becomes stale as soon as the template file reads another version, before any new call', async () => {
    const items = labelled(store, { tp: 15, fn: 0, tn: 15, fp: 0 }, { template: 'judge@1.0.0' });
    const today = (version: string | null) => ({
      ...baseConfig(),
      templateVersionOf: (name: string) => (name === 'judge' ? version : null),
    });
    expect(
      (await validateJudge(db, today('judge@1.0.0'), 'relevance_grader', items, 'store', 1, recordInStore(store)))
        .state,
    ).toBe('trusted');
    expect((await judgeStanding(db, today('judge@1.0.0'), 'relevance_grader')).state).toBe('trusted');
    const edited = await judgeStanding(db, today('judge@1.0.0+workspace.0123456789ab'), 'relevance_grader');
    expect(edited.state).toBe('stale');
    expect(edited.staleReason).toBe(
      'the judge template changed from judge@1.0.0 to judge@1.0.0+workspace.0123456789ab since validation',
    );
    // An unreadable template file falls back to the version the latest call recorded.
    expect((await judgeStanding(db, today(null), 'relevance_grader')).state).toBe('trusted');
  });

  it('is stale at once when the labelled calls came from an older judge', async () => {
    const items = labelled(store, { tp: 15, fn: 0, tn: 15, fp: 0 }, { model: 'old-model' });
    const result = await validateJudge(db, baseConfig(), 'relevance_grader', items, 'store', 1, recordInStore(store));
    expect(result.state).toBe('stale');
    expect(result.judge.model).toBe('old-model');
    expect(result.warnings.join('\n')).toMatch(
      /out of date: the judge changed from local\/old-model to local\/llama3.1:8b/,
    );
  });

  it('refuses to validate a deterministic grader', async () => {
    await expect(
      validateJudge(db, baseConfig(), 'format_grader', [], 'store', 1, recordInStore(store)),
    ).rejects.toThrow(/not an LLM judge/);
  });
});

describe('judgeTrustFor', () => {
  it('reports only the LLM graders, in order, with their rates', async () => {
    await validateFromStore({ tp: 18, fn: 2, tn: 8, fp: 2 });
    const trust = await judgeTrustFor(db, baseConfig(), [
      'format_grader',
      'relevance_grader',
      'accuracy_grader',
      'relevance_grader',
    ]);
    expect(trust).toEqual([
      { grader: 'relevance_grader', state: 'failing', tpr: 0.9, tnr: 0.8 },
      { grader: 'accuracy_grader', state: 'unvalidated', tpr: null, tnr: null },
    ]);
    expect(trust.map(describeTrust)).toEqual([
      'relevance_grader: failing (TPR 0.90, TNR 0.80)',
      'accuracy_grader: unvalidated',
    ]);
  });
});

/** Labels of earlier runs with these counts (a simple random sample). */
const labelsOf = (c: { tp: number; fn: number; tn: number; fp: number }) => ({
  cells: [{ stratum: 'all' as const, weight: 1, ...c }],
  runIds: Array<string>(c.tp + c.fn + c.tn + c.fp).fill('run-before'),
});

describe('corrected pass rate', () => {
  const gate = { metric: 'pass_rate' as const, threshold: 0.8, type: 'hard' as const };

  it('comes from gate.judge, or from the only grader when it is a judge', () => {
    expect(
      decidingJudge({ graders: ['relevance_grader', 'format_grader'], gate: { ...gate, judge: 'accuracy_grader' } }),
    ).toBe('accuracy_grader');
    expect(decidingJudge({ graders: ['relevance_grader'], gate })).toBe('relevance_grader');
    expect(decidingJudge({ graders: ['relevance_grader', 'format_grader'], gate })).toBeUndefined();
    expect(decidingJudge({ graders: ['format_grader'], gate })).toBeUndefined();
  });

  it('is the Rogan-Gladen estimate with its posterior interval for a trusted judge whose labels come from other runs', () => {
    const rate = correctedPassRate(
      { grader: 'relevance_grader', state: 'trusted', labels: labelsOf({ tp: 19, fn: 1, tn: 18, fp: 2 }) },
      { n: 100, passed: 60 },
      0.95,
      'run-now',
    )!;
    expect(rate.estimator).toBe('rogan_gladen');
    expect(rate.why).toMatch(/other runs/);
    expect(rate.estimates.find((e) => e.estimator === 'ppi')).toMatchObject({ theta: null, note: /own calls/ });
    // θ = (0.6 + 0.9 − 1)/(0.95 + 0.9 − 1) = 0.5/0.85.
    const rg = rate.estimates.find((e) => e.estimator === 'rogan_gladen')!;
    expect(rg.theta).toBeCloseTo(0.5 / 0.85, 15);
    expect(rate).toMatchObject({ n: 100, passed: 60, observed: 0.6, confidence: 0.95, note: null });
    expect(rg.ci![0]).toBeLessThan(rg.theta!);
    expect(rg.ci![1]).toBeGreaterThan(rg.theta!);
  });

  it('is absent for a judge that is not trusted or when nothing was scored', () => {
    const labels = labelsOf({ tp: 19, fn: 1, tn: 18, fp: 2 });
    const grader = 'relevance_grader' as const;
    expect(correctedPassRate({ grader, state: 'failing', labels }, { n: 10, passed: 5 }, 0.95)).toBeNull();
    expect(correctedPassRate({ grader, state: 'stale', labels }, { n: 10, passed: 5 }, 0.95)).toBeNull();
    expect(correctedPassRate({ grader, state: 'trusted', labels }, { n: 0, passed: 0 }, 0.95)).toBeNull();
  });

  it('notes "no interval" when the judge is no better than chance (thresholds set that low)', () => {
    const labels = labelsOf({ tp: 5, fn: 5, tn: 6, fp: 4 });
    const rate = correctedPassRate(
      { grader: 'relevance_grader', state: 'trusted', labels },
      { n: 10, passed: 5 },
      0.95,
    )!;
    const rg = rate.estimates.find((e) => e.estimator === 'rogan_gladen')!;
    expect(rg.ci).toBeNull();
    expect(rg.note).toMatch(/no interval/);
  });

  it('uses the prediction-powered estimate when every label is of the evaluated run’s own calls', () => {
    const cells = [
      { stratum: 'judge_pass' as const, weight: 4, tp: 14, fn: 0, fp: 1, tn: 0 },
      { stratum: 'judge_fail' as const, weight: 1, tp: 0, fn: 2, fp: 0, tn: 13 },
    ];
    const standing = {
      grader: 'relevance_grader' as const,
      state: 'trusted' as const,
      labels: { cells, runIds: Array<string>(30).fill('run-now') },
    };
    const observed = { n: 75, passed: 60 };
    const rate = correctedPassRate(standing, observed, 0.95, 'run-now')!;
    expect(rate.estimator).toBe('ppi');
    expect(rate.why).toMatch(/own judge calls/);
    // θ = p·PPV + (1 − p)·(1 − NPV) = 0.8·14/15 + 0.2·2/15.
    expect(rate.theta).toBeCloseTo(0.8 * (14 / 15) + 0.2 * (2 / 15), 12);
    expect(rate.ci![0]).toBeLessThan(rate.theta!);
    expect(rate.ci![1]).toBeGreaterThan(rate.theta!);
    // Labels of another run of the same judge: Rogan-Gladen, whatever the share.
    const other = correctedPassRate(standing, observed, 0.95, 'run-later')!;
    expect(other.estimator).toBe('rogan_gladen');
  });

  it('judgeAdvisory fills the verdict’s judges and corrected_pass_rate', async () => {
    await validateFromStore({ tp: 19, fn: 1, tn: 18, fp: 2 });
    const advisory = await judgeAdvisory(
      db,
      baseConfig(),
      { graders: ['relevance_grader'], gate },
      { n: 50, passed: 40 },
    );
    expect(advisory.judges).toEqual([{ grader: 'relevance_grader', state: 'trusted', tpr: 0.95, tnr: 0.9 }]);
    expect(advisory.corrected_pass_rate?.estimator).toBe('rogan_gladen');
    expect(advisory.corrected_pass_rate?.theta).toBeCloseTo((0.8 + 0.9 - 1) / (0.95 + 0.9 - 1), 15);
    const mixed = await judgeAdvisory(
      db,
      baseConfig(),
      { graders: ['relevance_grader', 'format_grader'], gate },
      { n: 50, passed: 40 },
    );
    expect(mixed.corrected_pass_rate).toBeNull();
  });
});
