// `npm start` builds the desktop window while `npm run serve` may be serving out/renderer to an open tab: the two
// builds must never share a folder, or the tab loses its lazy chunks and its YAML worker mid-session.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import desktopConfig from '../../electron.vite.config';
import webConfig from '../../vite.web.config';

type WithRenderer = { renderer?: { build?: { outDir?: string } } };

describe('the desktop and the browser UI build into different folders', () => {
  it('electron-vite writes the window’s renderer beside, never into, out/renderer', () => {
    const web = resolve(String(webConfig.build?.outDir));
    const desktop = resolve(String((desktopConfig as WithRenderer).renderer?.build?.outDir));
    expect(web).toBe(resolve('out/renderer'));
    expect(desktop).toBe(resolve('out/desktop-renderer'));
    expect(desktop.startsWith(`${web}/`)).toBe(false);
  });
});
