import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const ctx = await browser.newContext({
  baseURL: 'http://127.0.0.1:4499',
  javaScriptEnabled: false,
});
for (const p of ['/', '/providers', '/provider/view/', '/services/ndi-networks']) {
  const page = await ctx.newPage();
  await page.goto(p);
  const r = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  console.log(
    p,
    JSON.stringify(
      r.violations.map((v) => [
        v.id,
        v.impact,
        v.nodes.map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 120)),
      ]),
    ),
  );
  await page.close();
}
// JS enabled, no scroll on home
const ctx2 = await browser.newContext({ baseURL: 'http://127.0.0.1:4499' });
const page = await ctx2.newPage();
await page.goto('/', { waitUntil: 'networkidle' });
const r = await new AxeBuilder({ page })
  .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
  .analyze();
console.log(
  'home unscrolled',
  JSON.stringify(
    r.violations.map((v) => [
      v.id,
      v.impact,
      v.nodes.map((n) => n.target.join(' ') + ' ' + n.html.slice(0, 120)),
    ]),
  ),
);
await browser.close();
