/**
 * The embedded database of one process, lent to other processes over a Unix socket in
 * its folder, in PostgreSQL's own wire protocol: they connect with node-postgres as to
 * any server. PGlite lets one process open a folder (db/directory-lock.ts), and
 * `netlify dev` needs two: Astro's dev server renders pages from the database, and the
 * Netlify functions run in workers of the Netlify CLI. The dev server holds the database
 * and lends it; the functions borrow it (netlify/netlify-environment.ts).
 *
 * PGlite is one session, so each connection gets it whole from its first message until
 * PostgreSQL is idle again (ReadyForQuery 'I'): an extended-protocol batch or a
 * transaction is never interleaved with another connection's, nor with the holding
 * process's own queries (PGlite's runExclusive). Named prepared statements would meet in
 * the one session, so each connection's names get a prefix of their own and are
 * deallocated when it goes. For development only: one session serves one statement at a
 * time, and a connection that stalls in a transaction stalls everyone.
 */
import { existsSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** node-postgres finds a server's socket as `<host>/.s.PGSQL.<port>`. */
const SOCKET_NAME = '.s.PGSQL.5432';

/** The folder and the file of the socket of the embedded database in `pgliteDir`. */
export function sharedDatabaseSocket(pgliteDir: string) {
  const dir = path.resolve(pgliteDir);
  return { dir, file: path.join(dir, SOCKET_NAME) };
}

/**
 * The node-postgres URL of the database lent in `pgliteDir` (the folder PGlite opens), or
 * undefined when nothing lends it.
 */
export function sharedDatabaseUrl(pgliteDir: string): string | undefined {
  const { dir, file } = sharedDatabaseSocket(pgliteDir);
  if (!existsSync(file)) return undefined;
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** A frontend message of the given type (one byte) and body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const SYNC = message('S', Buffer.alloc(0));
const simpleQuery = (sql: string) => message('Q', cstring(sql));

/** The transaction status of the last ReadyForQuery among the backend's messages. */
function readyStatus(messages: Uint8Array): string | undefined {
  let status: string | undefined;
  const view = Buffer.from(messages.buffer, messages.byteOffset, messages.byteLength);
  for (let at = 0; at + 5 <= view.length; at += 1 + view.readInt32BE(at + 1)) {
    if (view[at] === 0x5a /* Z */) status = String.fromCharCode(view[at + 5] ?? 0);
  }
  return status;
}

/** Reads the zero-terminated string at `at`; answers it and the offset after it. */
function readCString(buffer: Buffer, at: number): [string, number] {
  const end = buffer.indexOf(0, at);
  return [buffer.toString('utf8', at, end), end + 1];
}

/**
 * The message with its prepared statement's name given the connection's prefix: Parse
 * (name first), Bind (portal, then statement), Describe and Close of a statement ('S').
 * The unnamed statement ('') is the connection's only while it holds the session.
 */
function renameStatement(
  frame: Buffer,
  prefix: string,
  seen: { parsed?: string; closed?: string },
): Buffer {
  const type = String.fromCharCode(frame[0] ?? 0);
  const body = frame.subarray(5);
  let nameAt: number;
  if (type === 'P') nameAt = 0;
  else if (type === 'B') nameAt = readCString(body, 0)[1];
  else if ((type === 'D' || type === 'C') && body[0] === 0x53 /* S */) nameAt = 1;
  else return frame;
  const [name, after] = readCString(body, nameAt);
  if (name === '') return frame;
  if (type === 'P') seen.parsed = name;
  if (type === 'C') seen.closed = name;
  return message(
    type,
    Buffer.concat([body.subarray(0, nameAt), cstring(`${prefix}${name}`), body.subarray(after)]),
  );
}

export interface SharedDatabase {
  /** Stops lending: closes the socket and every connection, rolling back what is open. */
  close(): Promise<void>;
}

/** Lends `client` (opened on `pgliteDir`, whose lock this process holds) to other processes. */
export async function shareEmbeddedDatabase(
  client: PGlite,
  pgliteDir: string,
): Promise<SharedDatabase> {
  const { file } = sharedDatabaseSocket(pgliteDir);
  // This process holds the folder's lock, so a socket file there is a dead holder's.
  rmSync(file, { force: true });

  /** Takes the whole session; resolves to the function that gives it back. */
  const takeSession = () =>
    new Promise<() => void>((taken) => {
      void client.runExclusive(() => new Promise<void>((giveBack) => taken(giveBack)));
    });

  let nextConnection = 1;
  const sockets = new Set<Socket>();
  /** Each connection's last work, cleaning up included, for close() to wait on. */
  const finishing = new Set<Promise<void>>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const prefix = `shared${nextConnection++}_`;
    const statements = new Set<string>();
    let pending = Buffer.alloc(0);
    let started = false;
    let giveBack: (() => void) | undefined;
    // One message at a time, in order: each waits for the one before.
    let work = Promise.resolve();

    const run = async (frame: Buffer) => {
      giveBack ??= await takeSession();
      const answer = await client.execProtocolRaw(frame);
      if (!socket.destroyed) socket.write(answer);
      if (readyStatus(answer) === 'I') {
        giveBack();
        giveBack = undefined;
      }
    };

    const readMessages = async () => {
      for (;;) {
        if (!started) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          const frame = pending.subarray(0, length);
          pending = pending.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            socket.write('N');
            continue;
          }
          // Nothing runs that a cancel could stop: one statement at a time.
          if (code === CANCEL_REQUEST) return void socket.end();
          started = true;
          await run(frame);
          continue;
        }
        if (pending.length < 5) return;
        const length = 1 + pending.readInt32BE(1);
        if (pending.length < length) return;
        const frame = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (frame[0] === 0x58 /* X, Terminate */) return void socket.end();
        const seen: { parsed?: string; closed?: string } = {};
        await run(renameStatement(frame, prefix, seen));
        if (seen.parsed) statements.add(seen.parsed);
        if (seen.closed) statements.delete(seen.closed);
      }
    };

    /** Leaves the session as the next connection expects it: idle, without our names. */
    const cleanUp = async () => {
      if (!started) return;
      const release = giveBack ?? (await takeSession());
      giveBack = undefined;
      try {
        if (readyStatus(await client.execProtocolRaw(SYNC)) !== 'I') {
          await client.execProtocolRaw(simpleQuery('ROLLBACK'));
        }
        for (const name of statements) {
          await client.execProtocolRaw(simpleQuery(`DEALLOCATE "${prefix}${name}"`));
        }
      } finally {
        release();
      }
    };

    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      work = work.then(readMessages).catch(() => void socket.destroy());
    });
    socket.on('error', () => {
      // A borrower that went away; 'close' follows and cleans up.
    });
    socket.on('close', () => {
      sockets.delete(socket);
      const finished = work.then(cleanUp).catch(() => {});
      finishing.add(finished);
      void finished.then(() => finishing.delete(finished));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });

  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await Promise.all(finishing);
      rmSync(file, { force: true });
    },
  };
}
