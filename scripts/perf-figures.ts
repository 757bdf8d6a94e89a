/**
 * The figures `npm run perf` prints (scripts/perf.ts): what one Lighthouse report says of a
 * page, the medians of a page's runs, and the table. Lighthouse's simulated mobile
 * throttling scales with the machine's CPU, so every row carries the CPU benchmark index
 * its runs measured (the report's environment.benchmarkIndex): a score is never read
 * without the machine it came from.
 */

/** What one Lighthouse run measured on one page. */
export interface PerfRun {
  /** Performance score, 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest Contentful Paint, ms. */
  lcp: number;
  /** Total Blocking Time, ms. */
  tbt: number;
  /** Cumulative Layout Shift. */
  cls: number;
  /** Lighthouse's CPU benchmark index of the machine during the run. */
  benchmarkIndex: number;
}

/** The parts of a Lighthouse JSON report (LHR) read here. */
export interface LighthouseReport {
  lighthouseVersion?: string;
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { message?: string };
}

const score = (report: LighthouseReport, category: string): number => {
  const value = report.categories[category]?.score;
  return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
};

const metric = (report: LighthouseReport, audit: string): number =>
  report.audits[audit]?.numericValue ?? Number.NaN;

/** One run's figures from its report. A report with a runtime error is refused. */
export function runFigures(report: LighthouseReport): PerfRun {
  if (report.runtimeError?.message) {
    throw new Error(`Lighthouse could not measure the page: ${report.runtimeError.message}`);
  }
  return {
    performance: score(report, 'performance'),
    accessibility: score(report, 'accessibility'),
    bestPractices: score(report, 'best-practices'),
    seo: score(report, 'seo'),
    lcp: metric(report, 'largest-contentful-paint'),
    tbt: metric(report, 'total-blocking-time'),
    cls: metric(report, 'cumulative-layout-shift'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** The median: the middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('The median of no values');
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A page's runs summed up: each figure's own median, and the benchmark index's range. */
export interface PageFigures extends PerfRun {
  page: string;
  runs: number;
  benchmarkRange: readonly [number, number];
}

export function pageFigures(page: string, runs: readonly PerfRun[]): PageFigures {
  const of = (key: keyof PerfRun) => median(runs.map((run) => run[key]));
  const indexes = runs.map((run) => run.benchmarkIndex);
  return {
    page,
    runs: runs.length,
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    benchmarkIndex: of('benchmarkIndex'),
    benchmarkRange: [Math.min(...indexes), Math.max(...indexes)],
  };
}

const thousands = (n: number) =>
  Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a';
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'n/a');
const millis = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : 'n/a');
const whole = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : 'n/a');

/** The table `npm run perf` prints: one row a page, medians, the benchmark index beside. */
export function perfTable(rows: readonly PageFigures[]): string {
  const header = [
    'page',
    'perf',
    'LCP',
    'TBT',
    'CLS',
    'a11y',
    'best pr.',
    'SEO',
    'CPU benchmark index (range)',
  ];
  const body = rows.map((row) => [
    row.page,
    whole(row.performance),
    seconds(row.lcp),
    millis(row.tbt),
    Number.isFinite(row.cls) ? row.cls.toFixed(3) : 'n/a',
    whole(row.accessibility),
    whole(row.bestPractices),
    whole(row.seo),
    `${thousands(row.benchmarkIndex)} (${thousands(row.benchmarkRange[0])}–${thousands(row.benchmarkRange[1])})`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}
