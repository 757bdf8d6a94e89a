/**
 * Public answers are CDN-cached for a minute; a successful change by an admin or a
 * provider purges them (on Netlify, through its purge API) so the change shows at once.
 * A route that changes public data says so in its declaration (changesPublicData,
 * src/api/http/cache.ts); the purge follows the success of such a route, and no other.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, reviews } from '../../db/schema.ts';
import { createApp } from '../../src/api/app.ts';
import { changesPublicData, PUBLIC_CACHE_TAG } from '../../src/api/http/cache.ts';
import { createPrivacyLink } from '../../src/api/privacy/privacy-links.ts';
import { addProviderBody, createTestAdmin, resetWithAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { bearer, signIn } from '../helpers/auth-fixtures.ts';
import {
  insertApplication,
  insertEnquiry,
  insertFlashAd,
  insertProvider,
  validEnquiryBody,
} from '../helpers/builders.ts';
import { enquiryToken } from '../helpers/enquiry-fixtures.ts';
import { realImageBytes } from '../helpers/image-bytes.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import {
  acceptQuote,
  asProvider,
  customerPost,
  insertRequestGroup,
  postQuote,
  quoteBody,
} from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const purged: string[][] = [];
const api = useTestApi(
  {},
  {
    purgeCache: (tags) => {
      purged.push(tags);
      return Promise.resolve();
    },
  },
);
let token: string;
// Each test starts from an empty database with its own admin, and counts its own purges.
beforeEach(async () => {
  ({ token } = await resetWithAdmin(api));
  purged.length = 0;
});

/** A provider listed publicly, and a session of its own. */
async function listedProvider() {
  const provider = await insertProvider(api.database.db, { isApproved: true });
  return { id: provider.id, session: await providerSession(api, provider.id) };
}

/** A review of the provider, stored as a customer's review is. */
async function insertReview(providerId: number, values: Partial<typeof reviews.$inferInsert> = {}) {
  const [row] = await api.database.db
    .insert(reviews)
    .values({
      providerId,
      customerName: 'Thandi Nkosi',
      rating: 5,
      comment: 'Four cameras installed neatly and on time.',
      serviceType: 'cctv',
      ...values,
    })
    .returning();
  return row!;
}

/** An upload address of the provider's (`ticketPath`) with an image put to it. */
async function uploaded(session: string, ticketPath: string): Promise<string> {
  const { uploadURL } = await okJson<{ uploadURL: string }>(
    sendAs(api, session, 'POST', ticketPath),
  );
  const stored = await api.request(uploadURL, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: await realImageBytes('png'),
  });
  expect(stored.status).toBe(200);
  return uploadURL;
}

/**
 * Every route that changes what public answers say, as Hono registers it, and how to
 * make it succeed: the setup stores what the change needs and answers the call.
 */
type Call = () => Promise<Response>;
/** A listed provider's accepted quote: the agreed job its page's price record counts. */
async function agreedJob() {
  const { id } = await listedProvider();
  const group = await insertRequestGroup(api, [id]);
  const copy = group.copies[0]!.id;
  const quote = await okJson<{ id: number; totalCents: number }>(
    postQuote(api, id, copy, quoteBody()),
    201,
  );
  await okJson(acceptQuote(api, quote.id, group.token));
  return { id, copy, token: group.token, totalCents: quote.totalCents };
}

const PUBLIC_CHANGES: Record<string, () => Call | Promise<Call>> = {
  // The price record on the provider's page (decision 0051): completion and disputes.
  'POST /api/provider/enquiries/:id{[0-9]+}/job/complete': async () => {
    const { id, copy, totalCents } = await agreedJob();
    return () =>
      asProvider(api, id, 'POST', `/api/provider/enquiries/${copy}/job/complete`, {
        finalTotalCents: totalCents,
      });
  },
  'POST /api/provider/enquiries/:id{[0-9]+}/job/dispute': async () => {
    const { id, copy } = await agreedJob();
    return () =>
      asProvider(api, id, 'POST', `/api/provider/enquiries/${copy}/job/dispute`, {
        reason: 'The customer asks for more than agreed.',
      });
  },
  'POST /api/requests/job/dispute': async () => {
    const { token } = await agreedJob();
    return () =>
      customerPost(api, '/api/requests/job/dispute', { token, reason: 'Work not finished.' });
  },
  // A provider closing its account leaves the listing at once (decision 0053).
  'POST /api/provider/my-data/close': async () => {
    const { id } = await insertProvider(api.database.db, { isApproved: true });
    return () => asProvider(api, id, 'POST', '/api/provider/my-data/close');
  },
  // A person's deletion anonymises their reviews (decision 0052).
  'POST /api/privacy/my-data/delete': async () => {
    const link = await createPrivacyLink(api.database.db, {
      email: 'thandi@example.co.za',
      siteUrl: api.url,
    });
    await insertRequestGroup(api, [(await listedProvider()).id]);
    const token = new URL(link).searchParams.get('token');
    return () => customerPost(api, '/api/privacy/my-data/delete', { token });
  },
  'POST /api/admin/providers': () => () =>
    sendAs(api, token, 'POST', '/api/admin/providers', addProviderBody()),
  'PUT /api/admin/providers/:id': async () => {
    const { id } = await listedProvider();
    return () => sendAs(api, token, 'PUT', `/api/admin/providers/${id}`, { isApproved: false });
  },
  'DELETE /api/admin/providers/:id': async () => {
    const { id } = await listedProvider();
    return () => sendAs(api, token, 'DELETE', `/api/admin/providers/${id}`);
  },
  // The badge and the Verification section show a recorded check.
  'PUT /api/admin/providers/:id/checks/:type': async () => {
    const { id } = await listedProvider();
    return () =>
      sendAs(api, token, 'PUT', `/api/admin/providers/${id}/checks/identity`, {
        status: 'pending',
      });
  },
  'POST /api/admin/flash-ads': () => () =>
    sendAs(api, token, 'POST', '/api/admin/flash-ads', {
      title: 'Winter special',
      subtitle: '10% off every CCTV installation booked in June',
    }),
  'PUT /api/admin/flash-ads/:id': async () => {
    const ad = await insertFlashAd(api.database.db);
    return () =>
      sendAs(api, token, 'PUT', `/api/admin/flash-ads/${ad.id}`, {
        title: 'Spring special',
        subtitle: 'Free site visit in September',
      });
  },
  'DELETE /api/admin/flash-ads/:id': async () => {
    const ad = await insertFlashAd(api.database.db);
    return () => sendAs(api, token, 'DELETE', `/api/admin/flash-ads/${ad.id}`);
  },
  'PUT /api/admin/applications/:id/review': async () => {
    const application = await insertApplication(api.database.db);
    return () =>
      sendAs(api, token, 'PUT', `/api/admin/applications/${application.id}/review`, {
        status: 'rejected',
        adminNotes: 'No proof of insurance',
      });
  },
  'POST /api/admin/applications/:id/approve': async () => {
    const application = await insertApplication(api.database.db);
    return () => sendAs(api, token, 'POST', `/api/admin/applications/${application.id}/approve`);
  },
  'PUT /api/admin/reviews/:id/hide': async () => {
    const review = await insertReview((await listedProvider()).id);
    return () =>
      sendAs(api, token, 'PUT', `/api/admin/reviews/${review.id}/hide`, {
        reason: 'Names a person',
      });
  },
  'PUT /api/admin/reviews/:id/show': async () => {
    const review = await insertReview((await listedProvider()).id, {
      hiddenAt: new Date(),
      hiddenReason: 'Names a person',
    });
    return () => sendAs(api, token, 'PUT', `/api/admin/reviews/${review.id}/show`);
  },
  'PUT /api/admin/reviews/:id/release': async () => {
    const review = await insertReview((await listedProvider()).id, { heldAt: new Date() });
    return () => sendAs(api, token, 'PUT', `/api/admin/reviews/${review.id}/release`);
  },
  'PUT /api/provider/profile': async () => {
    const { session } = await listedProvider();
    const me = await okJson<Record<string, unknown>>(
      api.get('/api/provider/me', { headers: bearer(session) }),
    );
    return () =>
      sendAs(api, session, 'PUT', '/api/provider/profile', { ...me, startingPrice: 2750 });
  },
  'PUT /api/provider/profile-image': async () => {
    const { session } = await listedProvider();
    const profileImageURL = await uploaded(session, '/api/objects/upload');
    return () => sendAs(api, session, 'PUT', '/api/provider/profile-image', { profileImageURL });
  },
  'POST /api/provider/work-photos': async () => {
    const { session } = await listedProvider();
    const imageURL = await uploaded(session, '/api/provider/work-photos/upload');
    return () => sendAs(api, session, 'POST', '/api/provider/work-photos', { imageURL });
  },
  'DELETE /api/provider/work-photos/:id': async () => {
    const { session } = await listedProvider();
    const imageURL = await uploaded(session, '/api/provider/work-photos/upload');
    const [photo] = await okJson<{ id: number }[]>(
      sendAs(api, session, 'POST', '/api/provider/work-photos', { imageURL }),
      201,
    );
    return () => sendAs(api, session, 'DELETE', `/api/provider/work-photos/${photo!.id}`);
  },
  'PUT /api/provider/reviews/:id/reply': async () => {
    const { id, session } = await listedProvider();
    const review = await insertReview(id);
    return () =>
      sendAs(api, session, 'PUT', `/api/provider/reviews/${review.id}/reply`, {
        reply: 'Thank you, it was a pleasure.',
      });
  },
  // A customer's review of completed work (the link mailed with the completion).
  'POST /api/reviews': async () => {
    const { id } = await listedProvider();
    const enquiry = await insertEnquiry(api.database.db, {
      assignedProviderId: id,
      status: 'completed',
    });
    const link = await enquiryToken(api, enquiry.id, { purpose: 'review' });
    return () =>
      sendJson(api, 'POST', '/api/reviews', {
        token: link,
        rating: 5,
        comment: 'Four cameras installed neatly and on time.',
      });
  },
};

describe('the CDN cache of public answers', () => {
  it('tags every public answer', async () => {
    for (const path of [
      '/api/providers',
      '/api/stats',
      '/api/flash-ads',
      '/api/service-stats',
      '/api/home/highlights',
    ]) {
      const response = await api.get(path);
      expect(response.headers.get('netlify-cache-tag'), path).toBe(PUBLIC_CACHE_TAG);
    }
  });

  it('is purged on the declaration of exactly the routes that change public data', () => {
    const app = createApp({ db: api.database.db, env: api.env });
    const declaring = app.routes
      .filter((route) => route.handler === changesPublicData)
      .map((route) => `${route.method} ${route.path}`);
    expect(declaring.toSorted()).toEqual(Object.keys(PUBLIC_CHANGES).toSorted());
  });

  it.each(Object.entries(PUBLIC_CHANGES))('is purged once %s succeeds', async (_route, setUp) => {
    const call = await setUp();
    // The setup's own changes (an earlier photo, say) are not the route's.
    purged.length = 0;
    await api.database.db.delete(rateLimits);
    const response = await call();
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    expect(purged).toEqual([[PUBLIC_CACHE_TAG]]);
  });

  it('is left alone by reads, refused changes and public writes', async () => {
    await api.get('/api/admin/providers', { headers: bearer(token) });
    await api.request('/api/admin/providers/999999', {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ isApproved: false }),
    });
    await api.request('/api/admin/providers/1', { method: 'DELETE' });
    await api.request('/api/enquiries', { method: 'POST', body: '{}' });
    // Refused by its schema: the route's declaration marks it, its failure purges nothing.
    await sendAs(api, token, 'POST', '/api/admin/flash-ads', { title: '' });
    expect(purged).toEqual([]);
  });

  it('is left alone by successful changes that alter nothing public', async () => {
    // Sign-in, sign-out, a password reset request, an upload address, a team change,
    // the enquiry desk and an enquiry change nothing a public answer shows.
    const admin = await createTestAdmin(api, { email: 'second.admin@verified.example.co.za' });
    const second = await signIn(api, 'admin', admin);
    const json = { ...bearer(second), 'content-type': 'application/json' };
    const { id: providerId } = await listedProvider();
    const enquiry = await insertEnquiry(api.database.db, { assignedProviderId: providerId });
    const answers = [
      await sendJson(api, 'POST', '/api/admin/forgot-password', { email: 'someone@example.com' }),
      await api.request('/api/admin/objects/upload', { method: 'POST', headers: json }),
      await sendAs(api, token, 'POST', '/api/admin/users', {
        email: 'third.admin@verified.example.co.za',
        firstName: 'Naledi',
        lastName: 'Mokoena',
        password: 'a-long-enough-password-1',
      }),
      await sendAs(api, token, 'PUT', `/api/admin/enquiries/${enquiry.id}`, {
        adminNotes: 'Called the customer',
      }),
      await sendJson(api, 'POST', '/api/enquiries', validEnquiryBody(providerId)),
      await api.request('/api/admin/logout', { method: 'POST', headers: json }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 201, 200, 201, 200]);
    expect(purged).toEqual([]);
  });
});
