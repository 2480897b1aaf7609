// The generic preload: exposes `window.evalBridge` (invoke + events + the desktop actions) and `window.evalWindow` (the
// close question's unsaved-work report), nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  DESKTOP_CHANNEL,
  EVENT_CHANNEL,
  RPC_CHANNEL,
  WINDOW_DIRTY_CHANNEL,
  WINDOW_SAVE_CHANNEL,
  WINDOW_SAVED_CHANNEL,
  type DesktopReply,
  type DesktopWindowBridge,
  type EvalBridge,
  type Envelope,
  type WireEvent,
} from '../../src-shared/rpc/wire';

const bridge: EvalBridge = {
  invoke: (method, input) => ipcRenderer.invoke(RPC_CHANNEL, { method, input }) as Promise<Envelope>,
  onEvent(cb) {
    const listener = (_event: IpcRendererEvent, message: WireEvent) => cb(message);
    ipcRenderer.on(EVENT_CHANNEL, listener);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, listener);
  },
  desktop: { request: (request) => ipcRenderer.invoke(DESKTOP_CHANNEL, request) as Promise<DesktopReply> },
};

const desktopWindow: DesktopWindowBridge = {
  dirtyChanged: (labels) => ipcRenderer.send(WINDOW_DIRTY_CHANNEL, [...labels]),
  onSaveRequested(save) {
    const listener = () => void save().then((ok) => ipcRenderer.send(WINDOW_SAVED_CHANNEL, ok));
    ipcRenderer.on(WINDOW_SAVE_CHANNEL, listener);
    return () => ipcRenderer.removeListener(WINDOW_SAVE_CHANNEL, listener);
  },
};

contextBridge.exposeInMainWorld('evalBridge', bridge);
contextBridge.exposeInMainWorld('evalWindow', desktopWindow);
