// Attack: an untrusted workspace names any environment variable as its key and any URL as its server (docs/security.md).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { main } from '../../src-main/cli/main';
import { EXIT } from '../../src-main/cli/command';
import { memoryKeychain } from '../unit/app/memory-keychain';
import { appWithProviders } from '../unit/app/handlers/connections-fixture';
import { copyExample } from '../support/workspace';
import { startListener, type Listener } from './listener';

const SECRET = 'aws-secret-4f1c9e27b8d3';

/** The example with connection `exfil` (the given line) answering target helpdesk_chat, enabled. */
function hostileWorkspace(connection: string): string {
  const dir = copyExample({
    'aieval.yaml': (text) => text.replace(/^providers:\n/m, `providers:\n  exfil: ${connection}\n`),
  });
  const file = join(dir, 'aieval.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const chat = (doc.toJS().targets as { id: string }[]).findIndex((target) => target.id === 'helpdesk_chat');
  doc.setIn(['targets', chat, 'provider'], 'exfil');
  doc.setIn(['targets', chat, 'enabled'], true);
  writeFileSync(file, doc.toString());
  return dir;
}

async function cli(args: readonly string[], configDir: string, env: Record<string, string> = {}) {
  const err: string[] = [];
  const io = {
    out: () => undefined,
    err: (line: string) => err.push(line),
    interactive: false,
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, AIEVAL_CONFIG_DIR: configDir, CI: 'true', AWS_SECRET_ACCESS_KEY: SECRET, ...env },
  };
  const code = await main(args, io);
  return { code, stderr: err.join('\n') };
}

const bearerOf = (listener: Listener) => listener.heard.map((request) => request.headers.authorization);

describe('restricted mode: an untrusted workspace sends no environment variable anywhere', () => {
  let listener: Listener;
  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(() => listener.close());

  it('ai-eval run refuses with exit 2 naming `ai-eval trust`, and nothing reaches the listener; after trust the key goes', async () => {
    listener.heard.length = 0;
    const dir = hostileWorkspace(`{ kind: openai, base_url: ${listener.url}/v1, api_key_env: AWS_SECRET_ACCESS_KEY }`);
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-sec-config-'));
    const refused = await cli(['run', '--workspace', dir, '--target', 'helpdesk_chat'], configDir);
    expect(refused.code).toBe(EXIT.invalid);
    expect(refused.stderr).toContain('untrusted workspace');
    expect(refused.stderr).toContain('`ai-eval trust`');
    expect(refused.stderr).toContain('AIEVAL_KEY_EXFIL');
    expect(refused.stderr).not.toContain(SECRET);
    expect(listener.heard).toHaveLength(0);

    expect((await cli(['trust', dir], configDir)).code).toBe(EXIT.ok);
    await cli(['run', '--workspace', dir, '--target', 'helpdesk_chat', '--question', 'sunday_hours'], configDir);
    expect(listener.heard.length).toBeGreaterThan(0);
    expect(bearerOf(listener).every((header) => header === `Bearer ${SECRET}`)).toBe(true);
  });

  it('the anthropic kind (default ANTHROPIC_API_KEY) is refused too', async () => {
    listener.heard.length = 0;
    const dir = hostileWorkspace(`{ kind: anthropic, base_url: ${listener.url} }`);
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-sec-config-'));
    const refused = await cli(['run', '--workspace', dir, '--target', 'helpdesk_chat'], configDir, {
      ANTHROPIC_API_KEY: SECRET,
    });
    expect(refused.code).toBe(EXIT.invalid);
    expect(refused.stderr).toMatch(/restricted mode does not read ANTHROPIC_API_KEY/);
    expect(listener.heard).toHaveLength(0);
  });

  it('AIEVAL_KEY_<PROVIDER>, a variable the user named, is sent', async () => {
    listener.heard.length = 0;
    const dir = hostileWorkspace(`{ kind: openai, base_url: ${listener.url}/v1, api_key_env: AWS_SECRET_ACCESS_KEY }`);
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-sec-config-'));
    await cli(['run', '--workspace', dir, '--target', 'helpdesk_chat', '--question', 'sunday_hours'], configDir, {
      AIEVAL_KEY_EXFIL: 'sk-user-chosen',
    });
    expect(listener.heard.length).toBeGreaterThan(0);
    expect(bearerOf(listener).every((header) => header === 'Bearer sk-user-chosen')).toBe(true);
  });

  it('ai-eval regrade whose judge needs an env key refuses up front (exit 2, how to trust), even with --skip-preflight', async () => {
    listener.heard.length = 0;
    const dir = hostileWorkspace(`{ kind: openai, base_url: ${listener.url}/v1, api_key_env: AWS_SECRET_ACCESS_KEY }`);
    const configDir = mkdtempSync(join(tmpdir(), 'aieval-sec-config-'));
    const offline = ['--target', 'helpdesk_chat_offline', '--question', 'sunday_hours'];
    const first = await cli(['run', '--workspace', dir, ...offline], configDir);
    expect(first.code).toBe(EXIT.ok);
    const sourceId = /^run (\S+):/m.exec(first.stderr)?.[1];
    expect(sourceId).toBeDefined();
    const config = join(dir, 'aieval.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(/judge:\n {2}provider: \w+/, 'judge:\n  provider: exfil'),
    );

    for (const flags of [[], ['--skip-preflight']]) {
      const refused = await cli(['regrade', sourceId!, '--workspace', dir, ...flags], configDir);
      expect(refused.code).toBe(EXIT.invalid);
      expect(refused.stderr).toContain('restricted mode does not read AWS_SECRET_ACCESS_KEY');
      expect(refused.stderr).toContain('`ai-eval trust`');
      expect(refused.stderr).not.toContain('regrading');
      expect(refused.stderr).not.toContain(SECRET);
    }
    expect(listener.heard).toHaveLength(0);

    expect((await cli(['trust', dir], configDir)).code).toBe(EXIT.ok);
    // The listener lists no models, so the preflight would stop the trusted regrade: skip it to see the key go.
    const trusted = await cli(['regrade', sourceId!, '--workspace', dir, '--skip-preflight'], configDir);
    expect(trusted.stderr).toContain('regrading the 1 stored answer');
    expect(listener.heard.length).toBeGreaterThan(0);
    expect(bearerOf(listener).every((header) => header === `Bearer ${SECRET}`)).toBe(true);
  });

  it('providers.test over the API refuses before any request (api_key_env: HOME), with a message naming trust', async () => {
    listener.heard.length = 0;
    const { call, outputs, app } = appWithProviders(
      [`exfil: { kind: openai, base_url: ${listener.url}/v1, api_key_env: HOME }`],
      undefined,
      { HOME: '/home/victim' },
      { trusted: false },
    );
    const tested = (await call('providers.test', { provider: 'exfil' })) as { ok: boolean; message: string };
    expect(tested.ok).toBe(false);
    expect(tested.message).toContain('`ai-eval trust`');
    expect(listener.heard).toHaveLength(0);
    const status = (await call('secrets.status', { provider: 'exfil' })) as { restricted: boolean; source: unknown };
    expect(status).toMatchObject({ restricted: true, source: null });
    for (const output of outputs) expect(output).not.toContain('/home/victim');
    await app.dispose();
  });

  it('a key stored in the app goes only to the address it was stored for', async () => {
    listener.heard.length = 0;
    const keychain = memoryKeychain();
    const { call, app } = appWithProviders(
      [`exfil: { kind: openai, base_url: ${listener.url}/v1, api_key_env: OPENAI_API_KEY }`],
      keychain,
      {},
      { trusted: false },
    );
    await call('secrets.set', { provider: 'exfil', key: 'sk-stored-here' });
    expect(keychain.bindings.OPENAI_API_KEY).toBe(`${listener.url}/v1`);
    await call('providers.test', { provider: 'exfil' });
    expect(bearerOf(listener)).toEqual(['Bearer sk-stored-here']);
    await app.dispose();

    listener.heard.length = 0;
    const other = appWithProviders(
      [`elsewhere: { kind: openai, base_url: ${listener.url}/other/v1, api_key_env: OPENAI_API_KEY }`],
      keychain,
      {},
      { trusted: false },
    );
    const tested = (await other.call('providers.test', { provider: 'elsewhere' })) as { ok: boolean };
    expect(tested.ok).toBe(false);
    expect(listener.heard).toHaveLength(0);
    await other.app.dispose();
  });
});
