// Trust follows a workspace's real folder, resolved again at every use (docs/security.md): a symlink trusted while it pointed
// to a trusted folder trusts nothing once it points elsewhere, so the other folder's stdio MCP server never starts.
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../../support/cli';
import { HOSTILE_DIR } from '../../support/hostile';

/** Two copies of the spy workspace, `trusted` and `untrusted`, and a link `ws-link` to the first. */
function twoWorkspacesAndALink() {
  const root = mkdtempSync(join(tmpdir(), 'aieval-trust-link-'));
  for (const name of ['trusted', 'untrusted'])
    cpSync(join(HOSTILE_DIR, 'trust-symlink'), join(root, name), { recursive: true });
  const link = join(root, 'ws-link');
  symlinkSync(join(root, 'trusted'), link, 'dir');
  /** Points the link at `name` the way a hostile repository update would: a new link renamed over the old one. */
  const repoint = (name: string) => {
    symlinkSync(join(root, name), `${link}.new`, 'dir');
    renameSync(`${link}.new`, link);
  };
  return { root, link, repoint, configDir: mkdtempSync(join(tmpdir(), 'aieval-trust-link-cfg-')) };
}

describe('trust and symlinks', { timeout: 60_000 }, () => {
  it('trusting a link stores the folder it points to, and the link trusts nothing once repointed', async () => {
    const { root, link, repoint, configDir } = twoWorkspacesAndALink();
    expect((await spawnCli(['trust', link], configDir)).code).toBe(0);
    const stored = JSON.parse(readFileSync(join(configDir, 'trusted-workspaces.json'), 'utf8')) as string[];
    expect(stored).toEqual([join(root, 'trusted')]);

    repoint('untrusted');
    const run = await spawnCli(['run', '--workspace', link], configDir);
    expect(run.stderr).toMatch(/untrusted workspace: target "agent" starts MCP servers \(spy\)/);
    expect(run.code).toBe(2);
    expect(existsSync(join(root, 'untrusted', 'started'))).toBe(false);
  });

  it('the same link pointed back at the trusted folder starts its MCP server again (the check is live)', async () => {
    const { root, link, repoint, configDir } = twoWorkspacesAndALink();
    await spawnCli(['trust', link], configDir);
    repoint('untrusted');
    repoint('trusted');
    await spawnCli(['run', '--workspace', link], configDir);
    expect(existsSync(join(root, 'trusted', 'started'))).toBe(true);
  });

  it('a folder trusted by its real path is trusted through any link to it', async () => {
    const { root, link, configDir } = twoWorkspacesAndALink();
    await spawnCli(['trust', join(root, 'trusted')], configDir);
    await spawnCli(['run', '--workspace', link], configDir);
    expect(existsSync(join(root, 'trusted', 'started'))).toBe(true);
  });
});
