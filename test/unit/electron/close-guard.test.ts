import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardWindowClose, type CloseChoice } from '../../../src-main/electron/close-guard';
import { WINDOW_DIRTY_CHANNEL, WINDOW_SAVE_CHANNEL, WINDOW_SAVED_CHANNEL } from '../../../src-shared/rpc/wire';

const RENDERER = 'file:///app/renderer/';

/** A BrowserWindow stand-in: records what the guard does to it. */
function fakeWindow() {
  const events = new EventEmitter();
  const contentsEvents = new EventEmitter();
  const log: string[] = [];
  const webContents = {
    on: (name: 'will-prevent-unload', fn: (event: { preventDefault(): void }) => void) => contentsEvents.on(name, fn),
    send: (channel: string) => log.push(`send ${channel}`),
    reload: () => log.push('reload'),
  };
  return {
    log,
    webContents,
    on: (name: 'close', fn: () => void) => events.on(name, fn),
    close: () => log.push('close'),
    /** The user closes the window and the dirty page's beforeunload holds it back; true when the unload proceeds. */
    userCloses() {
      events.emit('close');
      return this.unloadHeldBack();
    },
    unloadHeldBack() {
      let proceeds = false;
      contentsEvents.emit('will-prevent-unload', { preventDefault: () => (proceeds = true) });
      return proceeds;
    },
  };
}

function setup(answer: CloseChoice) {
  const window = fakeWindow();
  const ipc = new EventEmitter();
  const asked: (readonly string[])[] = [];
  const remove = guardWindowClose({
    window,
    ipc,
    rendererUrl: RENDERER,
    ask: (labels) => {
      asked.push(labels);
      return answer;
    },
  });
  const own = { sender: window.webContents, senderFrame: { url: `${RENDERER}index.html#/datasets`, parent: null } };
  return { window, ipc, asked, own, remove };
}

describe('the window close guard', () => {
  it('asks with the dirty editors the renderer reported; Discard lets the window close', () => {
    const { window, ipc, asked, own } = setup('discard');
    ipc.emit(WINDOW_DIRTY_CHANNEL, own, ['datasets/helpdesk.yaml', 'Settings']);
    expect(window.userCloses()).toBe(true);
    expect(asked).toEqual([['datasets/helpdesk.yaml', 'Settings']]);
    expect(window.log).toEqual([]);
  });

  it('Cancel keeps the window and the edits', () => {
    const { window, ipc, own } = setup('cancel');
    ipc.emit(WINDOW_DIRTY_CHANNEL, own, ['Settings']);
    expect(window.userCloses()).toBe(false);
    ipc.emit(WINDOW_SAVED_CHANNEL, own, true);
    expect(window.log).toEqual([]);
  });

  it('Save asks the renderer to save, and closes only once it reports everything saved', () => {
    const { window, ipc, own } = setup('save');
    ipc.emit(WINDOW_DIRTY_CHANNEL, own, ['Settings']);
    expect(window.userCloses()).toBe(false);
    expect(window.log).toEqual([`send ${WINDOW_SAVE_CHANNEL}`]);
    ipc.emit(WINDOW_SAVED_CHANNEL, own, false); // refused (the file changed on disk): the window stays
    expect(window.log).toEqual([`send ${WINDOW_SAVE_CHANNEL}`]);
    expect(window.userCloses()).toBe(false);
    ipc.emit(WINDOW_SAVED_CHANNEL, own, true);
    expect(window.log).toEqual([`send ${WINDOW_SAVE_CHANNEL}`, `send ${WINDOW_SAVE_CHANNEL}`, 'close']);
  });

  it('a held-back reload (not a close) reloads after saving', () => {
    const { window, ipc, own } = setup('save');
    expect(window.unloadHeldBack()).toBe(false);
    ipc.emit(WINDOW_SAVED_CHANNEL, own, true);
    expect(window.log).toEqual([`send ${WINDOW_SAVE_CHANNEL}`, 'reload']);
  });

  it('ignores reports from other windows and from frames that are not the renderer', () => {
    const { window, ipc, asked, own } = setup('save');
    ipc.emit(WINDOW_DIRTY_CHANNEL, own, ['mine']);
    ipc.emit(WINDOW_DIRTY_CHANNEL, { ...own, sender: {} }, ['another window']);
    ipc.emit(WINDOW_DIRTY_CHANNEL, { ...own, senderFrame: { url: 'https://evil.example/', parent: null } }, ['x']);
    ipc.emit(WINDOW_DIRTY_CHANNEL, { ...own, senderFrame: { url: `${RENDERER}index.html`, parent: {} } }, ['iframe']);
    window.userCloses();
    expect(asked).toEqual([['mine']]);
    ipc.emit(WINDOW_SAVED_CHANNEL, { ...own, sender: {} }, true);
    expect(window.log).toEqual([`send ${WINDOW_SAVE_CHANNEL}`]);
  });

  it('stops listening once removed', () => {
    const { ipc, remove } = setup('discard');
    remove();
    expect(ipc.listenerCount(WINDOW_DIRTY_CHANNEL) + ipc.listenerCount(WINDOW_SAVED_CHANNEL)).toBe(0);
  });
});
