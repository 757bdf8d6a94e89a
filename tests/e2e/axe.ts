/**
 * axe for the browser tests: every rule axe has (WCAG 2.0, 2.1 and 2.2 A and AA, and its
 * best practices). `scan(page, where)` answers one readable line per violation, so a test
 * asserts `toEqual([])`. (The scan once also named the WCAG tags, but options()
 * replaced that choice, so every rule has always run: the best practices pass, and stay.)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test, type BrowserContext, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

type ViolationNode = AxeResults['violations'][number]['nodes'][number];

/** axe-core's own build, run in the page under test. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** The longest a scan waits for the page to come to rest. */
const SETTLING_MS = 1000;

/**
 * Waits until the animations and transitions about to end have ended (a dialog fading in,
 * a panel sliding open): axe measures colours as drawn, and text half faded in fails the
 * contrast rule it passes at rest. Endless ones (a spinner, a skeleton's pulse), paused
 * ones and long timers (a banner's time on screen) are left running.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    (longest) =>
      Promise.race([
        new Promise((resolve) => setTimeout(resolve, longest)),
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => {
              if (animation.playState !== 'running' || !animation.effect) return false;
              const { endTime, localTime } = animation.effect.getComputedTiming();
              return Number(endTime) - Number(localTime ?? 0) <= longest;
            })
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      ]),
    SETTLING_MS,
  );
}

/**
 * axe.run on the page's document. axe is loaded into a document once and serves every
 * later scan of it (a journey scans one page in several states and at two widths); a
 * navigation brings a new document, which loads it anew. The site has no frames.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  await settled(page);
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    if (!window.axe) throw new Error('axe is not loaded in this document');
    return window.axe.run(document, options);
  }, options);
}

/**
 * Product bugs found by this spec and reported; each matches only the elements named
 * in its report, so any other violation of the same rule still fails. Remove an entry
 * once the product is fixed (its hits are listed as annotations of the test).
 */
// Violations that are known product bugs, matched exactly, go here while they are open
// (none now: the inactive tabs and the privacy table header were fixed).
const KNOWN_BUGS: {
  rule: string;
  page: RegExp;
  matches: (node: ViolationNode) => boolean;
  report: string;
}[] = [];

function knownBug(where: string, rule: string, node: ViolationNode) {
  return KNOWN_BUGS.find((bug) => bug.rule === rule && bug.page.test(where) && bug.matches(node));
}

/**
 * The rules about a whole page's structure (one main landmark, one h1, everything in a
 * landmark): a mail is not a page but is read inside a mail client's page, which has them.
 */
const PAGE_STRUCTURE_RULES = ['landmark-one-main', 'page-has-heading-one', 'region'];

/**
 * Scans the page; answers one readable line per violating element not already reported.
 * `{ fragment: true }` scans content shown inside another page (a mail), without the
 * page-structure rules.
 */
export async function scan(
  page: Page,
  where: string,
  { fragment = false }: { fragment?: boolean } = {},
): Promise<string[]> {
  const results = await runAxe(page, {
    resultTypes: ['violations'],
    rules: Object.fromEntries(
      (fragment ? PAGE_STRUCTURE_RULES : []).map((rule) => [rule, { enabled: false }]),
    ),
  });
  const lines: string[] = [];
  for (const violation of results.violations) {
    for (const node of violation.nodes) {
      const bug = knownBug(where, violation.id, node);
      if (bug) {
        test.info().annotations.push({
          type: 'known product bug',
          description: `${where}: ${violation.id} on ${node.target.join(' ')}: ${bug.report}`,
        });
        continue;
      }
      lines.push(
        `${where}: ${violation.id} (${violation.impact ?? 'n/a'}) ${violation.help}\n` +
          `    target: ${node.target.join(' ')}\n` +
          `    html: ${node.html.slice(0, 200)}\n` +
          `    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      );
    }
  }
  return lines;
}

/** A phone's width and a desktop's: the layouts every journey's screens are checked at. */
export const WIDTHS = [390, 1280] as const;
export const heightAt = (width: number) => (width < 600 ? 844 : 900);

/**
 * Runs `check` on the same page at a phone's width and at a desktop's, then gives the page
 * its own size back: a journey reaches each screen once, and the screen is checked in both
 * layouts (two frames after a resize, so React has drawn what a media query changed).
 */
export async function atBothWidths<T>(
  page: Page,
  check: (width: number) => Promise<T>,
): Promise<T[]> {
  const size = page.viewportSize();
  const results: T[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightAt(width) });
    await page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
    );
    results.push(await check(width));
  }
  if (size) await page.setViewportSize(size);
  return results;
}

/** `scan` at both widths: the violations of each, named with their width. */
export async function scanBothWidths(page: Page, where: string): Promise<string[]> {
  return (await atBothWidths(page, (width) => scan(page, `${where} at ${width}px`))).flat();
}

/**
 * The home page's banner fades between ads; a scan during a fade would measure
 * half-transparent text. The same ads are served with a long duration, so the scan sees
 * the first ad fully shown (the banner's timing is tested in home.spec.ts).
 */
export async function holdFlashAds(context: BrowserContext | Page) {
  await context.route('**/api/flash-ads', async (route) => {
    const response = await route.fetch();
    const ads = (await response.json()) as { displayDuration: number }[];
    await route.fulfill({
      response,
      json: ads.map((ad) => ({ ...ad, displayDuration: 10 * 60 * 1000 })),
    });
  });
}
