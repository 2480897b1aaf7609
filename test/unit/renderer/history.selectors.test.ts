import { describe, expect, it } from 'vitest';
import type {
  HistoryRun,
  QuestionHistory,
  QuestionState,
  TagHistory,
  TagPoint,
  TimelinePoint,
} from '../../../src-shared/model';
import {
  bandPaths,
  changedGroups,
  changedPerTag,
  identityChanges,
  linePath,
  movedTagsSentence,
  pointVerdict,
  tagsMovedFirst,
  textChangeIndex,
  type Box,
} from '../../../src-renderer/features/history/history.selectors';

const run = (runId: string, over: Partial<HistoryRun> = {}): HistoryRun => ({
  runId,
  createdAt: 0,
  provider: 'local',
  model: 'model-a',
  systemPromptSha256: 'aaaa',
  datasetVersion: '1',
  repeat: 1,
  ...over,
});

const point = (runId: string, over: Partial<TimelinePoint> = {}, runOver: Partial<HistoryRun> = {}): TimelinePoint => ({
  run: run(runId, runOver),
  results: [],
  score: 4,
  passes: 1,
  trials: 1,
  textChanged: false,
  ...over,
});

const tag = (name: string, moved: TagHistory['moved']): TagHistory => ({
  tag: name,
  points: [],
  baseline: { passes: 0, trials: 0 },
  recent: { passes: 0, trials: 0 },
  pValue: null,
  qValue: null,
  moved,
  sentence: '',
});

const q = (questionId: string, state: QuestionState, tags: string[] = []) =>
  ({ questionId, state, tags }) as unknown as QuestionHistory;

const BOX: Box = { width: 100, height: 50, pad: 0 };

describe('history selectors', () => {
  it('groups the changed questions regressed, flaky, fixed and leaves steady ones out', () => {
    const questions = [q('a', 'fixed', ['x']), q('b', 'steady', ['x']), q('c', 'regressed', ['y']), q('d', 'fixed')];
    const ids = (groups: ReturnType<typeof changedGroups>) =>
      groups.map((g) => [g.state, g.questions.map((x) => x.questionId)]);
    expect(ids(changedGroups(questions))).toEqual([
      ['regressed', ['c']],
      ['fixed', ['a', 'd']],
    ]);
    expect(ids(changedGroups(questions, 'x'))).toEqual([['fixed', ['a']]]);
    expect(ids(changedGroups(questions, 'none'))).toEqual([]);
  });

  it('counts the changed questions of each tag, not the steady ones', () => {
    const counts = changedPerTag([q('a', 'fixed', ['x', 'y']), q('b', 'steady', ['x']), q('c', 'flaky', ['x'])]);
    expect(Object.fromEntries(counts)).toEqual({ x: 2, y: 1 });
  });

  it('marks what differs from the run before: model, prompt, dataset', () => {
    const changes = identityChanges([
      point('r1'),
      point('r2', {}, { model: 'model-b' }),
      point('r3', {}, { model: 'model-b', systemPromptSha256: 'bbbb' }),
      point('r4', {}, { model: 'model-b', systemPromptSha256: 'bbbb', datasetVersion: '2' }),
    ]);
    expect(changes).toEqual([
      { model: false, prompt: false, dataset: false },
      { model: true, prompt: false, dataset: false },
      { model: false, prompt: true, dataset: false },
      { model: false, prompt: false, dataset: true },
    ]);
  });

  it("tells a run's verdict over its repeats and finds where the text changed", () => {
    expect(pointVerdict(point('r', { passes: 3, trials: 3 }))).toBe('pass');
    expect(pointVerdict(point('r', { passes: 1, trials: 3 }))).toBe('mixed');
    expect(pointVerdict(point('r', { passes: 0, trials: 3 }))).toBe('fail');
    expect(pointVerdict(point('r', { passes: 0, trials: 0 }))).toBe('unscored');
    expect(textChangeIndex([point('a'), point('b', { textChanged: true }), point('c')])).toBe(1);
    expect(textChangeIndex([point('a'), point('b')])).toBeNull();
  });

  it('breaks the line at a run without a value', () => {
    expect(linePath(BOX, [1, 0.5, null, 0], 1)).toBe('M0.0,0.0 L33.3,25.0 M100.0,50.0');
  });

  it('draws the Wilson band as a closed path per stretch of runs with an interval', () => {
    const p = (interval: [number, number] | null): TagPoint => ({
      runId: 'r',
      passes: 0,
      trials: interval ? 1 : 0,
      passRate: null,
      interval,
    });
    const paths = bandPaths(BOX, [p([0.5, 1]), p([0, 0.5]), p(null), p([0, 1]), p([0, 1])]);
    expect(paths).toEqual([
      'M0.0,0.0 L25.0,25.0 L25.0,50.0 L0.0,25.0 Z',
      'M75.0,0.0 L100.0,0.0 L100.0,50.0 L75.0,50.0 Z',
    ]);
  });

  it('puts the tags that moved first and names them', () => {
    const tags = [tag('loans', null), tag('hours', 'up'), tag('billing', 'down')];
    expect(tagsMovedFirst(tags).map((t) => t.tag)).toEqual(['billing', 'hours', 'loans']);
    expect(movedTagsSentence(tags)).toBe('billing (down), hours (up)');
    expect(movedTagsSentence([tag('loans', null)])).toBeNull();
  });
});
