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

/** Where a shot of the page at the width it is shown at goes: `{name}-{width}.png`. */
const pathAtWidth = (page: Page, name: string) =>
  `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`;

/** What the window shows (a dialog that scrolls inside the page). */
export async function shootView(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: pathAtWidth(page, name) });
}

/** The whole page, at the width it is shown at. */
export async function shootPage(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.screenshot({ path: pathAtWidth(page, name), fullPage: true });
}
