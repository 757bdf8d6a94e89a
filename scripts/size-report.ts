/** `node scripts/size-report.ts`: gzipped JavaScript and CSS each page loads. */
import { gzippedBytes, pageScripts, pageStylesheets, readPage } from './built-site.ts';

for (const page of process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/providers', '/provider/1', '/about']) {
  const html = readPage(page);
  const js = gzippedBytes(pageScripts(html));
  const css = gzippedBytes(pageStylesheets(html));
  console.log(
    `${page.padEnd(14)} JS ${(js / 1024).toFixed(1).padStart(6)} KB   CSS ${(css / 1024).toFixed(1).padStart(5)} KB   (${pageScripts(html).length} scripts)`,
  );
}
