import {
  CancelRequestSchema,
  RequestStatusQuerySchema,
  RequestTokenSchema,
} from '../../lib/schemas/request-status.ts';
import { requestSentMessage } from '../../lib/request-sent.ts';
import { cancelRequest } from '../requests/cancel-request.ts';
import { confirmRequestEmail } from '../requests/confirm-request-email.ts';
import { getRequestStatus } from '../requests/get-request-status.ts';
import { requestOfToken } from '../requests/request-of-token.ts';
import { readSitePhoto, SITE_PHOTO_NOT_FOUND, sitePhotoHeaders } from '../requests/site-photos.ts';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { EnquirySchema } from '../../lib/schemas/enquiry.ts';
import { ApplicationSchema } from '../../lib/schemas/provider-application.ts';
import { createApplication } from '../applications/create-application.ts';
import { siteUrl } from '../http/site-url.ts';
import { ProviderQuerySchema } from '../../lib/schemas/provider-query.ts';
import { createEnquiry } from '../enquiries/create-enquiry.ts';
import { confirmEnquiryEmail } from '../enquiries/confirm-enquiry-email.ts';
import { providerInBrowser } from '../enquiries/provider-in-browser.ts';
import { ConfirmEnquiryEmailSchema } from '../../lib/schemas/enquiry-confirmation.ts';
import { clientAddress } from '../http/client-address.ts';
import { declareJson, declareQuery } from '../http/declare-input.ts';
import { readJson } from '../http/read-json.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { createUploadTicket } from '../uploads/create-upload-ticket.ts';
import type { AppEnv } from '../app-env.ts';
import { listActiveFlashAds } from '../flash-ads/list-active-flash-ads.ts';
import { cachePublicly, noStore } from '../http/cache.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseFault } from '../http/database-faults.ts';
import { parseOrThrow } from '../http/validate.ts';
import { getApprovedProvider } from '../providers/get-provider.ts';
import { getPublicVerification } from '../verification/public-verification.ts';
import { idParam } from '../http/id-param.ts';
import { ReviewPageQuerySchema, ReviewSchema } from '../../lib/schemas/reviews.ts';
import { getInvitation } from '../reviews/get-invitation.ts';
import { listPublicReviews } from '../reviews/list-public-reviews.ts';
import { writeReview } from '../reviews/write-review.ts';
import { listProviders } from '../providers/list-providers.ts';
import { getPlatformStats } from '../stats/get-platform-stats.ts';
import { getServiceStats } from '../stats/get-service-stats.ts';
import { getHomeHighlights } from '../home/get-home-highlights.ts';
import { HomeHighlightsQuerySchema } from '../../lib/schemas/home-highlights.ts';
import { roundedPosition } from '../../lib/home-highlights.ts';
import { PlaceNearQuerySchema, PlaceSearchQuerySchema } from '../../lib/schemas/places.ts';
import { getPlace } from '../places/get-place.ts';
import { nearPlaces } from '../places/near-places.ts';
import { searchPlaces } from '../places/search-places.ts';

const PROVIDER_QUERY_KEYS = Object.keys(ProviderQuerySchema.shape);

export const publicRoutes = new Hono<AppEnv>()
  /** Says what is down, for load balancers and people: 503 with Retry-After while the database is. */
  .get('/health', async (c) => {
    noStore(c);
    try {
      await c.var.db.execute(sql`SELECT 1`);
      return c.json({ status: 'ok', database: 'up' } as const);
    } catch (error) {
      // Anything but a connection fault is worth a look (a permission, a broken pool).
      if (!databaseFault(error)) c.var.logError(error);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(
        {
          status: 'unavailable',
          database: 'down',
          message: 'The database is not answering',
        } as const,
        503,
      );
    }
  })
  .get('/flash-ads', async (c) => {
    cachePublicly(c);
    return c.json(await listActiveFlashAds(c.var.db));
  })
  /** The home page's top rated, recently verified and recent reviews (issue 16, point 6). */
  .get('/home/highlights', declareQuery(HomeHighlightsQuerySchema), async (c) => {
    const { lat, lng } = parseOrThrow(HomeHighlightsQuerySchema, c.req.query());
    // Rounded here too: a position is never used more precisely than the browser sends it.
    const from =
      lat !== undefined && lng !== undefined
        ? { latitude: Number(roundedPosition(lat)), longitude: Number(roundedPosition(lng)) }
        : undefined;
    cachePublicly(c, { varyOnQuery: ['lat', 'lng'] });
    return c.json(await getHomeHighlights(c.var.db, from));
  })
  .get('/service-stats', async (c) => {
    cachePublicly(c);
    return c.json(await getServiceStats(c.var.db));
  })
  .get('/stats', async (c) => {
    cachePublicly(c);
    return c.json(await getPlatformStats(c.var.db));
  })
  /** Places whose name or other name the typed text starts (the town combobox; issue 15). */
  .get('/places', declareQuery(PlaceSearchQuerySchema), async (c) => {
    const query = parseOrThrow(PlaceSearchQuerySchema, c.req.query());
    cachePublicly(c, { varyOnQuery: ['q', 'limit'] });
    return c.json(await searchPlaces(c.var.db, query));
  })
  /** The places nearest a position, nearest first, with their distance. */
  .get('/places/near', declareQuery(PlaceNearQuerySchema), async (c) => {
    const query = parseOrThrow(PlaceNearQuerySchema, c.req.query());
    cachePublicly(c, { varyOnQuery: ['lat', 'lng', 'kinds', 'limit'] });
    return c.json(await nearPlaces(c.var.db, query));
  })
  .get('/places/:value', async (c) => {
    const place = await getPlace(c.var.db, c.req.param('value'));
    cachePublicly(c);
    return c.json(place);
  })
  .get('/providers', declareQuery(ProviderQuerySchema), async (c) => {
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
  // Evidence documents for an application (10 MB, PDF or image), kept privately.
  .post('/public/documents/upload', async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.upload, clientAddress(c));
    return c.json(
      await createUploadTicket(c.var.db, c.var.objects, {
        purpose: 'evidence-document',
        owner: 'public',
      }),
    );
  })
  // Photos of the site with a service request (5 MB images), kept privately.
  .post('/public/requests/photos/upload', async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.upload, clientAddress(c));
    return c.json(
      await createUploadTicket(c.var.db, c.var.objects, { purpose: 'site-photo', owner: 'public' }),
    );
  })
  .post('/provider-applications', declareJson(ApplicationSchema), async (c) => {
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
  .post('/enquiries', declareJson(EnquirySchema), async (c) => {
    noStore(c);
    // Every attempt counts, valid or not: the limit is against floods, not typos (the
    // form checks with the same schema before it sends).
    await hitRateLimit(c.var.db, RATE_LIMITS.enquiry, clientAddress(c));
    const enquiry = parseOrThrow(EnquirySchema, await readJson(c));
    const { id, reference, providerName, mailed } = await createEnquiry(c.var.db, enquiry, {
      clientAddress: clientAddress(c),
      senderProviderId: await providerInBrowser(c),
      siteUrl: siteUrl(c),
      objects: c.var.objects,
    });
    return c.json(
      { id, reference, message: requestSentMessage(reference, providerName, mailed) },
      201,
    );
  })
  /** The customer's status page of a request (issue 14): a private token, no account. */
  .get('/requests/status', declareQuery(RequestStatusQuerySchema), async (c) => {
    noStore(c);
    const { token } = parseOrThrow(RequestStatusQuerySchema, c.req.query());
    return c.json(
      await getRequestStatus(c.var.db, { token, secret: c.var.sessionSecret, siteUrl: siteUrl(c) }),
    );
  })
  /** A site photo of the request the token opens (private, never cached). */
  .get('/requests/photos/:id{[0-9]+}', declareQuery(RequestStatusQuerySchema), async (c) => {
    const { token } = parseOrThrow(RequestStatusQuerySchema, c.req.query());
    const enquiryId = await requestOfToken(c.var.db, token);
    const { bytes, contentType } = await readSitePhoto(c.var.db, c.var.objects, {
      photoId: idParam(c.req.param('id'), SITE_PHOTO_NOT_FOUND),
      viewer: { kind: 'customer', enquiryId },
    });
    return c.body(bytes, 200, sitePhotoHeaders(contentType));
  })
  /** Sent by the status page once it runs: opening it from the mail confirms the address. */
  .post('/requests/confirm', declareJson(RequestTokenSchema), async (c) => {
    noStore(c);
    const { token } = parseOrThrow(RequestTokenSchema, await readJson(c));
    return c.json(
      await confirmRequestEmail(c.var.db, {
        token,
        secret: c.var.sessionSecret,
        siteUrl: siteUrl(c),
      }),
    );
  })
  .post('/requests/cancel', declareJson(CancelRequestSchema), async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.enquiry, clientAddress(c));
    const input = parseOrThrow(CancelRequestSchema, await readJson(c));
    return c.json(await cancelRequest(c.var.db, input, { siteUrl: siteUrl(c) }));
  })
  /** The link mailed to the customer of a request (issue 11). */
  .post('/enquiries/confirm', declareJson(ConfirmEnquiryEmailSchema), async (c) => {
    noStore(c);
    const { token } = parseOrThrow(ConfirmEnquiryEmailSchema, await readJson(c));
    return c.json(
      await confirmEnquiryEmail(c.var.db, {
        token,
        secret: c.var.sessionSecret,
        siteUrl: siteUrl(c),
      }),
    );
  })
  .get('/providers/:id{[0-9]+}', async (c) => {
    const provider = await getApprovedProvider(
      c.var.db,
      idParam(c.req.param('id'), 'Provider not found'),
    );
    const verification = await getPublicVerification(c.var.db, provider.id);
    cachePublicly(c);
    return c.json({ ...provider, verification });
  })
  /** The provider's visible reviews, newest first, paged (X-Total-Count). */
  .get('/providers/:id{[0-9]+}/reviews', declareQuery(ReviewPageQuerySchema), async (c) => {
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
  /**
   * What the review page shows for a link: the provider and the service. The query holds
   * the link's token, as POST /reviews takes it.
   */
  .get('/reviews/invitation', declareQuery(ReviewSchema.pick({ token: true })), async (c) => {
    noStore(c);
    return c.json(await getInvitation(c.var.db, c.var.sessionSecret, c.req.query('token') ?? ''));
  })
  .post('/reviews', declareJson(ReviewSchema), async (c) => {
    noStore(c);
    await hitRateLimit(c.var.db, RATE_LIMITS.review, clientAddress(c));
    const input = parseOrThrow(ReviewSchema, await readJson(c));
    const review = await writeReview(c.var.db, c.var.sessionSecret, input, {
      reviewerAddress: clientAddress(c),
      reviewerProviderId: await providerInBrowser(c),
    });
    return c.json({ ...review, message: 'Thank you for your review.' }, 201);
  });
