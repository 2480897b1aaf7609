// The desktop shell's actions on an export: "Save as…" (a native dialog, the zip of `export.archive`) and "Show in folder".
import type { BrowserWindow, Dialog, IpcMain, Shell } from 'electron';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Dispatch } from '../../src-shared/rpc/router';
import { DESKTOP_CHANNEL, type DesktopReply } from '../../src-shared/rpc/wire';
import type { Ctx } from '../../src-shared/rpc/ctx';
import { isInside } from '../engine/export/safe-path';
import { isRendererFrame } from '../ipc/register-ipc';

const request = z.discriminatedUnion('action', [
  z.object({ action: z.literal('saveExportAs'), files: z.array(z.string().min(1).max(4096)).min(1).max(10) }),
  z.object({ action: z.literal('showInFolder'), file: z.string().min(1).max(4096) }),
]);

type Options = Readonly<{
  ipcMain: IpcMain;
  dialog: Pick<Dialog, 'showSaveDialog'>;
  shell: Pick<Shell, 'showItemInFolder'>;
  dispatch: Dispatch<Ctx>;
  /** The open workspace: "Show in folder" reveals files inside it only. */
  workspaceDir: () => string;
  downloadsDir: string;
  rendererUrl: string;
  window: () => BrowserWindow | undefined;
}>;

export function registerDesktopActions(options: Options): () => void {
  options.ipcMain.handle(DESKTOP_CHANNEL, async (event, message: unknown): Promise<DesktopReply> => {
    if (!isRendererFrame(event.senderFrame, options.rendererUrl))
      return { error: 'A call from an unexpected frame was refused.' };
    const parsed = request.safeParse(message);
    if (!parsed.success) return { error: `Not a desktop action: ${parsed.error.issues[0]?.message ?? 'bad input'}` };
    const asked = parsed.data;
    if (asked.action === 'showInFolder') {
      if (!isInside(options.workspaceDir(), asked.file) || !existsSync(asked.file))
        return { error: `${asked.file} is not a file of this workspace (any more).` };
      options.shell.showItemInFolder(asked.file);
      return {};
    }
    const archive = await options.dispatch('export.archive', { files: asked.files }, { transport: 'ipc' });
    if (!archive.ok) return { error: archive.error.message };
    const { name, base64 } = archive.value as { name: string; base64: string };
    const saveOptions = {
      title: 'Save the export as',
      defaultPath: join(options.downloadsDir, name),
      filters: [{ name: 'Zip archive', extensions: ['zip'] }],
    };
    const window = options.window();
    const chosen = window
      ? await options.dialog.showSaveDialog(window, saveOptions)
      : await options.dialog.showSaveDialog(saveOptions);
    if (chosen.canceled || !chosen.filePath) return { saved: null };
    await writeFile(chosen.filePath, Buffer.from(base64, 'base64'));
    return { saved: chosen.filePath };
  });
  return () => options.ipcMain.removeHandler(DESKTOP_CHANNEL);
}
