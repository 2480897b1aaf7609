// The Electron shell: paths, the service, the IPC adapter, one secure window, and a clean quit.
import { app, BrowserWindow, dialog, ipcMain, safeStorage, shell } from 'electron';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../app/create-app';
import { limitHeapGrowth } from '../heap-growth';
import { registerIpc } from '../ipc/register-ipc';
import { createExampleWorkspace } from '../workspace/example';
import { CONFIG_FILE } from '../workspace/load-workspace';
import { TrustStore } from '../workspace/trust';
import { UserSettingsStore } from '../workspace/user-settings';
import { guardWindowClose, type CloseChoice } from './close-guard';
import { registerDesktopActions } from './desktop-actions';
import { SafeStorageSecretStore } from './secret-store';
import { messageOf } from '../../src-shared/text/message-of';

const resourcesDir = app.isPackaged ? join(process.resourcesPath, 'resources') : join(app.getAppPath(), 'resources');
const rendererUrl =
  process.env.ELECTRON_RENDERER_URL ??
  pathToFileURL(join(import.meta.dirname, '../desktop-renderer/index.html')).toString();
/** Every page of the renderer starts with this; the IPC sender checks compare against it. */
const rendererPrefix = rendererUrl.replace(/index\.html$/, '');

/** The last workspace the user opened; on first start, the example workspace (created and trusted). */
function initialWorkspace(trust: TrustStore): string {
  const stateFile = join(app.getPath('userData'), 'last-workspace.json');
  if (existsSync(stateFile)) {
    const dir = (JSON.parse(readFileSync(stateFile, 'utf8')) as { dir?: string }).dir;
    if (dir && existsSync(join(dir, CONFIG_FILE))) return dir;
  }
  const example = join(app.getPath('documents'), 'AI Eval', 'example');
  if (!existsSync(join(example, CONFIG_FILE))) {
    mkdirSync(example, { recursive: true });
    createExampleWorkspace(resourcesDir, example);
    trust.trust(example);
  }
  writeFileSync(stateFile, JSON.stringify({ dir: example }));
  return example;
}

/** The native close question for unsaved editors. */
function askBeforeClosing(win: BrowserWindow, labels: readonly string[]): CloseChoice {
  const answer = dialog.showMessageBoxSync(win, {
    type: 'warning',
    buttons: ['Save', 'Discard changes', 'Cancel'],
    defaultId: 0,
    cancelId: 2,
    message: 'Save your changes before closing?',
    detail: `Not saved yet: ${labels.join(', ')}.`,
  });
  return (['save', 'discard', 'cancel'] as const)[answer] ?? 'cancel';
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    title: 'AI Eval',
    show: false,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  win.once('ready-to-show', () => win.show());
  // Links open in the user's browser; the app window never navigates away from the renderer.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(rendererUrl)) event.preventDefault();
  });
  const unguard = guardWindowClose({
    window: win,
    ipc: ipcMain,
    rendererUrl: rendererPrefix,
    ask: (labels) => askBeforeClosing(win, labels),
  });
  win.once('closed', unguard);
  void win.loadURL(rendererUrl);
  return win;
}

async function start(): Promise<void> {
  limitHeapGrowth();
  await app.whenReady();
  const trust = new TrustStore(app.getPath('userData'));
  const service = createApp({
    workspaceDir: initialWorkspace(trust),
    resourcesDir,
    trust,
    userSettings: new UserSettingsStore(app.getPath('userData')),
    secrets: new SafeStorageSecretStore(app.getPath('userData'), safeStorage),
    logger: { info: console.log, warn: console.warn, error: (m, e) => console.error(m, e) },
  });
  const unregister = registerIpc({
    ipcMain,
    dispatch: service.dispatch,
    events: service.events,
    rendererUrl: rendererPrefix,
    windows: () => BrowserWindow.getAllWindows().map((w) => w.webContents),
  });
  const unregisterDesktop = registerDesktopActions({
    ipcMain,
    dialog,
    shell,
    dispatch: service.dispatch,
    workspaceDir: () => service.state.dir,
    downloadsDir: app.getPath('downloads'),
    rendererUrl: rendererUrl.replace(/index\.html$/, ''),
    window: () => BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0],
  });
  // Start the OTLP receiver when the workspace's settings enable it (loopback only).
  void service.dispatch('traces.receiverApply', {}, { transport: 'ipc' });
  createWindow();
  app.on('activate', () => BrowserWindow.getAllWindows().length === 0 && createWindow());
  app.on('window-all-closed', () => process.platform !== 'darwin' && app.quit());
  // The quit waits for the service to close the store (its WAL checkpointed), then goes on.
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    unregister();
    unregisterDesktop();
    void service
      .dispose()
      .catch((error: unknown) => console.error('closing the workspace failed', error))
      .finally(() => {
        disposed = true;
        app.quit();
      });
  });
}

// A start that fails (for example better-sqlite3 not prepared for Electron) says why, in the terminal and a dialog.
start().catch((error: unknown) => {
  const message = messageOf(error);
  console.error(`AI Eval cannot start: ${message}`);
  if (app.isReady()) dialog.showErrorBox('AI Eval cannot start', message);
  app.exit(1);
});
