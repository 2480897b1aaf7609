// The Electron adapter of the router: one invoke channel, one event channel, and a sender check on every call.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { Contract } from '../../src-shared/contract';
import type { EventHub } from '../../src-shared/rpc/events';
import type { Dispatch } from '../../src-shared/rpc/router';
import { EVENT_CHANNEL, RPC_CHANNEL, type Envelope } from '../../src-shared/rpc/wire';
import type { Ctx } from '../../src-shared/rpc/ctx';

type Options = Readonly<{
  ipcMain: IpcMain;
  dispatch: Dispatch<Ctx>;
  events: EventHub<Contract>;
  /** The renderer's own URL prefix (file://…/index.html or the dev server); other frames are refused. */
  rendererUrl: string;
  windows(): readonly WebContents[];
}>;

/** The part of a WebFrameMain the sender check reads. */
export type FrameLike = Readonly<{ url: string; parent: unknown }>;

/** As VS Code's validatedIpcMain: only our renderer's main frame (no iframe, no other page) may talk to main. */
export function isRendererFrame(frame: FrameLike | null | undefined, rendererUrl: string): boolean {
  return Boolean(frame && frame.parent === null && frame.url.startsWith(rendererUrl));
}

export function registerIpc({ ipcMain, dispatch, events, rendererUrl, windows }: Options): () => void {
  ipcMain.handle(RPC_CHANNEL, async (event: IpcMainInvokeEvent, message: unknown): Promise<Envelope> => {
    if (!isRendererFrame(event.senderFrame, rendererUrl)) {
      return { ok: false, error: { code: 'bad_input', message: 'IPC call from an unexpected frame was refused.' } };
    }
    const { method, input } = (message ?? {}) as { method?: unknown; input?: unknown };
    if (typeof method !== 'string')
      return { ok: false, error: { code: 'bad_input', message: 'IPC message without a method.' } };
    return dispatch(method, input, { transport: 'ipc' });
  });
  const unsubscribe = events.subscribe((name, payload) => {
    for (const contents of windows()) if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, { name, payload });
  });
  return () => {
    ipcMain.removeHandler(RPC_CHANNEL);
    unsubscribe();
  };
}
