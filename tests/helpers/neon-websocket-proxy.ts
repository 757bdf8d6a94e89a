/**
 * The Neon serverless driver talks to Postgres over a WebSocket. Against a plain
 * PostgreSQL server a small proxy pipes each WebSocket to the server's TCP port
 * (DESIGN.md, Field notes), like Neon's own proxy in front of a compute.
 */
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { neonConfig } from '@neondatabase/serverless';
import { WebSocketServer } from 'ws';

export interface NeonWebSocketProxy {
  /** host:port of the proxy, for `useNeonWebSocketProxy` (possibly in another process). */
  address: string;
  close(): Promise<void>;
}

export async function startNeonWebSocketProxy(target: {
  host: string;
  port: number;
}): Promise<NeonWebSocketProxy> {
  const proxy = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  proxy.on('connection', (socket) => {
    const tcp = net.connect(target.port, target.host);
    socket.on('message', (data: Buffer) => tcp.write(data));
    tcp.on('data', (data) => socket.send(data));
    socket.on('close', () => tcp.destroy());
    tcp.on('close', () => socket.close());
    tcp.on('error', () => socket.close());
  });
  await new Promise((resolve) => proxy.once('listening', resolve));
  return {
    address: `127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of proxy.clients) socket.terminate();
        proxy.close(() => resolve());
      }),
  };
}

/** Points this process's Neon driver at the proxy, without TLS. */
export function useNeonWebSocketProxy(address: string): void {
  neonConfig.wsProxy = () => `${address}/`;
  neonConfig.useSecureWebSocket = false;
  // Pipelining the start-up messages fails with scram-sha-256 (DESIGN.md, Field notes).
  neonConfig.pipelineConnect = false;
  neonConfig.pipelineTLS = false;
}
