/**
 * The built site's files as the Node host serves them: which files dist/ holds is read
 * once, at start, and each file's bytes (and, for text, its gzipped bytes) once, when it
 * is first asked for, then kept in memory. A page load asks for 20 to 60 files, and each
 * had cost a stat per candidate path, an open, a read and a fresh compression. dist/ does
 * not change under a running server: a new build is served by a new start (`npm start`
 * builds, then serves), as on Netlify a new deploy. The whole site is about 8 MB.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';

const gzipped = promisify(gzip);

/** Smaller files go as they are (gzip's framing would outweigh its saving), as hono's compress. */
const COMPRESS_FROM_BYTES = 1024;

export interface StaticFile {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** The gzipped bytes, for a file worth compressing; undefined for one that is not. */
  gzipped(): Promise<Uint8Array<ArrayBuffer>> | undefined;
}

export interface StaticFiles {
  /**
   * The file an address names: the path itself, its index.html or its .html (a page
   * built as about.html answers at /about); undefined when dist/ holds none of them.
   */
  find(urlPath: string): Promise<StaticFile | undefined>;
}

export function staticFiles(distDir: string): StaticFiles {
  const root = path.resolve(distDir);
  // Relative paths with forward slashes, as addresses name them.
  const names = new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      ),
  );
  const loaded = new Map<string, Promise<StaticFile>>();

  const load = (name: string): Promise<StaticFile> => {
    let file = loaded.get(name);
    if (!file) {
      file = readFile(path.join(root, name)).then((bytes) => servedFile(name, bytes));
      loaded.set(name, file);
      // A read that failed (the file went) is tried again next time, not remembered.
      file.catch(() => loaded.delete(name));
    }
    return file;
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

function servedFile(name: string, bytes: Uint8Array<ArrayBuffer>): StaticFile {
  const type = getMimeType(name) ?? 'application/octet-stream';
  const compressible =
    bytes.byteLength >= COMPRESS_FROM_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
  let compressed: Promise<Uint8Array<ArrayBuffer>> | undefined;
  return {
    type,
    bytes,
    gzipped: () => (compressible ? (compressed ??= gzipped(bytes)) : undefined),
  };
}
