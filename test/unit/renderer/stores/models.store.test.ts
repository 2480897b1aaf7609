// The model lists store against a fake service: one fetch per provider, refresh, failures as lists, Ollama pulls.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pullKey, useModelLists } from '../../../../src-renderer/components/models.store';
import { answer, calledWith, emit, held, heldAnswers, refuse, resetService } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const state = () => useModelLists.getState();

beforeEach(() => {
  resetService();
  useModelLists.setState(useModelLists.getInitialState(), true);
  answer('providers.models', ({ provider }) => ({ models: [`${String(provider)}-model`], error: null }));
});

describe('model lists store', () => {
  it('fetches a provider list once, even when many fields ask at the same time; refresh fetches again', async () => {
    const [slow] = heldAnswers('providers.models', 1);
    const asks = [state().modelsRequested('local'), state().modelsRequested('local')];
    expect(state().lists['local']).toBeUndefined();
    slow!.resolve({ models: ['llama3.1:8b'], error: null });
    await Promise.all(asks);
    await state().modelsRequested('local');
    expect(calledWith('providers.models')).toHaveLength(1);
    expect(state().lists['local']?.models).toEqual(['llama3.1:8b']);

    answer('providers.models', () => ({ models: ['llama3.1:8b', 'qwen3:8b'], error: null }));
    await state().modelsRequested('local', true);
    expect(state().lists['local']?.models).toEqual(['llama3.1:8b', 'qwen3:8b']);
    await state().modelsRequested('');
    expect(calledWith('providers.models')).toHaveLength(2);
  });

  it('turns a failed fetch into a list that says why, and forgets every list when connections change', async () => {
    refuse('providers.models', 'connect ECONNREFUSED 127.0.0.1:11434', 'unavailable');
    await state().modelsRequested('local');
    expect(state().lists['local']).toEqual({ models: [], error: 'connect ECONNREFUSED 127.0.0.1:11434' });
    state().connectionsChanged();
    expect(state().lists).toEqual({});
  });

  it('follows a pull with its progress events, then fetches the list again', async () => {
    const pulled = held<unknown>();
    answer('providers.pull', () => pulled.promise);
    const pulling = state().pullRequested('local', 'qwen3:8b');
    const key = pullKey('local', 'qwen3:8b');
    expect(state().pulls[key]).toMatchObject({ running: true, progress: { status: 'starting' } });
    // A second click while it runs starts nothing.
    await state().pullRequested('local', 'qwen3:8b');
    await vi.waitFor(() => expect(calledWith('providers.pull')).toHaveLength(1));

    emit('providers.pullProgressed', {
      provider: 'local',
      model: 'qwen3:8b',
      status: 'pulling',
      completed: 5,
      total: 10,
    });
    emit('providers.pullProgressed', { provider: 'local', model: 'other', status: 'pulling', completed: 9, total: 10 });
    expect(state().pulls[key]?.progress).toMatchObject({ completed: 5, total: 10 });

    pulled.resolve({ ok: true, message: 'success' });
    await pulling;
    expect(state().pulls[key]).toMatchObject({ running: false, error: null, progress: { completed: 5 } });
    expect(calledWith('providers.models')).toEqual([{ provider: 'local' }]);

    emit('providers.pullProgressed', { provider: 'local', model: 'qwen3:8b', status: 'late', completed: 1, total: 1 });
    expect(state().pulls[key]?.progress.status).toBe('pulling');
  });

  it('shows why a pull failed, whether the service answered so or refused', async () => {
    answer('providers.pull', () => ({ ok: false, message: 'pull model manifest: file does not exist' }));
    await state().pullRequested('local', 'nope');
    expect(state().pulls[pullKey('local', 'nope')]).toMatchObject({
      running: false,
      error: 'pull model manifest: file does not exist',
    });
    expect(calledWith('providers.models')).toHaveLength(0);

    refuse('providers.pull', 'local is not an Ollama connection.');
    await state().pullRequested('local', 'nope');
    expect(state().pulls[pullKey('local', 'nope')]).toMatchObject({
      running: false,
      error: 'local is not an Ollama connection.',
    });
  });
});
