// The dataset editor store against a fake service: open, edit with debounced checks, save, conflicts and disk changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDirty, useDatasets } from '../../../../src-renderer/features/datasets/datasets.store';
import { answer, calledWith, heldAnswers, refuse, resetService, settled } from './fake-service';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const doc = (id: string, text: string, hash = `h-${text.length}`) => ({
  id,
  file: `datasets/${id}.yaml`,
  text,
  hash,
  issues: text.includes('oops') ? [{ severity: 'error', message: 'oops', line: 1 }] : [],
});

const state = () => useDatasets.getState();

beforeEach(() => {
  resetService();
  useDatasets.setState(useDatasets.getInitialState(), true);
  answer('datasets.get', ({ id }) => doc(String(id), 'questions: []\n'));
  answer('datasets.list', () => [{ id: 'helpdesk' }]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('datasets store', () => {
  it('opens a dataset as saved and unedited; a missing one says why and shows nothing', async () => {
    await state().datasetOpened('helpdesk');
    expect(state()).toMatchObject({ open: { id: 'helpdesk' }, draft: 'questions: []\n', error: undefined });
    expect(isDirty(state())).toBe(false);

    refuse('datasets.get', 'No dataset nope.', 'not_found');
    await state().datasetOpened('nope');
    expect(state()).toMatchObject({ open: undefined, error: 'No dataset nope.' });
  });

  it('shows the dataset opened last when an earlier one answers late', async () => {
    const [slow, fast] = heldAnswers('datasets.get', 2);
    const first = state().datasetOpened('helpdesk');
    const second = state().datasetOpened('billing');
    fast!.resolve(doc('billing', 'b\n'));
    await second;
    slow!.resolve(doc('helpdesk', 'h\n'));
    await first;
    expect(state()).toMatchObject({ open: { id: 'billing' }, draft: 'b\n' });
  });

  it('checks the draft on a pause in typing, once, and only applies issues of the text still shown', async () => {
    await state().datasetOpened('helpdesk');
    vi.useFakeTimers();
    answer('datasets.check', ({ text }) => ({ issues: doc('x', String(text)).issues }));
    state().draftEdited('questions: oo');
    state().draftEdited('questions: oops');
    expect(isDirty(state())).toBe(true);
    await vi.advanceTimersByTimeAsync(299);
    expect(calledWith('datasets.check')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    expect(calledWith('datasets.check')).toEqual([{ id: 'helpdesk', text: 'questions: oops' }]);
    expect(state().liveIssues).toMatchObject([{ message: 'oops' }]);

    state().discardRequested();
    expect(state()).toMatchObject({ draft: 'questions: []\n', liveIssues: [] });
  });

  it('saves against the hash it loaded, then refreshes the list', async () => {
    await state().datasetOpened('helpdesk');
    state().draftEdited('questions: [a]\n');
    answer('datasets.save', ({ id, text }) => doc(String(id), String(text), 'h-new'));
    await state().saveRequested();
    expect(calledWith('datasets.save')).toEqual([{ id: 'helpdesk', text: 'questions: [a]\n', baseHash: 'h-14' }]);
    expect(state()).toMatchObject({ open: { hash: 'h-new' }, saving: false, error: undefined });
    expect(isDirty(state())).toBe(false);
    expect(state().list).toEqual([{ id: 'helpdesk' }]);
  });

  it('keeps the edits when the save is refused because the file changed, and offers the file on disk', async () => {
    await state().datasetOpened('helpdesk');
    state().draftEdited('mine\n');
    refuse('datasets.save', 'datasets/helpdesk.yaml changed on disk since it was opened.', 'conflict');
    answer('datasets.get', ({ id }) => doc(String(id), 'theirs\n'));
    await state().saveRequested();
    expect(state()).toMatchObject({
      draft: 'mine\n',
      saving: false,
      error: 'datasets/helpdesk.yaml changed on disk since it was opened.',
      onDisk: { text: 'theirs\n' },
    });

    state().keepMineRequested();
    expect(state()).toMatchObject({ draft: 'mine\n', open: { text: 'theirs\n' }, onDisk: undefined, error: undefined });
  });

  it('follows the file on disk when unedited, offers it when edited, and reloads it on request', async () => {
    await state().datasetOpened('helpdesk');
    answer('datasets.get', ({ id }) => doc(String(id), 'changed by git\n'));
    await state().diskChanged();
    expect(state()).toMatchObject({ draft: 'changed by git\n', onDisk: undefined });

    state().draftEdited('my edit\n');
    answer('datasets.get', ({ id }) => doc(String(id), 'changed again\n'));
    await state().diskChanged();
    expect(state()).toMatchObject({ draft: 'my edit\n', onDisk: { text: 'changed again\n' } });

    state().reloadRequested();
    expect(state()).toMatchObject({ draft: 'changed again\n', onDisk: undefined });
    expect(isDirty(state())).toBe(false);
  });

  it('ignores a disk answer for a dataset no longer open', async () => {
    await state().datasetOpened('helpdesk');
    const [late] = heldAnswers('datasets.get', 1);
    const check = state().diskChanged();
    answer('datasets.get', ({ id }) => doc(String(id), 'billing\n'));
    await state().datasetOpened('billing');
    late!.resolve(doc('helpdesk', 'changed\n'));
    await check;
    expect(state()).toMatchObject({ open: { id: 'billing' }, draft: 'billing\n', onDisk: undefined });
  });

  it('creates a dataset and lists it', async () => {
    answer('datasets.create', ({ id }) => doc(String(id), ''));
    answer('datasets.list', () => [{ id: 'helpdesk' }, { id: 'fresh' }]);
    await state().datasetCreated({ id: 'fresh', question: { input: 'When do you open?' } });
    await settled();
    expect(calledWith('datasets.create')).toEqual([{ id: 'fresh', question: { input: 'When do you open?' } }]);
    expect(state().list?.map((d) => d.id)).toEqual(['helpdesk', 'fresh']);
  });
});
