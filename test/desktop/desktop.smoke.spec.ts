// The desktop app for real: the built Electron app with a temporary home shows the example's portfolio, runs the
// offline chat target to a verdict over IPC, and quits with the store closed cleanly. On Linux without a display it
// runs under Xvfb. Where no Electron binary exists (it cannot be downloaded on every machine) it is skipped, saying so.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, EvalBridge } from '../../src-shared/rpc/wire';
import { PortfolioPage } from '../e2e/pages/portfolio.page';
import { startXvfb, type Display } from './xvfb';

const ROOT = join(import.meta.dirname, '..', '..');
const TARGET = 'helpdesk_chat_offline';

/** The Electron executable npm installed, without downloading it (resolving `electron` would try). */
function electronExecutable(): string | undefined {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const executable = join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist'), readFileSync(pathFile, 'utf8'));
  return existsSync(executable) ? executable : undefined;
}

const executable = electronExecutable();
if (!executable) {
  console.warn(
    'desktop smoke test skipped: no Electron binary in node_modules/electron/dist (its download failed or was not allowed)',
  );
}

describe.skipIf(!executable)('the desktop app (Electron)', () => {
  const home = mkdtempSync(join(tmpdir(), 'aieval-desktop-home-'));
  const workspace = join(home, 'Documents', 'AI Eval', 'example');
  let display: Display | undefined;
  let app: ElectronApplication;
  let page: Page;

  beforeAll(async () => {
    for (const step of [
      ['npx', ['electron-vite', 'build']],
      [process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'electron-native.ts')]],
    ] as const) {
      const done = spawnSync(step[0], step[1], {
        cwd: ROOT,
        stdio: 'inherit',
        timeout: 600_000,
        shell: process.platform === 'win32', // npx is a .cmd there
      });
      expect(done.status, `${step[0]} ${step[1].join(' ')}`).toBe(0);
    }
    if (process.platform === 'linux' && !process.env.DISPLAY) display = await startXvfb();
    app = await _electron.launch({
      executablePath: executable,
      args: [ROOT, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
      env: {
        ...process.env,
        HOME: home,
        USERPROFILE: home,
        XDG_CONFIG_HOME: join(home, '.config'),
        XDG_DOCUMENTS_DIR: join(home, 'Documents'),
        ...(display ? { DISPLAY: display.name } : {}),
      },
      timeout: 120_000,
    });
    page = await app.firstWindow();
  }, 900_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await display?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  const invoke = async <T>(method: string, input: unknown): Promise<T> => {
    const envelope = await page.evaluate(
      ([m, i]) => (globalThis as unknown as { evalBridge: EvalBridge }).evalBridge.invoke(m, i),
      [method, input] as const,
    );
    if (!envelope.ok) throw new Error(`${method}: ${JSON.stringify((envelope as Envelope & { ok: false }).error)}`);
    return envelope.value as T;
  };

  it('shows the portfolio of the example workspace, created in the temporary home', async () => {
    await page.getByTestId('portfolio').waitFor({ timeout: 60_000 });
    await new PortfolioPage(page).card(TARGET).waitFor();
    expect(existsSync(join(workspace, 'aieval.yaml'))).toBe(true);
  }, 90_000);

  it('runs the offline chat target to a verdict over IPC', async () => {
    const { runId } = await invoke<{ runId: string }>('runs.start', { targetId: TARGET });
    type Detail = { run: { status: string }; verdict: { passed: boolean } | null };
    let detail = await invoke<Detail>('runs.get', { runId });
    for (let i = 0; i < 240 && ['pending', 'running'].includes(detail.run.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      detail = await invoke<Detail>('runs.get', { runId });
    }
    expect(detail.run.status).toBe('complete');
    expect(detail.verdict?.passed).toBe(true);
  }, 150_000);

  it('quits with the store closed cleanly', async () => {
    await app.close();
    const store = join(workspace, '.aieval', 'store.sqlite');
    // A clean close checkpoints the WAL into the database and removes it.
    expect(existsSync(`${store}-wal`)).toBe(false);
    const db = new Database(store, { readonly: true });
    try {
      const runs = db.prepare("SELECT count(*) AS n FROM runs WHERE status = 'complete'").get() as { n: number };
      expect(runs.n).toBe(1);
    } finally {
      db.close();
    }
  }, 60_000);
});
