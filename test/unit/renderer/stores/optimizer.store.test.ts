// The optimizer store against a fake service: the lists, jobs started and followed, the open candidate, review actions.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useOptimizer } from '../../../../src-renderer/features/optimizer/optimizer.store';
import { answer, calledWith, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const job = (id: string, log: string[] = []) => ({ id, kind: 'compare', status: 'running', log, runId: null });
const state = () => useOptimizer.getState();

beforeEach(() => {
  resetService();
  useOptimizer.setState(useOptimizer.getInitialState(), true);
  answer('targets.list', () => [{ id: 'faq' }]);
  answer('optimizer.candidates', () => [{ id: 'c1', status: 'proposed' }]);
  answer('optimizer.jobs', () => [job('j1')]);
  answer('optimizer.job', ({ jobId }) => job(String(jobId)));
  answer('runs.preflight', () => ({ ok: true, problems: [], elapsedMs: 3 }));
});

describe('optimizer store', () => {
  it('lists targets, candidates and jobs by id; a failure says why', async () => {
    await state().listOpened();
    expect(state()).toMatchObject({ targets: [{ id: 'faq' }], candidates: [{ id: 'c1' }], jobs: { j1: { id: 'j1' } } });
    refuse('optimizer.jobs', 'The store is busy.', 'unavailable');
    await state().listOpened();
    expect(state()).toMatchObject({ error: 'The store is busy.', jobs: { j1: { id: 'j1' } } });
  });

  it('starts comparisons and follows their jobs; a refusal is the screen error', async () => {
    answer('optimizer.compareVariants', () => ({ jobId: 'j2' }));
    expect(await state().compareRequested('faq', ['A', 'B'], 3)).toBe('j2');
    expect(calledWith('optimizer.compareVariants')).toEqual([{ targetId: 'faq', prompts: ['A', 'B'], repeat: 3 }]);
    answer('optimizer.compareModels', () => ({ jobId: 'j3' }));
    const models = [{ provider: 'ollama', model: 'qwen3:8b' }];
    expect(await state().compareModelsRequested('faq', models, 1)).toBe('j3');
    expect(Object.keys(state().jobs)).toEqual(['j2', 'j3']);
    answer('optimizer.cancel', () => ({ cancelled: true }));
    await state().cancelRequested('j3');
    expect(calledWith('optimizer.cancel')).toEqual([{ jobId: 'j3' }]);

    refuse('optimizer.compareModels', 'ollama has no model nope.');
    expect(await state().compareModelsRequested('faq', [{ provider: 'ollama', model: 'nope' }], 1)).toBeUndefined();
    expect(state().error).toBe('ollama has no model nope.');
  });

  it('names the target when an optimization cannot start', async () => {
    answer('optimizer.start', () => ({ jobId: 'j4' }));
    await state().optimizeRequested('faq', true);
    expect(state().jobs['j4']).toMatchObject({ id: 'j4' });
    refuse('optimizer.start', 'An optimization of faq is already running.', 'conflict');
    await state().optimizeRequested('faq', false);
    expect(state().error).toBe('faq: An optimization of faq is already running.');
  });

  it('checks the target by the preflight first, as ▶ Run does: found problems start nothing until "anyway"', async () => {
    const unreachable = {
      subject: 'provider "local" (ollama)',
      problem: 'not reachable at http://localhost:11434',
      fix: 'start Ollama (`ollama serve`)',
      environment: true,
    };
    answer('runs.preflight', () => ({ ok: false, problems: [unreachable], elapsedMs: 5 }));
    answer('optimizer.start', () => ({ jobId: 'j5' }));
    await state().optimizeRequested('faq', true);
    expect(calledWith('runs.preflight')).toEqual([{ targetId: 'faq' }]);
    expect(calledWith('optimizer.start')).toEqual([]);
    expect(state().preflight['faq']).toEqual({ problems: [unreachable], propose: true });

    await state().optimizeRequested('faq', true, true); // Optimize anyway: no second check
    expect(calledWith('runs.preflight')).toHaveLength(1);
    expect(calledWith('optimizer.start')).toEqual([{ targetId: 'faq', propose: true }]);
    expect(state().preflight['faq']?.problems).toEqual([]);
  });

  it('appends progress to the job log (the last 200 lines), ignores unknown jobs, refreshes on finish', async () => {
    await state().listOpened();
    for (let i = 0; i < 205; i++) state().jobProgressed({ jobId: 'j1', message: `line ${i}`, runId: 'r7' } as never);
    state().jobProgressed({ jobId: 'nope', message: 'lost' } as never);
    expect(state().jobs['j1']?.log).toHaveLength(200);
    expect(state().jobs['j1']?.log.at(-1)).toBe('line 204');
    expect(state().jobs['j1']?.runId).toBe('r7');
    expect(state().jobs['nope']).toBeUndefined();

    answer('optimizer.job', ({ jobId }) => ({ ...job(String(jobId)), status: 'done' }));
    answer('optimizer.candidates', () => [
      { id: 'c1', status: 'proposed' },
      { id: 'c2', status: 'proposed' },
    ]);
    await state().jobFinished({ jobId: 'j1' } as never);
    expect(state().jobs['j1']?.status).toBe('done');
    expect(state().candidates).toHaveLength(2);
  });

  it('shows the candidate opened last when an earlier one answers late', async () => {
    const [slow, fast] = heldAnswers('optimizer.get', 2);
    const first = state().candidateOpened('c1');
    const second = state().candidateOpened('c2');
    fast!.resolve({ id: 'c2', status: 'proposed' });
    await second;
    slow!.resolve({ id: 'c1', status: 'proposed' });
    await first;
    expect(state().detail?.id).toBe('c2');
  });

  it('applies, rejects and reverts with the reason, updating the list; a refusal says why', async () => {
    await state().listOpened();
    answer('optimizer.apply', ({ id }) => ({ id, status: 'applied' }));
    await state().reviewConfirmed('apply', 'c1', 'better on tone');
    expect(calledWith('optimizer.apply')).toEqual([{ id: 'c1', reason: 'better on tone' }]);
    expect(state()).toMatchObject({
      busy: false,
      detail: { status: 'applied' },
      message: 'Applied: the prompt is written into aieval.yaml.',
      candidates: [{ id: 'c1', status: 'applied' }],
    });

    refuse('optimizer.revert', 'aieval.yaml changed since the candidate was applied.', 'conflict');
    await state().reviewConfirmed('revert', 'c1', 'regressed');
    expect(state()).toMatchObject({
      busy: false,
      message: undefined,
      error: 'aieval.yaml changed since the candidate was applied.',
    });
  });
});
