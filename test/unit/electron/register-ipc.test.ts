// The IPC sender check: only the renderer's main frame reaches the service; other pages, iframes and missing frames are refused.
import { describe, expect, it } from 'vitest';
import type { IpcMain } from 'electron';
import { registerIpc } from '../../../src-main/ipc/register-ipc';
import { EventHub } from '../../../src-shared/rpc/events';
import { contract } from '../../../src-shared/contract';
import { RPC_CHANNEL } from '../../../src-shared/rpc/wire';

type Handler = (event: unknown, message: unknown) => Promise<unknown>;

describe('registerIpc sender check', () => {
  const RENDERER = 'file:///app/renderer/';
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, fn: Handler) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  } as unknown as IpcMain;
  const calls: string[] = [];
  registerIpc({
    ipcMain,
    dispatch: async (method) => (calls.push(method), { ok: true, value: 'answered' }),
    events: new EventHub(contract),
    rendererUrl: RENDERER,
    windows: () => [],
  });
  const call = (senderFrame: unknown) =>
    handlers.get(RPC_CHANNEL)!({ senderFrame }, { method: 'targets.list', input: {} });

  it('answers the renderer main frame and refuses other pages, iframes and a missing frame', async () => {
    expect(await call({ url: `${RENDERER}index.html#/targets`, parent: null })).toEqual({
      ok: true,
      value: 'answered',
    });
    for (const frame of [
      { url: 'https://evil.example/', parent: null },
      { url: `${RENDERER}index.html`, parent: {} },
      null,
    ]) {
      expect(await call(frame)).toMatchObject({ ok: false, error: { code: 'bad_input' } });
    }
    expect(calls).toEqual(['targets.list']);
  });
});
