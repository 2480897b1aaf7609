// MCP lifecycle per question: own abort signal (unlinked after), HTTP sessions ended with DELETE, stdio servers reaped.
import { execFileSync } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToolServers } from '../../../src-main/engine/agent/tool-servers';
import { startFakeMcpHttpServer, type FakeMcpHttpServer } from '../../fixtures/mcp-http-server';

const EXAMPLE = fileURLToPath(new URL('../../../resources/example', import.meta.url));
const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

/** Node's own warnings (MaxListenersExceededWarning is the one the SDK's listeners used to raise). */
function collectWarnings(): { warnings: string[]; stop: () => void } {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  return { warnings, stop: () => process.off('warning', onWarning) };
}

let crm: FakeMcpHttpServer;
beforeAll(async () => {
  crm = await startFakeMcpHttpServer({ sessions: true });
});
afterAll(() => crm.close());

describe('50 questions over one streamable-HTTP MCP server in one run', () => {
  it('keeps the run signal at one listener per open question, and ends every session', async () => {
    const run = new AbortController();
    const { warnings, stop } = collectWarnings();
    const whileOpen: number[] = [];
    const afterClose: number[] = [];
    try {
      for (let question = 0; question < 50; question++) {
        const servers = await openToolServers([{ name: 'crm', url: crm.url }], {
          trusted: false,
          workspaceDir: EXAMPLE,
          signal: run.signal,
        });
        expect((await servers.call('crm', 'lookup_member', { card: '4471' })).isError).toBe(false);
        expect((await servers.call('crm', 'find_loan', { card: '4471' })).isError).toBe(false);
        whileOpen.push(abortListeners(run.signal));
        await servers.close();
        afterClose.push(abortListeners(run.signal));
      }
    } finally {
      stop();
    }
    expect(new Set(whileOpen)).toEqual(new Set([1]));
    expect(new Set(afterClose)).toEqual(new Set([0]));
    expect(crm.sessions.opened()).toBe(50);
    expect(crm.sessions.open()).toBe(0);
    expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
  });

  it('aborts an open question when the run is cancelled', async () => {
    const run = new AbortController();
    const servers = await openToolServers([{ name: 'crm', url: crm.url }], {
      trusted: false,
      workspaceDir: EXAMPLE,
      signal: run.signal,
    });
    run.abort(new Error('run cancelled'));
    await expect(servers.call('crm', 'lookup_member', { card: '1' })).rejects.toThrow('run cancelled');
    await servers.close();
    expect(crm.sessions.open()).toBe(0);
  });
});

describe.skipIf(process.platform === 'win32')('stdio MCP servers', () => {
  const children = () => {
    try {
      return execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n').length;
    } catch {
      return 0; // pgrep exits 1 when there is none
    }
  };

  it('are stopped and reaped when the question closes them, with no listener left on the run', async () => {
    const run = new AbortController();
    const before = children();
    for (let question = 0; question < 5; question++) {
      const servers = await openToolServers(
        [{ name: 'catalog', command: process.execPath, args: ['tools/catalog-server.js'] }],
        { trusted: true, workspaceDir: EXAMPLE, signal: run.signal },
      );
      expect(children()).toBe(before + 1);
      await servers.call('catalog', 'find_loan', { card: '4471', title: 'Dune' });
      await servers.close();
      expect(children()).toBe(before);
      expect(abortListeners(run.signal)).toBe(0);
    }
  });
});
