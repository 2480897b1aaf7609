// MCP servers over streamable HTTP: allowed in untrusted workspaces, headers sent, tools merged with stdio servers.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToolServers } from '../../../src-main/engine/agent/tool-servers';
import { startFakeMcpHttpServer, type FakeMcpHttpServer } from '../../fixtures/mcp-http-server';

const EXAMPLE = fileURLToPath(new URL('../../../resources/example', import.meta.url));

let crm: FakeMcpHttpServer;
beforeAll(async () => {
  crm = await startFakeMcpHttpServer();
});
afterAll(() => crm.close());

describe('streamable HTTP tool servers', () => {
  it('connects in an untrusted workspace, sends the configured headers and calls tools', async () => {
    const servers = await openToolServers(
      [{ name: 'crm', url: crm.url, headers: { authorization: 'Bearer crm-token' } }],
      { trusted: false, workspaceDir: EXAMPLE },
    );
    try {
      expect(servers.tools().map((tool) => tool.name)).toEqual(['lookup_member', 'find_loan']);
      expect(servers.tools()[0]?.parameters).toMatchObject({
        type: 'object',
        properties: { card: { type: 'string' } },
      });
      const result = await servers.call('crm', 'lookup_member', { card: '4471' });
      expect(result).toEqual({ text: '{"card":"4471","name":"Ada Lovelace","resident":true}', isError: false });
      expect(crm.authorizations).toContain('Bearer crm-token');
    } finally {
      await servers.close();
    }
  });

  it('merges stdio and HTTP tools, prefixing only the shared name', async () => {
    const servers = await openToolServers(
      [
        { name: 'catalog', command: 'node', args: ['tools/catalog-server.js'] },
        { name: 'crm', url: crm.url },
      ],
      { trusted: true, workspaceDir: EXAMPLE },
    );
    try {
      const names = servers.tools().map((tool) => tool.name);
      expect(names).toEqual([
        'search_catalog',
        'catalog__find_loan',
        'get_loan',
        'renew_loan',
        'delete_account',
        'lookup_member',
        'crm__find_loan',
      ]);
      expect(servers.serverOf('crm__find_loan')).toEqual({ server: 'crm', tool: 'find_loan' });
      expect(servers.serverOf('lookup_member')).toEqual({ server: 'crm', tool: 'lookup_member' });
    } finally {
      await servers.close();
    }
  });

  it('reports a tool the server does not have as an error result, and an unknown server by name', async () => {
    const servers = await openToolServers([{ name: 'crm', url: crm.url }], { trusted: false, workspaceDir: EXAMPLE });
    try {
      const result = await servers.call('crm', 'drop_tables', {});
      expect(result.isError).toBe(true);
      expect(result.text).toContain('drop_tables');
      await expect(servers.call('nowhere', 'x', {})).rejects.toThrow('no MCP server named "nowhere" (servers: crm)');
    } finally {
      await servers.close();
    }
  });

  it('names an unreachable server', async () => {
    await expect(
      openToolServers([{ name: 'gone', url: 'http://127.0.0.1:1/mcp' }], { trusted: false, workspaceDir: EXAMPLE }),
    ).rejects.toThrow(/MCP server "gone" \(http:\/\/127\.0\.0\.1:1\/mcp\) could not be started or reached/);
  });
});
