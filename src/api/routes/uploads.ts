import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_MESSAGES, UPLOAD_PURPOSES } from '../../lib/uploads.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';
import { noStore } from '../http/cache.ts';
import { readClaimedObject } from '../uploads/read-claimed-object.ts';
import { receiveUpload } from '../uploads/receive-upload.ts';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_PURPOSES).map((p) => p.maxBytes));

/** PUT /api/uploads/{ticket}: the one upload a ticket allows (raw image bytes). */
export const uploadRoutes = new Hono<AppEnv>().put(
  '/:ticket{[A-Za-z0-9_-]{16,64}}',
  bodyLimit({
    maxSize: LARGEST_UPLOAD,
    onError: () => {
      // Past the largest limit of any purpose; the ticket's own limit is checked after.
      throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLargeForAny);
    },
  }),
  async (c) => {
    noStore(c);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const { objectPath } = await receiveUpload(c.var.db, c.var.objects, {
      ticketId: c.req.param('ticket'),
      bytes,
    });
    return c.json({ objectPath });
  },
);

/**
 * GET /objects/{key}: claimed uploads only (read-claimed-object.ts), with their true type;
 * keys never change, so cached for a year.
 */
export const objectRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = c.req.path.replace(/^\/objects\//, '');
  const object = await readClaimedObject(c.var.db, c.var.objects, key);
  if (!object) throw new AppError('not_found', 'Image not found');
  const { bytes, type } = object;
  return c.body(bytes, 200, {
    'Content-Type': type,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Content-Disposition': 'inline',
  });
});
