/**
 * `npm run dev`: Astro's dev server hosts the API app too, so one port serves the pages
 * (hot reload) and everything the Node host serves besides dist/: `/api/*`, the uploaded
 * images under `/objects/*` and the development outbox at `/dev/mail`. The app is loaded
 * through Vite (development-services.ts), so a change to a route or a service is picked up
 * on the next request; the database is opened, migrated and seeded (as `npm start` does)
 * once per process.
 *
 * Under `netlify dev` (NETLIFY_DEV) the Netlify function serves those paths instead: the
 * dev server only prepares the database, renders pages from it, and lends it to the
 * function (db/shared-embedded-database.ts).
 */
import { getRequestListener } from '@hono/node-server';
import type { AstroIntegration } from 'astro';
import { createServerModuleRunner, type ViteDevServer } from 'vite';
import type { App } from '../../src/api/app.ts';
import { providePagesDatabase } from '../../src/api/pages-database.ts';

type ServicesModule = typeof import('./development-services.ts');
/** The dev server that closes the database when it closes (one per process at a time). */
const OWNER = Symbol.for('verified-providers.development-server');
const SERVICES_MODULE = '/hosts/dev/development-services.ts';

/** The paths the API app answers, as on the Node host (hosts/node/start-server.ts). */
const servedByTheApi = (pathname: string) =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname.startsWith('/objects/') ||
  pathname === '/dev/mail';

export function developmentHost(): AstroIntegration {
  let host: string | boolean = false;
  let port = 4321;
  const pagesOnly = process.env.NETLIFY_DEV === 'true';
  let sources: ApiSources | undefined;
  const load = () => {
    if (!sources) throw new Error('The dev server is not set up');
    return sources.load();
  };

  return {
    name: 'development-host',
    hooks: {
      'astro:config:done': ({ config }) => {
        host = config.server.host;
        port = config.server.port;
      },

      'astro:server:setup': ({ server: vite, logger }) => {
        // Astro's sync (run by every build, and by a dev server's restart) makes a Vite
        // server of its own without a port, and Vite runs this hook on it too unless
        // NODE_ENV is 'production': nothing is hosted there.
        if (!vite.httpServer) return;
        sources = apiSources(vite);
        const log = (line: string) => logger.info(line);
        // The server listens at once while Vite loads the services and the database opens
        // and migrates (seconds; more on a fresh clone, which also seeds it, or on a slow
        // machine): pages and API requests wait for it. netlify dev gives the server about
        // 15 s to listen (20 tries of its port), too short for either.
        const services = load();
        const started = services.then(({ developmentServices }) =>
          developmentServices({ host, port, pagesOnly, log }),
        );
        // Pages wait for this database from the first request: none opens its own.
        providePagesDatabase(started.then(({ handle }) => handle));
        started.catch((error: unknown) => {
          logger.error(error instanceof Error ? error.message : String(error));
          // Nothing works without the database: stop rather than serve errors.
          process.exit(1);
        });

        // The database is closed with the server (on SIGTERM and at the end of stdin, by
        // Vite's own handlers), unless a newer server took it over: on a restart Vite makes
        // the next server (this hook, which finds the open database) before closing this one.
        const owner = globalThis as unknown as Record<typeof OWNER, ViteDevServer | undefined>;
        owner[OWNER] = vite;
        const close = vite.close.bind(vite);
        const ownSources = sources;
        vite.close = async () => {
          await close();
          const loaded = await services;
          await ownSources.close();
          if (owner[OWNER] === vite) await loaded.closeDevelopmentServices();
        };
        onInterrupt(() => vite.close());
        if (pagesOnly) return;

        let app: { made: App; version: number } | undefined;
        const listener = getRequestListener(async (request, bindings) => {
          const version = ownSources.version();
          if (app?.version !== version) {
            const module = await ownSources.load();
            const services = await module.developmentServices({ host, port, pagesOnly, log });
            app = { made: module.createDevelopmentApp(services), version };
          }
          return app.made.fetch(request, bindings);
        });
        vite.middlewares.use((request, response, next) => {
          const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
          if (servedByTheApi(pathname)) void listener(request, response);
          else next();
        });
      },

      'astro:server:start': async ({ address, logger }) => {
        const module = await load();
        const services = await module.developmentServices({
          host,
          port,
          pagesOnly,
          log: (line) => logger.info(line),
        });
        const url = module.setListeningPort(services, address.port);
        logger.info(
          pagesOnly
            ? `Pages at ${url}; the API is the Netlify function's (netlify dev).`
            : `Verified Providers (development) at ${url}, the API at ${url}/api`,
        );
      },
    },
  };
}

interface ApiSources {
  /** The services module, evaluated anew after a change to any module it loaded. */
  load(): Promise<ServicesModule>;
  /** Changes with every change to a source file the API app was made from. */
  version(): number;
  close(): Promise<void>;
}

/**
 * The API app's modules, run by a module runner of our own over Vite's SSR environment:
 * Vite transforms each changed file again, and the runner's cache is dropped whenever a
 * file it evaluated changes (or goes), so the next request runs the new source while an
 * unchanged one costs no look-up at all. Pages keep Astro's own runner and its HMR.
 */
function apiSources(vite: ViteDevServer): ApiSources {
  const runner = createServerModuleRunner(vite.environments.ssr, { hmr: false });
  let version = 0;
  vite.watcher.on('all', (event, file) => {
    if (event !== 'change' && event !== 'unlink') return;
    if (!runner.evaluatedModules.getModulesByFile(file)?.size) return;
    // Vite drops its transform of the file too, but only after an await of its own: a
    // request in between would evaluate the old transform again and keep it (a change
    // missed until the next one). Dropped here, in the same task as the runner's cache.
    vite.environments.ssr.moduleGraph.onFileChange(file);
    version++;
    runner.clearCache();
  });
  return {
    load: () => runner.import<ServicesModule>(SERVICES_MODULE),
    version: () => version,
    close: () => runner.close(),
  };
}

const INTERRUPT = Symbol.for('verified-providers.development-interrupt');
type InterruptHolder = Record<typeof INTERRUPT, (() => Promise<void>) | undefined>;

/**
 * Ctrl-C (SIGINT) closes the server, and with it the database, before the process ends:
 * without a listener Node would end at once and leave PGlite's folder unclosed. One
 * listener per process; each new server (a restart) takes it over.
 */
function onInterrupt(closeServer: () => Promise<void>) {
  const holder = globalThis as unknown as InterruptHolder;
  const first = holder[INTERRUPT] === undefined;
  holder[INTERRUPT] = closeServer;
  if (!first) return;
  process.once('SIGINT', () => {
    const close = holder[INTERRUPT] ?? (() => Promise.resolve());
    void close().finally(() => process.exit(130));
  });
}
