// The target editor store against a fake aieval.yaml: open, debounced checks, save and rename, refusals, disk changes.
import './fake-window';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takenIds, useTargets } from '../../../../src-renderer/features/targets/targets.store';
import { isDirty } from '../../../../src-renderer/features/targets/targets.selectors';
import { target as targetSchema, type Target } from '../../../../src-shared/model';
import { EXAMPLE_DIR } from '../../../support/workspace';
import { answer, calledWith, heldAnswers, refuse, resetService } from './fake-service';
import { fakeWindow } from './fake-window';

vi.mock('../../../../src-renderer/api/transport', () => import('./fake-transport'));

const example = (parse(readFileSync(join(EXAMPLE_DIR, 'aieval.yaml'), 'utf8')).targets as unknown[]).map((t) =>
  targetSchema.parse(t),
);
const first = example[0]!;

/** The targets the fake aieval.yaml holds. */
let targets: Target[];

const state = () => useTargets.getState();

beforeEach(() => {
  resetService();
  useTargets.setState(useTargets.getInitialState(), true);
  targets = example.map((t) => structuredClone(t));
  answer('targets.list', () => targets.map((t) => ({ id: t.id })));
  answer('providers.list', () => [{ name: 'local' }]);
  answer('datasets.list', () => [{ id: 'helpdesk' }]);
  answer('settings.get', () => ({ concurrency: 4 }));
  answer(
    'targets.get',
    ({ id }) => targets.find((t) => t.id === id) ?? Promise.reject(new Error(`No target ${String(id)}.`)),
  );
  answer('targets.check', () => ({ issues: [], warnings: ['Text only'], judgeMismatch: null }));
  answer('targets.save', ({ target, previousId }) => {
    const saved = target as Target;
    targets = [...targets.filter((t) => t.id !== (previousId ?? saved.id)), saved];
    return { issues: [] };
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('targets store', () => {
  it('opens a target as its form, unedited, with the choices; a new target starts from the first choices', async () => {
    await state().editorOpened(first.id);
    expect(state()).toMatchObject({ previousId: first.id, targetIds: example.map((t) => t.id), error: undefined });
    expect(state().form?.id).toBe(first.id);
    expect(isDirty(state().form, state().initial)).toBe(false);
    expect(takenIds(state())).toEqual([]);

    await state().editorOpened(undefined);
    expect(state().form).toMatchObject({ id: '', provider: 'local', dataset: 'helpdesk' });
    expect(takenIds(state())).toEqual(example.map((t) => t.id));
  });

  it('says why a target cannot be opened', async () => {
    await state().editorOpened('gone');
    expect(state()).toMatchObject({ form: undefined, error: 'No target gone.' });
  });

  it('shows the target opened last when an earlier one answers late', async () => {
    const [slow] = heldAnswers('targets.get', 1);
    const opening = state().editorOpened(example[0]!.id);
    answer('targets.get', ({ id }) => targets.find((t) => t.id === id));
    await state().editorOpened(example[1]!.id);
    slow!.resolve(example[0]);
    await opening;
    expect(state().form?.id).toBe(example[1]!.id);
  });

  it('checks the form with the service on a pause in typing, and only keeps answers for the form still shown', async () => {
    await state().editorOpened(first.id);
    vi.useFakeTimers();
    const before = calledWith('targets.check').length;
    state().formEdited({ label: 'one' });
    state().formEdited({ label: 'two' });
    await vi.advanceTimersByTimeAsync(300);
    await vi.runAllTimersAsync();
    const checks = calledWith('targets.check').slice(before) as { target: Target; previousId: string }[];
    expect(checks.map((check) => check.target.label)).toEqual(['two']);
    expect(checks[0]!.previousId).toBe(first.id);
    expect(state().warnings).toEqual(['Text only']);
  });

  it('saves under a new id, moves the address there, and does not reload the form it just saved', async () => {
    await state().editorOpened(first.id);
    state().formEdited({ id: 'renamed' });
    await state().saveRequested();
    expect(calledWith('targets.save')).toMatchObject([{ target: { id: 'renamed' }, previousId: first.id }]);
    expect(state()).toMatchObject({ previousId: 'renamed', notice: 'Saved renamed to aieval.yaml.', saving: false });
    expect(state().targetIds).toContain('renamed');
    expect(state().targetIds).not.toContain(first.id);
    expect(fakeWindow.location.hash).toBe('#/targets/renamed/edit');

    const calls = calledWith('targets.list').length;
    await state().editorOpened('renamed');
    expect(calledWith('targets.list')).toHaveLength(calls);
    expect(state().notice).toBe('Saved renamed to aieval.yaml.');
  });

  it('refuses to save an invalid form, and keeps the form when the service finds errors or fails', async () => {
    await state().editorOpened(undefined);
    await state().saveRequested();
    expect(state().attempted).toBe(true);
    expect(calledWith('targets.save')).toHaveLength(0);

    await state().editorOpened(first.id);
    answer('targets.save', () => ({
      issues: [{ severity: 'error', message: 'no dataset nope', file: 'aieval.yaml' }],
    }));
    state().formEdited({ dataset: 'nope' });
    await state().saveRequested();
    expect(state().error).toMatch(/^Not saved: aieval.yaml would be invalid/);
    expect(isDirty(state().form, state().initial)).toBe(true);

    refuse('targets.save', 'aieval.yaml is not writable.', 'unavailable');
    await state().saveRequested();
    expect(state()).toMatchObject({ error: 'aieval.yaml is not writable.', saving: false });
  });

  it('follows the file when unedited, offers it when edited; keep mine or reload', async () => {
    await state().editorOpened(first.id);
    targets = targets.map((t) => (t.id === first.id ? { ...t, label: 'from git' } : t));
    await state().diskChanged();
    expect(state().form?.label).toBe('from git');
    expect(state().onDisk).toBeUndefined();

    state().formEdited({ label: 'mine' });
    targets = targets.map((t) => (t.id === first.id ? { ...t, label: 'theirs' } : t));
    await state().diskChanged();
    expect(state().onDisk?.label).toBe('theirs');
    expect(state().form?.label).toBe('mine');

    state().keepMineRequested();
    expect(state()).toMatchObject({ onDisk: undefined, form: { label: 'mine' }, initial: { label: 'theirs' } });

    targets = targets.map((t) => (t.id === first.id ? { ...t, label: 'again' } : t));
    await state().diskChanged();
    state().reloadRequested();
    expect(state().form?.label).toBe('again');
    expect(isDirty(state().form, state().initial)).toBe(false);
  });
});
