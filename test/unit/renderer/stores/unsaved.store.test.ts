// The unsaved-work store and the router's navigation guard in a fake window: leaving a dirty screen asks, the choice
// saves, discards or stays; Ctrl/Cmd+S saves; closing a dirty page asks; the title and the desktop window are told.
import './fake-window';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hrefFor, navigate, parseHash } from '../../../../src-renderer/navigation/router';
import type { ScreenName } from '../../../../src-renderer/navigation/screens';
import {
  dirtyScreens,
  installUnsavedGuards,
  leaveDecided,
  saveAllEditors,
  useUnsaved,
  type UnsavedEditor,
} from '../../../../src-renderer/navigation/unsaved.store';
import { fakeWindow } from './fake-window';
import { settled } from './fake-service';

/** An editor as a screen registers it (what useUnsavedEditor puts in the store). */
function editor(screen: ScreenName, options: { refuseSave?: boolean } = {}) {
  const log: string[] = [];
  let dirty = true;
  const self: UnsavedEditor & { log: string[] } = {
    screen,
    label: `${screen} form`,
    log,
    isDirty: () => dirty,
    async save() {
      log.push('save');
      if (!options.refuseSave) dirty = false;
    },
    discard() {
      log.push('discard');
      dirty = false;
    },
  };
  useUnsaved.setState((state) => ({
    editors: { ...state.editors, [screen]: { ...self, dirty: true } },
  }));
  return self;
}

const route = () => parseHash(fakeWindow.location.hash);
/** A page closing: Node's Event has a read-only returnValue, a browser's BeforeUnloadEvent lets the page set it. */
const beforeUnload = () =>
  Object.defineProperty(new Event('beforeunload', { cancelable: true }), 'returnValue', {
    value: true,
    writable: true,
  });
const keyEvent = (init: Partial<KeyboardEvent>) =>
  Object.assign(new Event('keydown', { cancelable: true }), { ctrlKey: false, metaKey: false, altKey: false, ...init });

/** Asks to go to `page` with unsaved changes open, then answers the unsaved-changes prompt with `decision`. */
async function leaveAnswering(page: Parameters<typeof navigate>[0], decision: Parameters<typeof leaveDecided>[0]) {
  navigate(page);
  await settled();
  await leaveDecided(decision);
  await settled();
}

let uninstall: () => void;

beforeEach(async () => {
  useUnsaved.setState(useUnsaved.getInitialState(), true);
  uninstall = installUnsavedGuards();
  navigate('targets');
  await settled();
});

afterEach(() => {
  uninstall();
  delete (fakeWindow as { evalWindow?: unknown }).evalWindow;
});

describe('router', () => {
  it('parses and builds hash routes, encoding each part', () => {
    expect(parseHash('#/datasets/help%20desk')).toEqual({ screen: 'datasets', params: ['help desk'] });
    expect(parseHash('')).toEqual({ screen: 'targets', params: [] });
    expect(hrefFor('targets', 'a/b', 'edit')).toBe('#/targets/a%2Fb/edit');
  });

  it('names no screen for an address the table does not list (the start screen shows)', () => {
    expect(parseHash('#/nowhere/x')).toEqual({ screen: undefined, params: ['x'] });
    expect(parseHash('#/toString')).toEqual({ screen: undefined, params: [] });
  });

  it('types every link by the table of screens (checked by the typecheck: each line must fail to compile)', () => {
    // @ts-expect-error a screen the table does not list
    expect(hrefFor('nowhere')).toBe('#/nowhere');
    // @ts-expect-error a run's address needs its id
    expect(hrefFor('runs')).toBe('#/runs');
    // @ts-expect-error the target editor's address ends in 'edit'
    expect(hrefFor('targets', 'a', 'open')).toBe('#/targets/a/open');
  });
});

describe('unsaved store', () => {
  it('lets navigation go when nothing is dirty', async () => {
    navigate('datasets', 'helpdesk');
    await settled();
    expect(route()).toEqual({ screen: 'datasets', params: ['helpdesk'] });
    expect(useUnsaved.getState().pending).toBeUndefined();
  });

  it('holds a navigation back while an editor is dirty, keeping the address; Stay keeps the edits', async () => {
    const form = editor('settings');
    navigate('datasets');
    await settled();
    expect(fakeWindow.location.hash).toBe('#/targets');
    expect(useUnsaved.getState().pending).toMatchObject({ to: '#/datasets', editor: { label: 'settings form' } });

    await leaveDecided('stay');
    await settled();
    expect(useUnsaved.getState().pending).toBeUndefined();
    expect(fakeWindow.location.hash).toBe('#/targets');
    expect(form.log).toEqual([]);
  });

  it('discards then leaves, or saves then leaves; a refused save stays', async () => {
    const discarded = editor('settings');
    await leaveAnswering('datasets', 'discard');
    expect(discarded.log).toEqual(['discard']);
    expect(fakeWindow.location.hash).toBe('#/datasets');

    const saved = editor('targets');
    await leaveAnswering('results', 'save');
    expect(saved.log).toEqual(['save']);
    expect(fakeWindow.location.hash).toBe('#/results');

    const refused = editor('judges', { refuseSave: true });
    await leaveAnswering('traces', 'save');
    expect(refused.log).toEqual(['save']);
    expect(fakeWindow.location.hash).toBe('#/results');
  });

  it('saves the registered editor on Ctrl+S or Cmd+S, wherever the focus is; other keys pass', () => {
    const form = editor('settings');
    const save = keyEvent({ ctrlKey: true, key: 'S' });
    fakeWindow.dispatchEvent(save);
    expect(save.defaultPrevented).toBe(true);
    fakeWindow.dispatchEvent(keyEvent({ metaKey: true, key: 's' }));
    const other = keyEvent({ ctrlKey: true, altKey: true, key: 's' });
    fakeWindow.dispatchEvent(other);
    fakeWindow.dispatchEvent(keyEvent({ key: 's' }));
    expect(form.log).toEqual(['save', 'save']);
    expect(other.defaultPrevented).toBe(false);
  });

  it('asks before a dirty page is closed, and not after the edits are saved', async () => {
    editor('settings');
    const closing = beforeUnload();
    fakeWindow.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
    expect(closing.returnValue).toBe('');

    expect(await saveAllEditors()).toBe(true);
    const closingAgain = beforeUnload();
    fakeWindow.dispatchEvent(closingAgain);
    expect(closingAgain.defaultPrevented).toBe(false);
  });

  it('says which screens are dirty, in the title too', () => {
    editor('settings');
    editor('datasets');
    expect(dirtyScreens(useUnsaved.getState())).toBe('settings,datasets');
    expect(document.title).toBe('● AI Eval');
    useUnsaved.setState({ editors: {} });
    expect(document.title).toBe('AI Eval');
  });

  it('tells the desktop window what is unsaved and saves everything when it asks', async () => {
    uninstall();
    const reported: string[][] = [];
    let requestSave: (() => Promise<boolean>) | undefined;
    Object.assign(fakeWindow, {
      evalWindow: {
        dirtyChanged: (labels: string[]) => reported.push(labels),
        onSaveRequested: (cb: () => Promise<boolean>) => ((requestSave = cb), () => (requestSave = undefined)),
      },
    });
    uninstall = installUnsavedGuards();
    const refused = editor('judges', { refuseSave: true });
    const form = editor('settings');
    expect(reported.at(-1)).toEqual(['judges form', 'settings form']);
    expect(await requestSave!()).toBe(false);
    expect(refused.log).toEqual(['save']);
    expect(form.isDirty()).toBe(false);
    uninstall();
    expect(requestSave).toBeUndefined();
  });
});
