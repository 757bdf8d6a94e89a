/**
 * How long the Node host keeps an idle keep-alive connection. Node's default (5 s) is the
 * same as the idle timeout of Node's own HTTP agent and shorter than a load balancer's
 * (60 s): the server could close a connection at the moment the client sent a request
 * onto it, and the client read ECONNRESET for a request that never ran. Longer than the
 * clients' idle timeout, the client is the one that closes an idle connection.
 */
import type { Server } from 'node:http';

export const IDLE_CONNECTION_MS = 65_000;

export function keepIdleConnections(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>) {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  // Node wants the time for a request's headers longer than the keep-alive time.
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
}
