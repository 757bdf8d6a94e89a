/**
 * Debian's Chromium for every browser a tool of this project starts, never a downloaded
 * browser, with the flags this machine needs (DESIGN.md):
 * - the tests (Playwright's browser and pa11y's) run in Debian's headless shell of that
 *   Chromium (package chromium-headless-shell): the same build without the desktop
 *   browser around it, which is what Playwright itself runs headless tests in. It costs
 *   about a third less CPU than the full browser's headless mode (decision 0054);
 * - Lighthouse (scripts/perf.ts) measures pages in the full browser, as a visitor's
 *   Chromium draws them, and so does a developer watching a test (`--headed` with
 *   CHROMIUM_PATH=/usr/bin/chromium).
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';

/** The full browser (Lighthouse's own CHROME_PATH names another). */
export const FULL_CHROMIUM_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
