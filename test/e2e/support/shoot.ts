// Screenshots of the screens a test reaches, saved under docs/screenshots/ at 1440x900 and 1024x768 when SCREENSHOTS=1
// is set (none otherwise), with the page's viewport put back to 1440x900 after.
import type { Page } from 'playwright-core';

const SIZES = process.env.SCREENSHOTS
  ? ([
      [1440, 900],
      [1024, 768],
    ] as const)
  : [];

/** Saves the screen at each size as docs/screenshots/<name>-<w>x<h>.png; with `part` (a CSS selector), only that part. */
export async function shoot(page: Page, name: string, options: { part?: string; fullPage?: boolean } = {}) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    const path = `docs/screenshots/${name}-${width}x${height}.png`;
    await (options.part
      ? page.locator(options.part).screenshot({ path })
      : page.screenshot({ path, fullPage: options.fullPage }));
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
