// The generic preload: exposes `window.evalBridge` (invoke + events) and nothing else.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, RPC_CHANNEL, type EvalBridge, type Envelope, type WireEvent } from '../../src-shared/rpc/wire';

const bridge: EvalBridge = {
  invoke: (method, input) => ipcRenderer.invoke(RPC_CHANNEL, { method, input }) as Promise<Envelope>,
  onEvent(cb) {
    const listener = (_event: IpcRendererEvent, message: WireEvent) => cb(message);
    ipcRenderer.on(EVENT_CHANNEL, listener);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, listener);
  },
};

contextBridge.exposeInMainWorld('evalBridge', bridge);
