import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { roundedPosition } from '../../lib/home-highlights.ts';
import { requestSentMessage } from '../../lib/request-sent.ts';
import { HELD_REVIEW_DECISION } from '../../lib/reviews.ts';
import {
  ConfirmApplicationEmailSchema,
  NewApplicationLinkSchema,
} from '../../lib/schemas/application-confirmation.ts';
import { contactSentMessage, ContactMessageSchema } from '../../lib/schemas/contact-message.ts';
import { ConfirmEnquiryEmailSchema } from '../../lib/schemas/enquiry-confirmation.ts';
import { EnquirySchema } from '../../lib/schemas/enquiry.ts';
import { HomeHighlightsQuerySchema } from '../../lib/schemas/home-highlights.ts';
import { PlaceNearQuerySchema, PlaceSearchQuerySchema } from '../../lib/schemas/places.ts';
import { ApplicationSchema } from '../../lib/schemas/provider-application.ts';
import { ProviderQuerySchema, SearchReadingQuerySchema } from '../../lib/schemas/provider-query.ts';
import {
  CancelRequestSchema,
  RequestStatusQuerySchema,
  RequestTokenSchema,
} from '../../lib/schemas/request-status.ts';
import {
  ReviewInvitationQuerySchema,
  ReviewPageQuerySchema,
  ReviewSchema,
} from '../../lib/schemas/reviews.ts';
import type { AppEnv } from '../app-env.ts';
import { confirmApplicationEmail } from '../applications/confirm-application-email.ts';
import { createApplication } from '../applications/create-application.ts';
import { mailNewConfirmationLink } from '../applications/new-confirmation-link.ts';
import { sendContactMessage } from '../contact/send-contact-message.ts';
import { confirmEnquiryEmail, type Confirming } from '../enquiries/confirm-enquiry-email.ts';
import { createEnquiry } from '../enquiries/create-enquiry.ts';
import { providerInBrowser } from '../enquiries/provider-in-browser.ts';
import { listActiveFlashAds } from '../flash-ads/list-active-flash-ads.ts';
import { getHomeHighlights } from '../home/get-home-highlights.ts';
import { cachePublicly, changesPublicData, noStore } from '../http/cache.ts';
import { clientAddress } from '../http/client-address.ts';
import { DATABASE_RETRY_AFTER_SECONDS, databaseFault } from '../http/database-faults.ts';
import { idParam } from '../http/id-param.ts';
import { validJson, validParams, validQuery } from '../http/route-input.ts';
import { siteUrl } from '../http/site-url.ts';
import { getPlace } from '../places/get-place.ts';
import { nearPlaces } from '../places/near-places.ts';
import { searchPlaces } from '../places/search-places.ts';
import { getApprovedProvider } from '../providers/get-provider.ts';
import { listProviders } from '../providers/list-providers.ts';
import { getPriceRecord } from '../quotes/price-record.ts';
import { hitRateLimit, RATE_LIMITS } from '../rate-limits/hit-rate-limit.ts';
import { rateLimited } from '../rate-limits/rate-limited.ts';
import { cancelRequest } from '../requests/cancel-request.ts';
import { confirmRequestEmail } from '../requests/confirm-request-email.ts';
import { getRequestStatus } from '../requests/get-request-status.ts';
import { requestOfToken } from '../requests/request-of-token.ts';
import { readSitePhoto, SITE_PHOTO_NOT_FOUND, sitePhotoHeaders } from '../requests/site-photos.ts';
import { getInvitation } from '../reviews/get-invitation.ts';
import { listPublicReviews } from '../reviews/list-public-reviews.ts';
import { writeReview } from '../reviews/write-review.ts';
import { readSearchQuery } from '../search/search-reading.ts';
import { getPlatformStats } from '../stats/get-platform-stats.ts';
import { getServiceStats } from '../stats/get-service-stats.ts';
import { publicUploadTicket } from '../uploads/upload-tickets-by-asker.ts';
import { getPublicVerification } from '../verification/public-verification.ts';

const PROVIDER_QUERY_KEYS = Object.keys(ProviderQuerySchema.shape);

/**
 * What confirming a customer's address takes from the request, by either link (the status
 * page's or the confirmation mail's): the links' secret, the site, and the network it came
 * from.
 */
const confirming = (c: Context<AppEnv>): Confirming => ({
  secret: c.var.sessionSecret,
  siteUrl: siteUrl(c),
  from: clientAddress(c),
});

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
  /** The home page's top rated, recently verified and recent reviews. */
  .get('/home/highlights', validQuery(HomeHighlightsQuerySchema), async (c) => {
    const { lat, lng } = c.req.valid('query');
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
  /** Places whose name or other name the typed text starts (the town combobox). */
  .get('/places', validQuery(PlaceSearchQuerySchema), async (c) => {
    const query = c.req.valid('query');
    cachePublicly(c, { varyOnQuery: ['q', 'limit'] });
    return c.json(await searchPlaces(c.var.db, query));
  })
  /** The places nearest a position, nearest first, with their distance. */
  .get('/places/near', validQuery(PlaceNearQuerySchema), async (c) => {
    const query = c.req.valid('query');
    cachePublicly(c, { varyOnQuery: ['lat', 'lng', 'kinds', 'limit'] });
    return c.json(await nearPlaces(c.var.db, query));
  })
  .get('/places/:value', async (c) => {
    const place = await getPlace(c.var.db, c.req.param('value'));
    cachePublicly(c);
    return c.json(place);
  })
  /** How the search box reads a query: each term as a service, a place or words. */
  .get('/search/reading', validQuery(SearchReadingQuerySchema), async (c) => {
    const { search } = c.req.valid('query');
    cachePublicly(c, { varyOnQuery: ['search'] });
    return c.json(await readSearchQuery(c.var.db, search));
  })
  .get('/providers', validQuery(ProviderQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const page = await listProviders(c.var.db, query);
    cachePublicly(c, { varyOnQuery: PROVIDER_QUERY_KEYS });
    c.header('X-Total-Count', String(page.total));
    return c.json(page.items);
  })
  .post('/public/objects/upload', async (c) => {
    noStore(c);
    return c.json(await publicUploadTicket(c, 'application-image'));
  })
  // Evidence documents for an application (10 MB, PDF or image), kept privately.
  .post('/public/documents/upload', async (c) => {
    noStore(c);
    return c.json(await publicUploadTicket(c, 'evidence-document'));
  })
  // Photos of the site with a service request (5 MB images), kept privately.
  .post('/public/requests/photos/upload', async (c) => {
    noStore(c);
    return c.json(await publicUploadTicket(c, 'site-photo'));
  })
  .post(
    '/provider-applications',
    rateLimited(RATE_LIMITS.application),
    validJson(ApplicationSchema),
    async (c) => {
      noStore(c);
      const application = c.req.valid('json');
      const { id } = await createApplication(c.var.db, {
        application,
        objects: c.var.objects,
        siteUrl: siteUrl(c),
      });
      return c.json({ id, message: 'Application received' }, 201);
    },
  )
  /** Sent by /join/confirm once it runs: the link mailed to an application's address. */
  .post('/provider-applications/confirm', validJson(ConfirmApplicationEmailSchema), async (c) => {
    noStore(c);
    return c.json(await confirmApplicationEmail(c.var.db, c.req.valid('json')));
  })
  /** A new link for an application whose link was lost or has expired (/join/confirm). */
  .post(
    '/provider-applications/confirmation-link',
    rateLimited(RATE_LIMITS.applicationLink),
    validJson(NewApplicationLinkSchema),
    async (c) => {
      noStore(c);
      const { email } = c.req.valid('json');
      return c.json(await mailNewConfirmationLink(c.var.db, { email, siteUrl: siteUrl(c) }), 202);
    },
  )
  /** A message to the operator, from the form on /contact. */
  .post(
    '/contact',
    rateLimited(RATE_LIMITS.contact),
    validJson(ContactMessageSchema),
    async (c) => {
      noStore(c);
      const message = c.req.valid('json');
      await hitRateLimit(c.var.db, RATE_LIMITS.contactPerEmail, message.email);
      const { reference } = await sendContactMessage(c.var.db, message, {
        clientAddress: clientAddress(c),
        company: c.var.company,
      });
      return c.json({ reference, message: contactSentMessage(reference, message.email) }, 201);
    },
  )
  .post('/enquiries', rateLimited(RATE_LIMITS.enquiry), validJson(EnquirySchema), async (c) => {
    noStore(c);
    const enquiry = c.req.valid('json');
    const { id, reference, providerName, mailed } = await createEnquiry(c.var.db, enquiry, {
      clientAddress: clientAddress(c),
      senderProviderId: await providerInBrowser(c),
      siteUrl: siteUrl(c),
      objects: c.var.objects,
    });
    // `mailed` (added to the spec's answer, optional for clients): whether the customer was
    // e-mailed the link to the request's page; the form's sent state says where it went.
    return c.json(
      { id, reference, message: requestSentMessage(reference, providerName, mailed), mailed },
      201,
    );
  })
  /** The customer's status page of a request: a private token, no account. */
  .get('/requests/status', validQuery(RequestStatusQuerySchema), async (c) => {
    noStore(c);
    const { token } = c.req.valid('query');
    return c.json(
      await getRequestStatus(c.var.db, { token, secret: c.var.sessionSecret, siteUrl: siteUrl(c) }),
    );
  })
  /** A site photo of the request the token opens (private, never cached). */
  .get(
    '/requests/photos/:id{[0-9]+}',
    validQuery(RequestStatusQuerySchema),
    validParams({ id: idParam(SITE_PHOTO_NOT_FOUND) }),
    async (c) => {
      const enquiryId = await requestOfToken(c.var.db, c.req.valid('query').token);
      const { bytes, contentType } = await readSitePhoto(c.var.db, c.var.objects, {
        photoId: c.req.valid('param').id,
        viewer: { kind: 'customer', enquiryId },
      });
      return c.body(bytes, 200, sitePhotoHeaders(contentType));
    },
  )
  /** Sent by the status page once it runs: opening it from the mail confirms the address. */
  .post('/requests/confirm', validJson(RequestTokenSchema), async (c) => {
    noStore(c);
    const { token } = c.req.valid('json');
    return c.json(await confirmRequestEmail(c.var.db, { token, ...confirming(c) }));
  })
  .post(
    '/requests/cancel',
    rateLimited(RATE_LIMITS.enquiry),
    validJson(CancelRequestSchema),
    async (c) => {
      noStore(c);
      return c.json(await cancelRequest(c.var.db, c.req.valid('json'), { siteUrl: siteUrl(c) }));
    },
  )
  /** The link mailed to the customer of a request. */
  .post('/enquiries/confirm', validJson(ConfirmEnquiryEmailSchema), async (c) => {
    noStore(c);
    const { token } = c.req.valid('json');
    return c.json(await confirmEnquiryEmail(c.var.db, { token, ...confirming(c) }));
  })
  .get('/providers/:id{[0-9]+}', validParams({ id: idParam('Provider not found') }), async (c) => {
    const provider = await getApprovedProvider(c.var.db, c.req.valid('param').id);
    const [verification, priceRecord] = await Promise.all([
      getPublicVerification(c.var.db, provider.id),
      getPriceRecord(c.var.db, provider.id),
    ]);
    cachePublicly(c);
    return c.json({ ...provider, verification, priceRecord });
  })
  /** The provider's visible reviews, newest first, paged (X-Total-Count). */
  .get(
    '/providers/:id{[0-9]+}/reviews',
    validParams({ id: idParam('Provider not found') }),
    validQuery(ReviewPageQuerySchema),
    async (c) => {
      const { id } = await getApprovedProvider(c.var.db, c.req.valid('param').id);
      const { items, total } = await listPublicReviews(c.var.db, id, c.req.valid('query'));
      cachePublicly(c, { varyOnQuery: ['page', 'limit'] });
      c.header('X-Total-Count', String(total));
      return c.json(items);
    },
  )
  /** What the review page shows for a link: the provider and the service. */
  .get('/reviews/invitation', validQuery(ReviewInvitationQuerySchema), async (c) => {
    noStore(c);
    const { token } = c.req.valid('query');
    return c.json(await getInvitation(c.var.db, c.var.sessionSecret, token));
  })
  .post(
    '/reviews',
    changesPublicData,
    rateLimited(RATE_LIMITS.review),
    validJson(ReviewSchema),
    async (c) => {
      noStore(c);
      const review = await writeReview(c.var.db, c.var.sessionSecret, c.req.valid('json'), {
        reviewerAddress: clientAddress(c),
        reviewerProviderId: await providerInBrowser(c),
      });
      // held and heldBecause are additions to the answer: a client that reads only id,
      // providerId and message keeps working, and the message says it in words too.
      const message = review.held
        ? `Thank you for your review. It is held for a check before it is shown: we decide ${HELD_REVIEW_DECISION} and e-mail you.`
        : 'Thank you for your review.';
      return c.json({ ...review, message }, 201);
    },
  );
