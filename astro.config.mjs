// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import process from 'node:process';
import { loadEnv } from 'vite';
import { developmentHost } from './hosts/dev/astro-integration.ts';
import { companyConfigurationProblem } from './src/lib/production-site.ts';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:8888',
  output: 'static',
  // One address per page, without a trailing slash, as every link and mail writes it: pages
  // are built as files (about.html), which Netlify serves at /about and redirects /about/
  // to; the Node host does the same (docs/decisions/0047-addresses-without-a-trailing-slash.md).
  trailingSlash: 'never',
  integrations: [
    react(),
    // `astro dev` only: the API app on the same port, on a prepared database (hosts/dev/).
    developmentHost(),
    {
      // client:idle-or-tap: idle hydration that a tap starts early and does not lose.
      name: 'idle-or-tap-directive',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'idle-or-tap',
            entrypoint: './src/client-directives/idle-or-tap.ts',
          });
        },
      },
    },
    {
      // A production build names the operating company: no page reads "not configured"
      // (src/lib/production-site.ts, decision 0043). Pages read PUBLIC_COMPANY_* from the
      // environment and .env files alike, so both are read here.
      name: 'company-for-production',
      hooks: {
        'astro:config:setup': ({ command }) => {
          if (command !== 'build') return;
          const problem = companyConfigurationProblem({
            ...loadEnv('production', process.cwd(), ''),
            ...process.env,
          });
          if (problem) throw new Error(`The site cannot be built: ${problem}`);
        },
      },
    },
    {
      // Pages read the database while they pre-render (src/api/build-database.ts).
      name: 'close-build-database',
      hooks: {
        'astro:build:done': async () => {
          const { closeBuildDatabase } = await import('./src/api/build-database.ts');
          await closeBuildDatabase();
        },
      },
    },
    sitemap({
      // The pages marked noindex stay out: sign-in areas, the pages a mailed link opens
      // (set a password, confirm or follow a request, confirm an application's address,
      // write a review, the privacy centre) and the fallback page for providers added after the build
      // (tests/build/sitemap.test.ts holds the two lists together).
      filter: (page) =>
        !/\/(admin|admin\/set-password|dashboard|dashboard\/set-password|request|request\/confirm|request\/new|join\/confirm|review|privacy\/my-data|provider\/view|provider\/not-found)\/?$/.test(
          page,
        ),
    }),
  ],
  build: {
    format: 'file',
    // The Content-Security-Policy allows no inline styles: keep CSS in files.
    inlineStylesheets: 'never',
  },
  vite: {
    plugins: [tailwindcss()],
    build: { assetsInlineLimit: 0 },
    server: {
      // The embedded database, uploads, mail and test reports change all the time and are
      // no source: watching them would cost the dev server its time.
      watch: { ignored: ['**/.data/**', '**/reports/**', '**/.netlify/**', '**/dist/**'] },
    },
  },
});
