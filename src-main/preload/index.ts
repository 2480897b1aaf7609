// The generic preload: exposes `window.evalBridge` (invoke + events + the desktop actions) and nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  DESKTOP_CHANNEL,
  EVENT_CHANNEL,
  RPC_CHANNEL,
  type DesktopReply,
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

contextBridge.exposeInMainWorld('evalBridge', bridge);
