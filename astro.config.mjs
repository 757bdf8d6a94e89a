// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import process from 'node:process';

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:8888',
  output: 'static',
  trailingSlash: 'ignore',
  integrations: [
    react(),
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
      // Sign-in areas and the fallback page for providers added after the build stay out.
      filter: (page) => !/\/(admin|dashboard)\/?$/.test(page) && !page.includes('/provider/view'),
    }),
  ],
  build: {
    // The Content-Security-Policy allows no inline styles: keep CSS in files.
    inlineStylesheets: 'never',
  },
  vite: {
    plugins: [tailwindcss()],
    build: { assetsInlineLimit: 0 },
  },
});
