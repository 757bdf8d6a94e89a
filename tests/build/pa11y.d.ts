/** The part of pa11y 10's API the build tests use (it ships no types of its own). */
declare module 'pa11y' {
  import type { Browser, Page } from 'puppeteer';

  interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    context: string;
    selector: string;
    runner: string;
  }

  interface Pa11yOptions {
    browser?: Browser;
    page?: Page;
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    runners?: ('htmlcs' | 'axe')[];
    includeNotices?: boolean;
    includeWarnings?: boolean;
    timeout?: number;
    wait?: number;
  }

  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ documentTitle: string; pageUrl: string; issues: Pa11yIssue[] }>;
}
