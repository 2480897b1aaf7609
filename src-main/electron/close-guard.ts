// The window's close asks about unsaved work: Save, Discard changes or Cancel, in a native dialog. The renderer's
// beforeunload holds a dirty page back; Electron then emits `will-prevent-unload`, where this guard asks.
import type { IpcMainEvent } from 'electron';
import { WINDOW_DIRTY_CHANNEL, WINDOW_SAVE_CHANNEL, WINDOW_SAVED_CHANNEL } from '../../src-shared/rpc/wire';
import { isRendererFrame, type FrameLike } from '../ipc/register-ipc';

export type CloseChoice = 'save' | 'discard' | 'cancel';

/** The parts of a BrowserWindow the guard uses; main.ts passes the real one, tests a fake. */
export type GuardedWindow = Readonly<{
  on(event: 'close', listener: () => void): unknown;
  close(): void;
  webContents: Readonly<{
    on(event: 'will-prevent-unload', listener: (event: { preventDefault(): void }) => void): unknown;
    send(channel: string): void;
    reload(): void;
  }>;
}>;

type IpcEvent = Pick<IpcMainEvent, 'sender'> & { senderFrame: FrameLike | null };
export type GuardIpc = Readonly<{
  on(channel: string, listener: (event: IpcEvent, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: IpcEvent, payload: unknown) => void): unknown;
}>;

type Options = Readonly<{
  window: GuardedWindow;
  ipc: GuardIpc;
  rendererUrl: string;
  /** Shows the native question for these unsaved editors and returns the answer. */
  ask(labels: readonly string[]): CloseChoice;
}>;

/** Installs the guard on one window; returns its removal. */
export function guardWindowClose({ window, ipc, rendererUrl, ask }: Options): () => void {
  let dirty: readonly string[] = [];
  let closing = false;
  let saving = false;
  const fromThisWindow = (event: IpcEvent) =>
    event.sender === (window.webContents as unknown) && isRendererFrame(event.senderFrame, rendererUrl);

  window.on('close', () => {
    closing = true; // emitted before the page's beforeunload: a prevented unload now means a close
  });
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = ask(dirty.length ? dirty : ['This window']);
    if (choice === 'discard')
      event.preventDefault(); // ignore beforeunload: the window closes, the edits go
    else if (choice === 'save') {
      saving = true;
      window.webContents.send(WINDOW_SAVE_CHANNEL);
    } else closing = false;
  });
  const onDirty = (event: IpcEvent, labels: unknown) => {
    if (fromThisWindow(event) && Array.isArray(labels)) dirty = labels.filter((l) => typeof l === 'string');
  };
  const onSaved = (event: IpcEvent, ok: unknown) => {
    if (!fromThisWindow(event) || !saving) return; // only the answer to our own request counts
    saving = false;
    // A refused or failed save keeps the window open; the editor says why.
    if (ok !== true) closing = false;
    else if (closing) window.close();
    else window.webContents.reload();
  };
  ipc.on(WINDOW_DIRTY_CHANNEL, onDirty);
  ipc.on(WINDOW_SAVED_CHANNEL, onSaved);
  return () => {
    ipc.removeListener(WINDOW_DIRTY_CHANNEL, onDirty);
    ipc.removeListener(WINDOW_SAVED_CHANNEL, onSaved);
  };
}
