/**
 * The built site's files as the Node host serves them. Which files dist/ holds is read
 * once, at start; a file's bytes (and, for text, its gzipped bytes) when it is first asked
 * for, then kept in memory, the most recently asked for first, up to MEMORY_BUDGET_BYTES.
 * A page load asks for 20 to 60 files, and each had cost a stat per candidate path, an
 * open, a read and a fresh compression. dist/ does not change under a running server: a
 * new build is served by a new start (`npm start` builds, then serves), as on Netlify a
 * new deploy. The site's code and styles are about 2 MB; its pages grow with the
 * catalogue (a provider's page is about 27 KB), so not every page stays in memory.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';

const gzipOf = promisify(gzip);

/** Smaller files go as they are (gzip's framing would outweigh its saving), as hono's compress. */
const COMPRESS_FROM_BYTES = 1024;

/** The most memory the kept files take, their gzipped copies included. */
export const MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;

export interface StaticFile {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** The gzipped bytes, for a file worth compressing; undefined for one that is not. */
  gzipped: Uint8Array<ArrayBuffer> | undefined;
}

export interface StaticFiles {
  /**
   * The file an address names: the path itself, its index.html or its .html (a page
   * built as about.html answers at /about); undefined when dist/ holds none of them.
   */
  find(urlPath: string): Promise<StaticFile | undefined>;
}

export function staticFiles(
  distDir: string,
  budgetBytes: number = MEMORY_BUDGET_BYTES,
): StaticFiles {
  const root = path.resolve(distDir);
  const names = listFiles(root);
  // Insertion order is the order of use: a file asked for again moves to the end, and the
  // first ones go when the budget is spent.
  const kept = new Map<string, { file: Promise<StaticFile | undefined>; bytes: number }>();
  let keptBytes = 0;

  const forget = (name: string) => {
    const entry = kept.get(name);
    if (!entry) return;
    keptBytes -= entry.bytes;
    kept.delete(name);
  };

  const load = (name: string): Promise<StaticFile | undefined> => {
    const known = kept.get(name);
    if (known) {
      kept.delete(name);
      kept.set(name, known);
      return known.file;
    }
    const entry = { file: readServedFile(root, name), bytes: 0 };
    kept.set(name, entry);
    void entry.file.then((file) => {
      if (kept.get(name) !== entry) return;
      // A read that failed (the file went) is tried again next time, not remembered.
      if (!file) {
        forget(name);
        return;
      }
      entry.bytes = file.bytes.byteLength + (file.gzipped?.byteLength ?? 0);
      keptBytes += entry.bytes;
      for (const oldest of kept.keys()) {
        if (keptBytes <= budgetBytes || oldest === name) break;
        forget(oldest);
      }
    });
    return entry.file;
  };

  return {
    find(urlPath) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return Promise.resolve(undefined);
      }
      for (const candidate of [
        decoded,
        path.posix.join(decoded, 'index.html'),
        `${decoded}.html`,
      ]) {
        // normalize() of an absolute path never climbs above '/': no '..' leaves dist/.
        const name = path.posix.normalize(`/${candidate}`).slice(1);
        if (names.has(name)) return load(name);
      }
      return Promise.resolve(undefined);
    },
  };
}

/**
 * The files below `root`, as addresses name them (relative, with forward slashes); none
 * when there is no build yet (the API still answers, and every page is a 404).
 */
function listFiles(root: string): Set<string> {
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      ),
  );
}

/** A file's answer, with its gzipped bytes when it is worth compressing; undefined if it went. */
async function readServedFile(root: string, name: string): Promise<StaticFile | undefined> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readFile(path.join(root, name));
  } catch {
    return undefined;
  }
  const type = getMimeType(name) ?? 'application/octet-stream';
  const compressible =
    bytes.byteLength >= COMPRESS_FROM_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
  return { type, bytes, gzipped: compressible ? await gzipOf(bytes) : undefined };
}
