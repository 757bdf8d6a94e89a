/**
 * Debian's Chromium, as every browser the tests start uses it (Playwright's and pa11y's):
 * never a downloaded browser, and the flags this machine needs (DESIGN.md).
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
