import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { EnquirySchema } from '../../lib/schemas/enquiry.ts';
import { ApplicationSchema } from '../../lib/schemas/provider-application.ts';
import { createApplication } from '../applications/create-application.ts';
import { siteUrl } from '../http/site-url.ts';
import { ProviderQuerySchema } from '../../lib/schemas/provider-query.ts';
import { createEnquiry } from '../enquiries/create-enquiry.ts';
import { clientAddress } from '../http/client-address.ts';
import { readJson } from '../http/read-json.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { createUploadTicket } from '../uploads/upload-tickets.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../errors.ts';
import { listActiveFlashAds } from '../flash-ads/list-active-flash-ads.ts';
import { cachePublicly, noStore } from '../http/cache.ts';
import { parseOrThrow } from '../http/validate.ts';
import { getApprovedProvider } from '../providers/get-provider.ts';
import { idParam } from '../http/id-param.ts';
import { ReviewPageQuerySchema, ReviewSchema } from '../../lib/schemas/reviews.ts';
import { getInvitation, listPublicReviews, writeReview } from '../reviews/reviews.ts';
import { listProviders } from '../providers/list-providers.ts';
import { getPlatformStats, getServiceStats } from '../stats/get-platform-stats.ts';

const PROVIDER_QUERY_KEYS = Object.keys(ProviderQuerySchema.shape);

export const publicRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    noStore(c);
    try {
      await c.var.db.execute(sql`SELECT 1`);
      return c.json({ status: 'ok' });
    } catch {
      throw new AppError('unavailable', 'The database is not answering');
    }
  })
  .get('/flash-ads', async (c) => {
    cachePublicly(c);
    return c.json(await listActiveFlashAds(c.var.db));
  })
  .get('/service-stats', async (c) => {
    cachePublicly(c);
    return c.json(await getServiceStats(c.var.db));
  })
  .get('/stats', async (c) => {
    cachePublicly(c);
    return c.json(await getPlatformStats(c.var.db));
  })
  .get('/providers', async (c) => {
    const query = parseOrThrow(ProviderQuerySchema, c.req.query());
    const page = await listProviders(c.var.db, query);
    cachePublicly(c, { varyOnQuery: PROVIDER_QUERY_KEYS });
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })
  .post('/public/objects/upload', async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.upload, clientAddress(c));
    return c.json(
      await createUploadTicket(c.var.db, c.var.objects, {
        purpose: 'application-image',
        owner: 'public',
      }),
    );
  })
  .post('/provider-applications', async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.application, clientAddress(c));
    const application = parseOrThrow(ApplicationSchema, await readJson(c));
    const { id } = await createApplication(c.var.db, {
      application,
      objects: c.var.objects,
      siteUrl: siteUrl(c),
    });
    return c.json({ id, message: 'Application received' }, 201);
  })
  .post('/enquiries', async (c) => {
    noStore(c);
    // Every attempt counts, valid or not: the limit is against floods, not typos (the
    // form checks with the same schema before it sends).
    await hitRateLimit(c.var.db, RATE_LIMITS.enquiry, clientAddress(c));
    const enquiry = parseOrThrow(EnquirySchema, await readJson(c));
    const { id } = await createEnquiry(c.var.db, enquiry);
    return c.json({ id, message: 'Your request has been sent to our admin team.' }, 201);
  })
  .get('/providers/:id{[0-9]+}', async (c) => {
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
      throw new AppError('not_found', 'Provider not found');
    }
    const provider = await getApprovedProvider(c.var.db, id);
    cachePublicly(c);
    return c.json(provider);
  })
  /** The provider's visible reviews, newest first, paged (X-Total-Count). */
  .get('/providers/:id{[0-9]+}/reviews', async (c) => {
    const { id } = await getApprovedProvider(
      c.var.db,
      idParam(c.req.param('id'), 'Provider not found'),
    );
    const page = parseOrThrow(ReviewPageQuerySchema, c.req.query());
    const { items, total } = await listPublicReviews(c.var.db, id, page);
    cachePublicly(c, { varyOnQuery: ['page', 'limit'] });
    c.header('X-Total-Count', String(total));
    return c.json(items);
  })
  /** What the review page shows for a link: the provider and the service. */
  .get('/reviews/invitation', async (c) => {
    noStore(c);
    return c.json(await getInvitation(c.var.db, c.var.sessionSecret, c.req.query('token') ?? ''));
  })
  .post('/reviews', async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.review, clientAddress(c));
    const input = parseOrThrow(ReviewSchema, await readJson(c));
    const review = await writeReview(c.var.db, c.var.sessionSecret, input);
    return c.json({ ...review, message: 'Thank you for your review.' }, 201);
  });
