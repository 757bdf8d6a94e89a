/** The figures `npm run perf` reads from Lighthouse's reports and prints (scripts/perf.ts). */
import { describe, expect, it } from 'vitest';
import {
  median,
  pageFigures,
  perfTable,
  runFigures,
  type LighthouseReport,
  type PerfRun,
} from '../../scripts/perf-figures.ts';

function report(score: number, lcp: number, tbt: number, cls: number, index: number) {
  return {
    lighthouseVersion: '13.5.0',
    environment: { benchmarkIndex: index },
    categories: {
      performance: { score },
      accessibility: { score: 1 },
      'best-practices': { score: 1 },
      seo: { score: 0.92 },
    },
    audits: {
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: cls },
    },
  } satisfies LighthouseReport;
}

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([90, 97, 95])).toBe(95);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow();
  });
});

describe('runFigures', () => {
  it('reads the scores in percent, the metrics and the benchmark index', () => {
    expect(runFigures(report(0.97, 1834.5, 120.2, 0.004, 1612.5))).toEqual<PerfRun>({
      performance: 97,
      accessibility: 100,
      bestPractices: 100,
      seo: 92,
      lcp: 1834.5,
      tbt: 120.2,
      cls: 0.004,
      benchmarkIndex: 1612.5,
    });
  });

  it('refuses a report whose run failed', () => {
    expect(() =>
      runFigures({ ...report(0, 0, 0, 0, 0), runtimeError: { message: 'NO_FCP' } }),
    ).toThrow(/NO_FCP/);
  });

  it('says n/a, not 0, for a figure the report lacks', () => {
    const figures = runFigures({ categories: {}, audits: {} });
    expect(figures.performance).toBeNaN();
    expect(figures.benchmarkIndex).toBeNaN();
  });
});

describe('pageFigures and perfTable', () => {
  const runs = [
    runFigures(report(0.95, 2100, 180, 0.01, 1530)),
    runFigures(report(0.98, 1700, 90, 0, 2250)),
    runFigures(report(0.97, 1800, 140, 0, 1900)),
  ];

  it('takes each figure’s own median and the range of the benchmark index', () => {
    const figures = pageFigures('/providers', runs);
    expect(figures).toMatchObject({
      page: '/providers',
      runs: 3,
      performance: 97,
      lcp: 1800,
      tbt: 140,
      cls: 0,
      benchmarkIndex: 1900,
      benchmarkRange: [1530, 2250],
    });
  });

  it('prints a row a page with the benchmark index beside the figures', () => {
    const table = perfTable([pageFigures('/providers', runs)]).split('\n');
    expect(table).toHaveLength(3);
    expect(table[0]).toMatch(/^\| page +\| perf \| +LCP \|/);
    expect(table[2]).toMatch(
      /^\| \/providers \| +97 \| +1\.8 s \| +140 ms \| 0\.000 \| +100 \| +100 \| +92 \| +1,900 \(1,530–2,250\) \|$/,
    );
  });
});
