/**
 * The Node host in a process of its own, as `npm run serve` runs it, so a test can see
 * whether the process survives its database. Configured by the environment, plus
 * DIST_DIR (the site to serve) and NEON_WS_PROXY (the Neon driver's WebSocket proxy).
 * Prints `READY <url>` once startServer has resolved.
 */
import { startServer } from '../../hosts/node/start-server.ts';
import { parseEnv } from '../../src/api/env.ts';
import { useNeonWebSocketProxy } from '../helpers/neon-websocket-proxy.ts';

if (process.env.NEON_WS_PROXY) useNeonWebSocketProxy(process.env.NEON_WS_PROXY);

const server = await startServer(parseEnv(), {
  ...(process.env.DIST_DIR && { distDir: process.env.DIST_DIR }),
});
console.log(`READY ${server.url}`);

process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
