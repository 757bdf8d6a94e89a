/**
 * Which database pages read while they render, kept on globalThis because the config, the
 * dev host and the pages are loaded as separate module instances. Type imports only: the
 * dev host sets it before Vite has loaded anything (hosts/dev/astro-integration.ts).
 */
import type { DatabaseHandle } from '../../db/client.ts';

const KEY = Symbol.for('verified-providers.build-database');
type Holder = Record<typeof KEY, Promise<DatabaseHandle> | undefined>;
const holder = globalThis as unknown as Holder;

export function pagesDatabase(): Promise<DatabaseHandle> | undefined {
  return holder[KEY];
}

/**
 * The dev server's database for the pages (undefined once it is closed): set before the
 * server answers anything, so no page opens a second handle on the same folder.
 */
export function providePagesDatabase(handle: Promise<DatabaseHandle> | undefined): void {
  holder[KEY] = handle;
}
