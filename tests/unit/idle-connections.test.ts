/**
 * The Node host keeps an idle keep-alive connection longer than Node's HTTP agent does
 * (hosts/node/idle-connections.ts): a request sent on a connection idle for 6 s is
 * answered, where Node's default closed it after 5 s (a browser test read ECONNRESET).
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keepIdleConnections } from '../../hosts/node/idle-connections.ts';

let server: Server;

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: () => new Response('ok'), port: 0, hostname: '127.0.0.1' }, () =>
      resolve(s as Server),
    );
  });
  keepIdleConnections(server);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const REQUEST = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

it('answers a request sent on a connection idle for 6 s', async () => {
  const { port } = server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  const received: string[] = [];
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => received.push(chunk));
  socket.on('close', () => (closed = true));
  socket.on('error', () => (closed = true));
  socket.write(REQUEST);
  await expect.poll(() => received.join('')).toMatch(/\r\n\r\nok$/);

  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(closed).toBe(false);
  received.length = 0;
  socket.write(REQUEST);
  await expect.poll(() => received.join('')).toMatch(/^HTTP\/1\.1 200 /);
  socket.destroy();
}, 15_000);
