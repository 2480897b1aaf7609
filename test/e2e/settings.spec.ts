import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SettingsPage } from './pages/settings.page';
import { appPageForSuite } from './support/app-page';
import { serveExample } from './support/serve';
import { closedPort } from '../support/closed-port';

/** An address where nothing listens: a loopback port taken, then released. */
const closedAddress = async (): Promise<string> => `http://127.0.0.1:${await closedPort()}`;

describe('settings', () => {
  let file: string;
  const app = appPageForSuite({
    serve: async () => {
      const served = await serveExample();
      file = join(served.workspaceDir, 'aieval.yaml');
      return served;
    },
  });

  it('tests a connection to an unreachable provider and says why, in words', async () => {
    const { page, served } = app;
    const settings = new SettingsPage(page);
    await settings.open(served.origin);
    const closed = await closedAddress();
    await settings.addConnection('unreachable_box', 'ollama');
    const box = settings.connection('unreachable_box');
    await box.baseUrl.fill(closed);
    await box.test();
    await expect.poll(() => box.testResult.textContent()).toContain('unreachable');
    const result = await box.testResult.textContent();
    // The badge says "unreachable" once; the text goes on from the provider, without a second "Unreachable:".
    expect(result).toContain(`✕ unreachable provider "unreachable_box" (ollama, ${closed}/api/tags): network error`);
    expect(result).not.toMatch(/unreachable\s*Unreachable/i);
    expect(result).toContain('ECONNREFUSED');
  });

  it('changes a setting and a connection, and both land in aieval.yaml with its comments intact', async () => {
    const { page, served } = app;
    const settings = new SettingsPage(page);
    const before = readFileSync(file, 'utf8');
    await settings.open(served.origin);
    await settings.setting('concurrency').fill('0');
    await expect
      .poll(() => page.getByTestId('problems-setting-concurrency').textContent())
      .toContain('expected number to be >=1');
    await settings.setting('concurrency').fill('6');
    await settings.setting('rate_limit.max_retries').fill('5');
    await settings.setting('otlp_receiver.enabled').check();
    await settings.addConnection('cloud', 'openai');
    await settings.save();
    await expect.poll(() => settings.status().textContent()).toContain('Saved to aieval.yaml.');

    const after = readFileSync(file, 'utf8');
    const config = parse(after);
    expect(config.settings.concurrency).toBe(6);
    expect(config.settings.rate_limit.max_retries).toBe(5);
    expect(config.settings.otlp_receiver.enabled).toBe(true);
    expect(config.providers).toEqual({ ...parse(before).providers, cloud: { kind: 'openai' } });
    expect(config.targets).toEqual(parse(before).targets);
    for (const comment of before.split('\n').filter((line) => line.trim().startsWith('#')))
      expect(after).toContain(comment);

    // Under `ai-eval serve` keys come from the environment only: the screen says which variable to set, never a key.
    const cloud = settings.connection('cloud');
    await expect
      .poll(() => cloud.keyStatus.textContent())
      .toMatch(/Missing: no OPENAI_API_KEY|from the environment \(OPENAI_API_KEY\)/);
    expect(await cloud.keyNote.textContent()).toContain(
      'set OPENAI_API_KEY in the environment of ai-eval serve and restart it',
    );
    expect(await page.getByTestId('key-input-cloud').count()).toBe(0);
  });
});
