/**
 * Screenshots of the browser tests, for looking at, not asserting: written only when
 * E2E_SHOTS names a folder.
 */
import type { Page } from '@playwright/test';

const SHOTS = process.env['E2E_SHOTS'];

/** The page at a desktop's and a phone's width, whole; then back at its own size. */
export async function shootWidths(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** What the window shows (a dialog that scrolls inside the page). */
export async function shootView(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
}
