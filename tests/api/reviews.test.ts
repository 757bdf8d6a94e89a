import { asc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  customerEnquiries,
  providerSignIns,
  rateLimits,
  reviews,
  serviceProviders,
} from '../../db/schema.ts';
import { BURST_REVIEWS_IN_AN_HOUR } from '../../src/api/reviews/hold-reasons.ts';
import { requestIdOf } from '../../src/lib/request-reference.ts';
import {
  adminSession,
  createTestAdmin,
  itIsForAdminsOnly,
  type TestAdmin,
} from '../helpers/admin-fixtures.ts';
import {
  databaseSnapshot,
  okJson,
  sendAs,
  sendJson,
  storedRow,
  type ApiRoute,
} from '../helpers/api-fixtures.ts';
import {
  bearer,
  FOREIGN_KEY,
  tamperPayload,
  tamperSignature,
  unsignedToken,
} from '../helpers/auth-fixtures.ts';
import {
  insertAssignedEnquiry,
  insertEnquiry,
  insertProvider,
  validEnquiryBody,
} from '../helpers/builders.ts';
import {
  confirmEnquiryEmail,
  enquiryToken,
  type EnquiryTokenOptions,
} from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox, type OutboxMail } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { resetAfterDeliveries, useTestApi } from '../helpers/test-api.ts';
import { postgresOnly } from '../helpers/test-database.ts';

// Verified reviews: the link e-mailed when an enquiry is completed, the review written
// with it (once), the public list, the provider's one reply and the admin's moderation.
// Review links are signed here with the app's key (enquiryToken) and sessions
// are minted directly: nobody signs in with a password.
// POST /api/reviews allows 10 attempts per client and hour: postReview() forgets the
// counts before each attempt, except in the test of the limit itself.
const api = useTestApi();

type ProviderRow = typeof serviceProviders.$inferSelect;
type EnquiryRow = typeof customerEnquiries.$inferSelect;
type ReviewRow = typeof reviews.$inferSelect;

let provider: ProviderRow;
let other: ProviderRow;
let providerToken: string;
let admin: TestAdmin;
let adminToken: string;
beforeEach(async () => {
  await resetAfterDeliveries(api);
  const { db } = api.database;
  provider = await insertProvider(db, {
    name: 'Ubuntu Security Solutions',
    services: ['cctv', 'alarms'],
    rating: '0.0',
    reviewCount: 0,
  });
  other = await insertProvider(db, { name: 'Cape Alarm Co', rating: '0.0', reviewCount: 0 });
  providerToken = await providerSession(api, provider.id);
  admin = await createTestAdmin(api, { firstName: 'Lerato', lastName: 'Khumalo' });
  adminToken = await adminSession(api, admin.id);
});

interface PublicReview {
  id: number;
  customerName: string;
  rating: number;
  comment: string;
  serviceType: string;
  createdAt: string;
  providerReply: string | null;
  repliedAt: string | null;
}
interface OwnReview extends PublicReview {
  hiddenAt: string | null;
  hiddenReason: string | null;
}
interface AdminReview extends OwnReview {
  providerId: number;
  providerName: string;
}

const INVALID_LINK = 'This review link is not valid. Please use the link from your e-mail.';
const EXPIRED_LINK = 'This review link has expired: links work for 30 days.';
const NOT_REVIEWABLE = 'This request cannot be reviewed (any more).';
const REVIEW_WRITTEN = 'A review for this request has been written already. Thank you!';
const RATING_MESSAGE = 'Please choose a rating from 1 to 5 stars';
const REVIEW_NOT_FOUND = 'Review not found';
const ALREADY_REPLIED = 'You have replied to this review already.';
const COMMENT = 'Four cameras installed neatly and on time.';
const HELD_MESSAGE =
  'Thank you for your review. It is held for a check before it is shown: we decide within 2 business days and e-mail you.';
const DAY = 24 * 60 * 60;

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/** A completed enquiry of `providerId` (the provider under test unless given). */
function completedEnquiry(overrides: Partial<typeof customerEnquiries.$inferInsert> = {}) {
  return insertEnquiry(api.database.db, {
    assignedProviderId: provider.id,
    status: 'completed',
    ...overrides,
  });
}

/**
 * A review link token as the app signs it (HS256, the session key, sub = enquiry id,
 * purpose 'review', 30 days), with any of it changed.
 */
function linkToken(enquiryId: number | string, options: EnquiryTokenOptions = {}) {
  return enquiryToken(api, enquiryId, { purpose: 'review', ...options });
}

const invitation = (token: string) =>
  api.get(`/api/reviews/invitation?token=${encodeURIComponent(token)}`);

/** POST /api/reviews with a JSON body; the rate limit is forgotten first unless `counted`. */
async function postReview(body: unknown, { counted = false } = {}): Promise<Response> {
  if (!counted) await api.database.db.delete(rateLimits);
  return sendJson(api, 'POST', '/api/reviews', body);
}

/** Writes a review through the API for the enquiry; answers its id. */
async function writeReview(enquiry: EnquiryRow, rating: number, comment = COMMENT) {
  const body = await okJson<{ id: number; providerId: number; message: string }>(
    postReview({ token: await linkToken(enquiry.id), rating, comment }),
    201,
  );
  return body.id;
}

/** Inserts a review row directly (for the lists), `minutesAgo` minutes old. */
async function insertReview(
  values: Partial<typeof reviews.$inferInsert> & { minutesAgo?: number } = {},
): Promise<ReviewRow> {
  const { minutesAgo = 0, ...fields } = values;
  const [row] = await api.database.db
    .insert(reviews)
    .values({
      providerId: provider.id,
      customerName: 'Thandi Nkosi',
      rating: 5,
      comment: COMMENT,
      serviceType: 'cctv',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('The review was not stored');
  return row;
}

async function reviewRows(): Promise<ReviewRow[]> {
  return api.database.db.select().from(reviews).orderBy(asc(reviews.id));
}

const reviewRow = (id: number): Promise<ReviewRow> => storedRow(api, reviews, id, 'review');

/** The rating and review count the public provider page shows. */
async function publicRating(providerId = provider.id) {
  const body = await okJson<{ rating: string; reviewCount: number }>(
    api.get(`/api/providers/${providerId}`),
  );
  return { rating: body.rating, reviewCount: body.reviewCount };
}

/** The rating and review count stored on the provider row. */
async function storedRating(providerId = provider.id) {
  const [row] = await api.database.db
    .select({ rating: serviceProviders.rating, reviewCount: serviceProviders.reviewCount })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  return row;
}

async function publicReviews(providerId = provider.id, query = '') {
  const response = await api.get(`/api/providers/${providerId}/reviews${query}`);
  expect(response.status).toBe(200);
  return {
    total: response.headers.get('x-total-count'),
    items: (await response.json()) as PublicReview[],
  };
}

const reviewLinksIn = (mails: OutboxMail[]) =>
  mails.flatMap((mail) => {
    const link = linkIn(mail.text, '/review?token=');
    return link ? [{ mail, link }] : [];
  });

const respond = (enquiryId: number, status: string, session = providerToken) =>
  api.request(`/api/provider/enquiries/${enquiryId}/response`, {
    method: 'PUT',
    headers: bearer(session),
    body: JSON.stringify({ providerResponse: 'All done, thank you.', status }),
  });

const reply = (reviewId: number | string, body: unknown, session = providerToken) =>
  sendAs(api, session, 'PUT', `/api/provider/reviews/${reviewId}/reply`, body);

const release = (reviewId: number | string, token = adminToken) =>
  sendAs(api, token, 'PUT', `/api/admin/reviews/${reviewId}/release`);
const hide = (reviewId: number | string, body: unknown, token = adminToken) =>
  sendAs(api, token, 'PUT', `/api/admin/reviews/${reviewId}/hide`, body);
const show = (reviewId: number | string, token = adminToken) =>
  sendAs(api, token, 'PUT', `/api/admin/reviews/${reviewId}/show`);

// ---------------------------------------------------------------------------------------
// The link in the e-mail
// ---------------------------------------------------------------------------------------

describe('the review link e-mailed when an enquiry is completed', () => {
  let enquiry: EnquiryRow;
  beforeEach(async () => {
    enquiry = await insertAssignedEnquiry(api.database.db, provider.id);
    // Only a confirmed address gets the link (see 'reviews only from real customers').
    await confirmEnquiryEmail(api, enquiry.id);
  });

  it("is sent once when the provider's response completes the enquiry", async () => {
    const outbox = await watchOutbox(api);
    expect((await respond(enquiry.id, 'completed')).status).toBe(200);
    const mails = await outbox.newMails();
    const links = reviewLinksIn(mails);
    expect(links).toHaveLength(1);
    const [{ mail, link }] = links as [(typeof links)[number]];
    expect(mail.to).toBe('lerato@example.co.za');
    expect(mail.subject).toBe('How did Ubuntu Security Solutions do?');
    expect(mail.text).toContain('Hi Lerato Mokoena,');
    expect(link.origin).toBe(api.url);
    expect(link.pathname).toBe('/review');

    // The token: the enquiry, for reviews, valid for 30 days.
    const token = link.searchParams.get('token')!;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: String(enquiry.id), purpose: 'review' });
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(30 * DAY - 120);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(30 * DAY);

    // The link works, and the customer's review is written with it.
    expect(await okJson(invitation(token))).toEqual({
      providerId: provider.id,
      providerName: 'Ubuntu Security Solutions',
      serviceType: 'cctv',
      customerName: 'Lerato Mokoena',
    });
    expect((await postReview({ token, rating: 5, comment: COMMENT })).status).toBe(201);

    // Responding again with 'completed' sends no second link (and, within the hour of the
    // first response mail, no second response mail either: enquiries.test.ts).
    const again = await watchOutbox(api);
    expect((await respond(enquiry.id, 'completed')).status).toBe(200);
    const second = await again.newMails();
    expect(reviewLinksIn(second)).toEqual([]);
    expect(second).toEqual([]);
  });

  it("is not sent for 'in_progress' or 'cancelled' responses", async () => {
    const outbox = await watchOutbox(api);
    expect((await respond(enquiry.id, 'in_progress')).status).toBe(200);
    const cancelled = await completedEnquiry({ status: 'assigned' });
    await confirmEnquiryEmail(api, cancelled.id);
    expect((await respond(cancelled.id, 'cancelled')).status).toBe(200);
    const mails = await outbox.newMails();
    expect(mails).toHaveLength(2);
    expect(reviewLinksIn(mails)).toEqual([]);
  });

  it('is sent when the enquiry desk completes the enquiry, once', async () => {
    const outbox = await watchOutbox(api);
    const completed = await okJson<{ status: string }>(
      sendAs(api, adminToken, 'PUT', `/api/admin/enquiries/${enquiry.id}`, {
        status: 'completed',
      }),
    );
    expect(completed.status).toBe('completed');
    const mails = await outbox.newMails();
    expect(mails).toHaveLength(1);
    const [{ mail, link }] = reviewLinksIn(mails) as [{ mail: OutboxMail; link: URL }];
    expect(mail.to).toBe('lerato@example.co.za');
    expect(decodeJwt(link.searchParams.get('token')!)).toMatchObject({
      sub: String(enquiry.id),
      purpose: 'review',
    });
    expect((await invitation(link.searchParams.get('token')!)).status).toBe(200);

    // Already completed: a note on it sends nothing.
    const again = await watchOutbox(api);
    const noted = sendAs(api, adminToken, 'PUT', `/api/admin/enquiries/${enquiry.id}`, {
      status: 'completed',
      adminNotes: 'Customer called to say thanks',
    });
    expect((await noted).status).toBe(200);
    expect(await again.newMails()).toEqual([]);
  });

  it('is not sent when the desk completes an enquiry no provider was assigned to', async () => {
    const unassigned = await insertEnquiry(api.database.db, { status: 'new' });
    const outbox = await watchOutbox(api);
    const response = sendAs(api, adminToken, 'PUT', `/api/admin/enquiries/${unassigned.id}`, {
      status: 'completed',
    });
    expect((await response).status).toBe(200);
    expect(await outbox.newMails()).toEqual([]);
    // And such an enquiry cannot be reviewed.
    await expectError(await invitation(await linkToken(unassigned.id)), 404, NOT_REVIEWABLE);
  });
});

// ---------------------------------------------------------------------------------------
// GET /api/reviews/invitation
// ---------------------------------------------------------------------------------------

describe('GET /api/reviews/invitation', () => {
  let enquiry: EnquiryRow;
  beforeEach(async () => {
    enquiry = await completedEnquiry({
      customerName: 'Thandi Nkosi',
      serviceType: 'alarms',
    });
  });

  it('answers the provider and the service of a valid link', async () => {
    const response = await invitation(await linkToken(enquiry.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      providerId: provider.id,
      providerName: 'Ubuntu Security Solutions',
      serviceType: 'alarms',
      customerName: 'Thandi Nkosi',
    });
  });

  it('answers 400 to tampered, foreign and other tokens, and 410 once expired', async () => {
    const valid = await linkToken(enquiry.id);
    const second = await completedEnquiry();
    const cases: [string, string, number, string][] = [
      ['a changed signature', tamperSignature(valid), 400, INVALID_LINK],
      ['a changed sub', tamperPayload(valid, { sub: String(second.id) }), 400, INVALID_LINK],
      ['a longer validity', tamperPayload(valid, { exp: 9_999_999_999 }), 400, INVALID_LINK],
      ['another key', await linkToken(enquiry.id, { key: FOREIGN_KEY }), 400, INVALID_LINK],
      ['no purpose', await linkToken(enquiry.id, { purpose: null }), 400, INVALID_LINK],
      ['another purpose', await linkToken(enquiry.id, { purpose: 'reset' }), 400, INVALID_LINK],
      ['a sub that is no id', await linkToken('abc'), 400, INVALID_LINK],
      ['sub 0', await linkToken(0), 400, INVALID_LINK],
      ['a provider session', await providerSession(api, provider.id), 400, INVALID_LINK],
      ['an admin session', adminToken, 400, INVALID_LINK],
      ['an unsigned token', unsignedToken('admin', admin.id), 400, INVALID_LINK],
      ['garbage', 'not-a-token', 400, INVALID_LINK],
      ['nothing', '', 400, INVALID_LINK],
      ['an expired link', await linkToken(enquiry.id, { expiresIn: -60 }), 410, EXPIRED_LINK],
      [
        'an expired link of another key',
        await linkToken(enquiry.id, { key: FOREIGN_KEY, expiresIn: -60 }),
        400,
        INVALID_LINK,
      ],
    ];
    for (const [what, token, status, message] of cases) {
      const response = await invitation(token);
      expect({ what, status: response.status }).toEqual({ what, status });
      await expectError(response, status, message);
    }
    const bare = await api.get('/api/reviews/invitation');
    await expectError(bare, 400, INVALID_LINK);
  });

  it('answers 404 for an enquiry that is not completed, unknown or without provider', async () => {
    for (const status of ['new', 'assigned', 'in_progress', 'cancelled'] as const) {
      const open = await completedEnquiry({ status });
      const response = await invitation(await linkToken(open.id));
      expect({ status, answer: response.status }).toEqual({ status, answer: 404 });
      await expectError(response, 404, NOT_REVIEWABLE);
    }
    await expectError(await invitation(await linkToken(999_999)), 404, NOT_REVIEWABLE);
    const unassigned = await completedEnquiry({ assignedProviderId: null });
    await expectError(await invitation(await linkToken(unassigned.id)), 404, NOT_REVIEWABLE);
  });

  it('answers 409 once the review is written', async () => {
    const token = await linkToken(enquiry.id);
    expect((await postReview({ token, rating: 4, comment: COMMENT })).status).toBe(201);
    await expectError(await invitation(token), 409, REVIEW_WRITTEN);
  });
});

// ---------------------------------------------------------------------------------------
// POST /api/reviews
// ---------------------------------------------------------------------------------------

describe('POST /api/reviews', () => {
  it('stores the review and recomputes the rating and count from it', async () => {
    const first = await completedEnquiry({
      customerName: 'Thandi Nkosi',
      serviceType: 'alarms',
    });
    const response = await postReview({
      token: await linkToken(first.id),
      rating: 5,
      comment: `   ${COMMENT}   `,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as { id: number; providerId: number; message: string };
    expect(body).toEqual({
      id: expect.any(Number) as number,
      providerId: provider.id,
      held: false,
      heldBecause: [],
      message: 'Thank you for your review.',
    });
    const row = await reviewRow(body.id);
    expect(row).toMatchObject({
      providerId: provider.id,
      enquiryId: first.id,
      customerName: 'Thandi Nkosi',
      serviceType: 'alarms',
      rating: 5,
      comment: COMMENT,
      providerReply: null,
      repliedAt: null,
      hiddenAt: null,
      hiddenReason: null,
      hiddenBy: null,
    });
    expectRecent(row.createdAt);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });

    await writeReview(await completedEnquiry(), 4);
    expect(await publicRating()).toEqual({ rating: '4.5', reviewCount: 2 });
    expect(await storedRating()).toEqual({ rating: '4.5', reviewCount: 2 });

    // One decimal, rounded: (5 + 4 + 4) / 3 = 4.33.
    await writeReview(await completedEnquiry(), 4);
    expect(await publicRating()).toEqual({ rating: '4.3', reviewCount: 3 });
    // The other provider is untouched.
    expect(await publicRating(other.id)).toEqual({ rating: '0.0', reviewCount: 0 });
  });

  it('accepts the providerId of the link’s own provider, and a comment of 2000 characters', async () => {
    const enquiry = await completedEnquiry();
    const comment = 'x'.repeat(2000);
    const response = await postReview({
      token: await linkToken(enquiry.id),
      rating: 3,
      comment,
      providerId: provider.id,
    });
    expect(response.status).toBe(201);
    const [row] = await reviewRows();
    expect(row).toMatchObject({ comment, rating: 3, providerId: provider.id });
  });

  it('answers 409 to a second use of the link and stores nothing', async () => {
    const enquiry = await completedEnquiry();
    const token = await linkToken(enquiry.id);
    expect((await postReview({ token, rating: 5, comment: COMMENT })).status).toBe(201);
    const before = await databaseSnapshot(api);
    const again = await postReview({ token, rating: 1, comment: 'Changed my mind about it.' });
    await expectError(again, 409, REVIEW_WRITTEN);
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });
  });

  postgresOnly('stores exactly one review when the link is sent twice at once', async () => {
    const enquiry = await completedEnquiry();
    const token = await linkToken(enquiry.id);
    await api.database.db.delete(rateLimits);
    const answers = await Promise.all(
      [5, 1].map((rating) => postReview({ token, rating, comment: COMMENT }, { counted: true })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    await expectError(conflict, 409, REVIEW_WRITTEN);
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    expect(await storedRating()).toEqual({
      rating: `${rows[0]!.rating}.0`,
      reviewCount: 1,
    });
  });

  // On PostgreSQL the four transactions run side by side: each recomputes the rating, and
  // without the provider row locked first a later one would store a count that misses
  // the others' reviews. (PGlite runs them one after the other.)
  postgresOnly('keeps the rating right when reviews of one provider arrive at once', async () => {
    // Three: a fourth from a new customer within the hour would be held (hold-reasons.ts).
    const enquiries = await Promise.all([1, 2, 3].map(() => completedEnquiry()));
    const tokens = await Promise.all(enquiries.map((e) => linkToken(e.id)));
    await api.database.db.delete(rateLimits);
    const answers = await Promise.all(
      tokens.map((token, i) =>
        postReview({ token, rating: [5, 4, 2][i], comment: COMMENT }, { counted: true }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(await reviewRows()).toHaveLength(3);
    expect(await storedRating()).toEqual({ rating: '3.7', reviewCount: 3 });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['rating 0', { rating: 0 }, 'rating', RATING_MESSAGE],
    ['rating 6', { rating: 6 }, 'rating', RATING_MESSAGE],
    ['rating 3.5', { rating: 3.5 }, 'rating', RATING_MESSAGE],
    ["rating '5'", { rating: '5' }, 'rating', RATING_MESSAGE],
    ['no rating', { rating: undefined }, 'rating', RATING_MESSAGE],
    ['rating null', { rating: null }, 'rating', RATING_MESSAGE],
    [
      'a comment of 9 characters',
      { comment: 'Good job!' },
      'comment',
      'Please write at least 10 characters',
    ],
    [
      'a comment of spaces',
      { comment: '   ok        ' },
      'comment',
      'Please write at least 10 characters',
    ],
    ['no comment', { comment: undefined }, 'comment', 'Please tell others about the work'],
    [
      'a comment of 2001 characters',
      { comment: 'x'.repeat(2001) },
      'comment',
      'At most 2000 characters',
    ],
    ['no token', { token: undefined }, 'token', 'This review link is not valid.'],
    ['a short token', { token: 'abc' }, 'token', 'This review link is not valid.'],
  ];
  it.each(invalid)('answers 400 to %s and stores nothing', async (_, changes, field, message) => {
    const enquiry = await completedEnquiry();
    const body = { token: await linkToken(enquiry.id), rating: 5, comment: COMMENT, ...changes };
    const before = await databaseSnapshot(api);
    await expectFieldError(await postReview(body), field, message);
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(await reviewRows()).toEqual([]);
  });

  it('answers 400 to a body that is not JSON', async () => {
    await api.database.db.delete(rateLimits);
    const response = await api.request('/api/reviews', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"rating": 5,',
    });
    await expectError(response, 400, 'The request body must be JSON');
    expect(await reviewRows()).toEqual([]);
  });

  it('answers 400 to the providerId of another provider and stores nothing', async () => {
    const enquiry = await completedEnquiry();
    const before = await databaseSnapshot(api);
    const body = {
      token: await linkToken(enquiry.id),
      rating: 5,
      comment: COMMENT,
      providerId: other.id,
    };
    const answer = await expectError(
      await postReview(body),
      400,
      'This link is for a review of another provider.',
    );
    expect(answer.errors).toEqual({
      providerId: 'This link is for a review of another provider.',
    });
    expect(await databaseSnapshot(api)).toEqual(before);
    // The link still works for its own provider.
    expect((await postReview({ ...body, providerId: undefined })).status).toBe(201);
  });

  it('answers 410/400/404 to expired, tampered, foreign and unusable links, storing nothing', async () => {
    const enquiry = await completedEnquiry();
    const open = await completedEnquiry({ status: 'in_progress' });
    const otherProviders = await completedEnquiry({ assignedProviderId: other.id });
    const valid = await linkToken(enquiry.id);
    const cases: [string, string, number, string][] = [
      ['expired', await linkToken(enquiry.id, { expiresIn: -60 }), 410, EXPIRED_LINK],
      ['a changed signature', tamperSignature(valid), 400, INVALID_LINK],
      [
        'a sub changed to another enquiry',
        tamperPayload(valid, { sub: String(otherProviders.id) }),
        400,
        INVALID_LINK,
      ],
      ['another key', await linkToken(enquiry.id, { key: FOREIGN_KEY }), 400, INVALID_LINK],
      ['a provider session', await providerSession(api, provider.id), 400, INVALID_LINK],
      ['an admin session', adminToken, 400, INVALID_LINK],
      ['garbage of 20 characters or more', 'x'.repeat(40), 400, INVALID_LINK],
      ['not completed', await linkToken(open.id), 404, NOT_REVIEWABLE],
      ['an unknown enquiry', await linkToken(999_999), 404, NOT_REVIEWABLE],
    ];
    const before = await databaseSnapshot(api);
    for (const [what, token, status, message] of cases) {
      const response = await postReview({ token, rating: 5, comment: COMMENT });
      expect({ what, status: response.status }).toEqual({ what, status });
      await expectError(response, status, message);
    }
    expect(await databaseSnapshot(api)).toEqual(before);
    expect(await reviewRows()).toEqual([]);
  });

  it('allows 10 attempts per client and hour (429 after), storing nothing refused', async () => {
    const enquiry = await completedEnquiry();
    const token = await linkToken(enquiry.id);
    await api.database.db.delete(rateLimits);
    for (let i = 0; i < 10; i++) {
      const attempt = await postReview({ token, rating: 0, comment: COMMENT }, { counted: true });
      expect(attempt.status).toBe(400);
    }
    const before = await databaseSnapshot(api);
    const limited = await postReview({ token, rating: 5, comment: COMMENT }, { counted: true });
    await expectError(
      limited,
      429,
      'Too many reviews from your connection. Please try again later.',
    );
    expect(await databaseSnapshot(api)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------
// GET /api/providers/:id/reviews
// ---------------------------------------------------------------------------------------

describe('GET /api/providers/:id/reviews', () => {
  it('lists the visible reviews newest first, names shortened', async () => {
    const oldest = await insertReview({
      customerName: 'Thandi Nkosi',
      rating: 4,
      serviceType: 'alarms',
      minutesAgo: 30,
    });
    const newest = await insertReview({
      customerName: '  sipho  van der merwe ',
      rating: 5,
      providerReply: 'Thank you, Sipho!',
      repliedAt: new Date(),
      minutesAgo: 10,
    });
    const middle = await insertReview({ customerName: 'Lindiwe', rating: 3, minutesAgo: 20 });
    await insertReview({ minutesAgo: 5, hiddenAt: new Date(), hiddenReason: 'Insults' });
    await insertReview({ providerId: other.id, minutesAgo: 1 });

    const response = await api.get(`/api/providers/${provider.id}/reviews`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('3');
    const items = (await response.json()) as PublicReview[];
    expect(items.map((r) => r.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(items.map((r) => r.customerName)).toEqual(['sipho M.', 'Lindiwe', 'Thandi N.']);
    expect(items[2]).toEqual({
      id: oldest.id,
      customerName: 'Thandi N.',
      rating: 4,
      comment: COMMENT,
      serviceType: 'alarms',
      createdAt: oldest.createdAt.toISOString(),
      providerReply: null,
      repliedAt: null,
    });
    expect(items[0]).toMatchObject({ providerReply: 'Thank you, Sipho!', rating: 5 });
    expectRecent(items[0]!.repliedAt);
    // Nothing about the enquiry or the moderation leaves the server.
    expect(JSON.stringify(items)).not.toMatch(/enquiry|hidden|Insults|Nkosi/i);
  });

  it('pages with page and limit, with the total in X-Total-Count', async () => {
    const ids: number[] = []; // oldest first
    for (let i = 5; i >= 1; i--) ids.push((await insertReview({ minutesAgo: i })).id);
    const newestFirst = [...ids].reverse();
    const pages = [
      ['?limit=2', newestFirst.slice(0, 2)],
      ['?page=2&limit=2', newestFirst.slice(2, 4)],
      ['?page=3&limit=2', newestFirst.slice(4)],
      ['?page=4&limit=2', []],
      ['', newestFirst],
    ] as const;
    for (const [query, expected] of pages) {
      const { total, items } = await publicReviews(provider.id, query);
      expect({ query, total, ids: items.map((r) => r.id) }).toEqual({
        query,
        total: '5',
        ids: expected,
      });
    }
    for (const query of ['?page=0', '?limit=0', '?limit=51', '?page=abc']) {
      const response = await api.get(`/api/providers/${provider.id}/reviews${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });

  it('answers an empty list for a provider without reviews', async () => {
    expect(await publicReviews(other.id)).toEqual({ total: '0', items: [] });
  });

  it('answers 404 for an unknown or unapproved provider', async () => {
    const unapproved = await insertProvider(api.database.db, { isApproved: false });
    await insertReview({ providerId: unapproved.id });
    for (const id of [unapproved.id, 999_999, 0, 99_999_999_999]) {
      await expectError(await api.get(`/api/providers/${id}/reviews`), 404, 'Provider not found');
    }
  });
});

// ---------------------------------------------------------------------------------------
// The provider's reply and own list
// ---------------------------------------------------------------------------------------

describe("the provider's reply", () => {
  let review: ReviewRow;
  beforeEach(async () => {
    review = await insertReview({ customerName: 'Thandi Nkosi' });
  });

  it('is published once, and shows in the public list', async () => {
    const response = await reply(review.id, { reply: '  Thank you, Thandi!  ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your reply is published.' });
    const row = await reviewRow(review.id);
    expect(row.providerReply).toBe('Thank you, Thandi!');
    expectRecent(row.repliedAt);
    const { items } = await publicReviews();
    expect(items[0]).toMatchObject({ id: review.id, providerReply: 'Thank you, Thandi!' });
    expect(items[0]!.repliedAt).toBe(row.repliedAt!.toISOString());

    const before = await databaseSnapshot(api);
    await expectError(await reply(review.id, { reply: 'A second answer' }), 409, ALREADY_REPLIED);
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it("answers 404 for another provider's review or an unknown one, changing nothing", async () => {
    const others = await insertReview({ providerId: other.id });
    const before = await databaseSnapshot(api);
    for (const id of [others.id, 999_999, 'abc', '1e0']) {
      await expectError(await reply(id, { reply: 'Thank you!' }), 404, REVIEW_NOT_FOUND);
    }
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('answers 400 to an empty or too long reply', async () => {
    const before = await databaseSnapshot(api);
    const cases: [unknown, string][] = [
      [{ reply: '' }, 'Please write a reply'],
      [{ reply: '    ' }, 'Please write a reply'],
      [{}, 'Please write a reply'],
      [{ reply: 42 }, 'Please write a reply'],
      [{ reply: 'x'.repeat(2001) }, 'At most 2000 characters'],
    ];
    for (const [body, message] of cases) {
      const answer = await expectError(await reply(review.id, body), 400, message);
      expect(answer.errors).toEqual({ reply: message });
    }
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('needs a provider session: 401 without, 403 with an admin token', async () => {
    const before = await databaseSnapshot(api);
    const anonymous = await sendJson(api, 'PUT', `/api/provider/reviews/${review.id}/reply`, {
      reply: 'Thank you!',
    });
    await expectError(anonymous, 401, 'Please log in to your provider dashboard.');
    await expectError(
      await reply(review.id, { reply: 'Thank you!' }, adminToken),
      403,
      'This area is for service providers only.',
    );
    await expectError(
      await reply(review.id, { reply: 'Thank you!' }, tamperSignature(providerToken)),
      401,
      'Your session has ended. Please sign in again.',
    );
    expect(await databaseSnapshot(api)).toEqual(before);
  });
});

describe('GET /api/provider/reviews', () => {
  it('lists the own reviews, hidden ones with their reason', async () => {
    const visible = await insertReview({ customerName: 'Thandi Nkosi', minutesAgo: 20 });
    const hidden = await insertReview({
      customerName: 'Sipho Dlamini',
      minutesAgo: 10,
      hiddenAt: new Date(),
      hiddenReason: 'Personal details of the installer',
      hiddenBy: admin.id,
    });
    await insertReview({ providerId: other.id });

    const response = await api.get('/api/provider/reviews', {
      headers: { authorization: `Bearer ${providerToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const items = (await response.json()) as OwnReview[];
    expect(items.map((r) => [r.id, r.customerName, r.hiddenReason])).toEqual([
      [hidden.id, 'Sipho D.', 'Personal details of the installer'],
      [visible.id, 'Thandi N.', null],
    ]);
    expect(items[0]!.hiddenAt).toBe(hidden.hiddenAt!.toISOString());
    expect(items[1]!.hiddenAt).toBeNull();
    expect(items[1]).not.toHaveProperty('hiddenBy');
  });

  it('needs a provider session', async () => {
    await expectError(
      await api.get('/api/provider/reviews'),
      401,
      'Please log in to your provider dashboard.',
    );
    await expectError(
      await sendAs(api, adminToken, 'GET', '/api/provider/reviews'),
      403,
      'This area is for service providers only.',
    );
  });
});

// ---------------------------------------------------------------------------------------
// Moderation by the admins
// ---------------------------------------------------------------------------------------

describe('the moderation of reviews', () => {
  it('lists every review, newest first, for the admins', async () => {
    const mine = await insertReview({ customerName: 'Thandi Nkosi', minutesAgo: 10 });
    const others = await insertReview({
      providerId: other.id,
      customerName: 'Sipho Dlamini',
      minutesAgo: 5,
      hiddenAt: new Date(),
      hiddenReason: 'Spam',
      hiddenBy: admin.id,
    });
    const response = await sendAs(api, adminToken, 'GET', '/api/admin/reviews');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const items = (await response.json()) as AdminReview[];
    expect(
      items.map((r) => [r.id, r.providerId, r.providerName, r.customerName, r.hiddenReason]),
    ).toEqual([
      [others.id, other.id, 'Cape Alarm Co', 'Sipho Dlamini', 'Spam'],
      [mine.id, provider.id, 'Ubuntu Security Solutions', 'Thandi Nkosi', null],
    ]);
  });

  it('hides a review with a reason and shows it again; the rating follows', async () => {
    const five = await writeReview(await completedEnquiry(), 5);
    const four = await writeReview(await completedEnquiry(), 4);
    expect(await publicRating()).toEqual({ rating: '4.5', reviewCount: 2 });

    const hidden = await hide(four, { reason: '  Insults the installer  ' });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ message: 'Review hidden' });
    const row = await reviewRow(four);
    expect(row).toMatchObject({ hiddenReason: 'Insults the installer', hiddenBy: admin.id });
    expectRecent(row.hiddenAt);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });
    expect(await publicReviews()).toMatchObject({ total: '1', items: [{ id: five }] });

    // The provider still sees it, with the reason.
    const own = await okJson<OwnReview[]>(
      sendAs(api, providerToken, 'GET', '/api/provider/reviews'),
    );
    expect(own.find((r) => r.id === four)).toMatchObject({ hiddenReason: 'Insults the installer' });

    // All hidden: no rating at all.
    expect((await hide(five, { reason: 'Written by the owner' })).status).toBe(200);
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });
    expect(await publicReviews()).toEqual({ total: '0', items: [] });

    // Shown again, one after the other.
    const shown = await show(four);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ message: 'Review shown' });
    expect(await reviewRow(four)).toMatchObject({
      hiddenAt: null,
      hiddenReason: null,
      hiddenBy: null,
    });
    expect(await publicRating()).toEqual({ rating: '4.0', reviewCount: 1 });
    expect((await show(five)).status).toBe(200);
    expect(await publicRating()).toEqual({ rating: '4.5', reviewCount: 2 });
    expect((await publicReviews()).items.map((r) => r.id)).toEqual([four, five]);
    expect(await publicRating(other.id)).toEqual({ rating: '0.0', reviewCount: 0 });
  });

  postgresOnly('keeps the rating right when two reviews are hidden at once', async () => {
    const ids = [
      await writeReview(await completedEnquiry(), 5),
      await writeReview(await completedEnquiry(), 4),
      await writeReview(await completedEnquiry(), 2),
    ];
    const answers = await Promise.all(ids.slice(0, 2).map((id) => hide(id, { reason: 'Spam' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await storedRating()).toEqual({ rating: '2.0', reviewCount: 1 });
  });

  it('answers 400 without a reason, changing nothing', async () => {
    const review = await writeReview(await completedEnquiry(), 4);
    const before = await databaseSnapshot(api);
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'ab' }, { reason: 7 }]) {
      const answer = await expectError(await hide(review, body), 400, 'Please give the reason');
      expect(answer.errors).toEqual({ reason: 'Please give the reason' });
    }
    await expectError(
      await hide(review, { reason: 'x'.repeat(501) }),
      400,
      'At most 500 characters',
    );
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('answers 404 for an unknown review, changing nothing', async () => {
    await insertReview();
    const before = await databaseSnapshot(api);
    for (const id of [999_999, 'abc']) {
      await expectError(await hide(id, { reason: 'Spam' }), 404);
      await expectError(await show(id), 404);
    }
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  describe('is for signed-in admins only', () => {
    let reviewId: number;
    beforeEach(async () => {
      reviewId = (await insertReview()).id;
    });
    const routes: ApiRoute[] = [
      { name: 'GET /api/admin/reviews' },
      {
        name: 'PUT /api/admin/reviews/:id/hide',
        id: () => reviewId,
        body: () => ({ reason: 'Spam' }),
      },
      {
        name: 'PUT /api/admin/reviews/:id/show',
        id: () => reviewId,
      },
      {
        name: 'PUT /api/admin/reviews/:id/release',
        id: () => reviewId,
      },
    ];
    itIsForAdminsOnly(api, () => admin.id, routes);
  });

  it('keeps the stored rating in step with the hidden flag', async () => {
    // A review inserted as hidden never counts; recomputing leaves it out.
    const visible = await writeReview(await completedEnquiry(), 2);
    await insertReview({ rating: 5, hiddenAt: new Date(), hiddenReason: 'Spam' });
    expect((await show(visible)).status).toBe(200);
    expect(await storedRating()).toEqual({ rating: '2.0', reviewCount: 1 });
    expect((await hide(visible, { reason: 'Not about the work' })).status).toBe(200);
    expect(await storedRating()).toEqual({ rating: '0.0', reviewCount: 0 });
  });
});

// ---------------------------------------------------------------------------------------
// Reviews only from real customers
// ---------------------------------------------------------------------------------------

describe('reviews only from real customers', () => {
  interface HeldReview extends AdminReview {
    heldAt: string | null;
    heldReason: string | null;
  }

  /** POST /api/enquiries as a browser would send it (the rate limit is forgotten first). */
  async function sendRequest(customerEmail: string, headers: Record<string, string> = {}) {
    await api.database.db.delete(rateLimits);
    const body = await okJson<{ id: number }>(
      sendJson(
        api,
        'POST',
        '/api/enquiries',
        validEnquiryBody(provider.id, { customerName: 'Happy Customer', customerEmail }),
        headers,
      ),
      201,
    );
    return body.id;
  }

  /** The token of the link in the newest mail that holds `fragment` for the enquiry. */
  async function mailedToken(
    mailbox: { newMails(): Promise<OutboxMail[]> },
    fragment: string,
    enquiryId: number,
  ): Promise<string | undefined> {
    for (const mail of (await mailbox.newMails()).reverse()) {
      const link = linkIn(mail.text, fragment);
      const token = link?.searchParams.get('token');
      if (token && decodeJwt(token).sub === String(enquiryId)) return token;
    }
    return undefined;
  }

  async function adminStats() {
    return okJson<{ heldReviews: number }>(sendAs(api, adminToken, 'GET', '/api/admin/stats'));
  }

  async function ownReviews() {
    return okJson<OwnReview[]>(sendAs(api, providerToken, 'GET', '/api/provider/reviews'));
  }

  it('a provider sending itself requests gets no review links until the addresses are confirmed, and then its reviews are held', async () => {
    const cookie = { cookie: `vp_provider_session=${providerToken}` };
    const mailbox = await watchOutbox(api);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await sendRequest(`throwaway${i}@example.com`, cookie));
    // Each customer's mail links to its request's status page.
    const mails = await mailbox.newMails();
    const confirmations = ids.map((id) => {
      const mail = mails.find((m) => requestIdOf(m.subject.split(' ')[2] ?? '') === id);
      const token = mail && linkIn(mail.text, '/request?token=')?.searchParams.get('token');
      expect(token).toBeDefined();
      return token!;
    });

    // Completed at once: nothing to review with, as no address is confirmed.
    const completing = await watchOutbox(api);
    for (const id of ids) expect((await respond(id, 'completed')).status).toBe(200);
    expect(await completing.newMails()).toEqual([]);

    // Confirming a completed request brings its review link.
    const confirming = await watchOutbox(api);
    for (const token of confirmations) {
      const opened = await sendJson(api, 'POST', '/api/requests/confirm', { token });
      expect(opened.status).toBe(200);
    }
    const links: string[] = [];
    for (const id of ids) {
      const token = await mailedToken(confirming, '/review?token=', id);
      expect(token).toBeDefined();
      links.push(token!);
    }

    // The reviews are accepted, held, and the answer says so and why; from the fourth
    // review by a new customer within the hour, the burst is a reason of its own.
    const burst = (n: number) => n >= BURST_REVIEWS_IN_AN_HOUR;
    for (const [i, token] of links.entries()) {
      const answer = await postReview({ token, rating: 5, comment: COMMENT }, {});
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({
        id: expect.any(Number) as number,
        providerId: provider.id,
        held: true,
        heldBecause: [
          'Your request was sent from a browser signed in as Ubuntu Security Solutions.',
          ...(burst(i + 1)
            ? [
                'Ubuntu Security Solutions received several reviews from new customers within an hour, so each one is checked.',
              ]
            : []),
        ],
        message: HELD_MESSAGE,
      });
    }
    const rows = await reviewRows();
    expect(rows).toHaveLength(5);
    for (const [i, row] of rows.entries()) {
      expectRecent(row.heldAt);
      expect(row.heldReason).toBe(
        'The request was sent from a browser signed in as this provider.' +
          (burst(i + 1)
            ? ` This provider received ${i + 1} reviews from new customers within an hour.`
            : ''),
      );
    }
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });
    expect(await storedRating()).toEqual({ rating: '0.0', reviewCount: 0 });
    expect(await publicReviews()).toEqual({ total: '0', items: [] });
    expect(await ownReviews()).toEqual([]);
    expect((await adminStats()).heldReviews).toBe(5);

    // The admins see them, marked, and list the held ones alone.
    const all = await okJson<HeldReview[]>(sendAs(api, adminToken, 'GET', '/api/admin/reviews'));
    expect(all.filter((r) => r.heldAt !== null)).toHaveLength(5);
    await insertReview({ providerId: other.id });
    const held = await okJson<HeldReview[]>(
      sendAs(api, adminToken, 'GET', '/api/admin/reviews?held=true'),
    );
    expect(held.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    await expectError(await sendAs(api, adminToken, 'GET', '/api/admin/reviews?held=maybe'), 400);

    // Released by an admin, a review counts and is listed; hiding another ends its hold too.
    const [first, second] = rows as [ReviewRow, ReviewRow];
    const released = await release(first.id);
    expect(released.status).toBe(200);
    expect(await released.json()).toEqual({ message: 'Review released' });
    expect(await reviewRow(first.id)).toMatchObject({ heldAt: null });
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });
    expect((await publicReviews()).items.map((r) => r.id)).toEqual([first.id]);
    expect((await ownReviews()).map((r) => r.id)).toEqual([first.id]);
    expect((await adminStats()).heldReviews).toBe(4);

    expect((await hide(second.id, { reason: 'Written by the provider itself' })).status).toBe(200);
    expect(await reviewRow(second.id)).toMatchObject({ heldAt: null });
    expect((await adminStats()).heldReviews).toBe(3);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });

    // Released twice changes nothing; an unknown review answers 404.
    expect((await release(first.id)).status).toBe(200);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });
    const before = await databaseSnapshot(api);
    for (const id of [999_999, 'abc']) await expectError(await release(id), 404);
    expect(await databaseSnapshot(api)).toEqual(before);
  });

  it('holds a review whose request came from an address the provider signed in from (90 days)', async () => {
    const { db } = api.database;
    await db.insert(providerSignIns).values([
      { providerId: provider.id, address: '198.51.100.7' },
      {
        providerId: provider.id,
        address: '198.51.100.8',
        lastSeenAt: new Date(Date.now() - 91 * DAY * 1000),
      },
      { providerId: other.id, address: '198.51.100.9' },
    ]);
    const fromProvider = await completedEnquiry({
      clientAddress: '198.51.100.7',
      emailConfirmedAt: new Date(),
    });
    const longAgo = await completedEnquiry({
      clientAddress: '198.51.100.8',
      emailConfirmedAt: new Date(),
    });
    const othersAddress = await completedEnquiry({
      clientAddress: '198.51.100.9',
      emailConfirmedAt: new Date(),
    });

    const held = await reviewRow(await writeReview(fromProvider, 5));
    expect(held.heldReason).toBe('The request came from an address this provider signed in from.');
    expectRecent(held.heldAt);
    expect(await reviewRow(await writeReview(longAgo, 4))).toMatchObject({
      heldAt: null,
      heldReason: null,
    });
    expect(await reviewRow(await writeReview(othersAddress, 4))).toMatchObject({ heldAt: null });
    expect(await publicRating()).toEqual({ rating: '4.0', reviewCount: 2 });
  });

  it('holds a review written from an address the provider signed in from, or in its browser session', async () => {
    const { db } = api.database;
    // This review comes from the test's own address.
    const enquiry = await completedEnquiry({
      clientAddress: '203.0.113.5',
      emailConfirmedAt: new Date(),
    });
    // The address the API sees for this test's requests, as it stores it.
    await sendRequest('probe@example.com');
    const [probe] = await db
      .select({ address: customerEnquiries.clientAddress })
      .from(customerEnquiries)
      .where(eq(customerEnquiries.customerEmail, 'probe@example.com'));
    await db.insert(providerSignIns).values({ providerId: provider.id, address: probe!.address! });
    const held = await reviewRow(await writeReview(enquiry, 5));
    expect(held.heldReason).toBe(
      'The review was written from an address this provider signed in from.',
    );

    // In a browser signed in as the provider.
    await db.delete(providerSignIns);
    const second = await completedEnquiry({ emailConfirmedAt: new Date() });
    await api.database.db.delete(rateLimits);
    const response = await sendJson(
      api,
      'POST',
      '/api/reviews',
      { token: await linkToken(second.id), rating: 5, comment: COMMENT },
      { cookie: `vp_provider_session=${providerToken}` },
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect((await reviewRow(id)).heldReason).toBe(
      'The review was written in a browser signed in as this provider.',
    );
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });
  });

  it('sends no review link to an unconfirmed address, the provider’s own or an admin’s', async () => {
    const cases = [
      await completedEnquiry({ status: 'assigned', customerEmail: 'real.customer@example.co.za' }),
      await completedEnquiry({
        status: 'assigned',
        customerEmail: provider.email.toUpperCase(),
        emailConfirmedAt: new Date(),
      }),
      await completedEnquiry({
        status: 'assigned',
        customerEmail: admin.email,
        emailConfirmedAt: new Date(),
      }),
      // The provider's own mailbox under a +tag is still the provider's.
      await completedEnquiry({
        status: 'assigned',
        customerEmail: provider.email.replace('@', '+reviews@'),
        emailConfirmedAt: new Date(),
      }),
    ];
    const mailbox = await watchOutbox(api);
    for (const enquiry of cases) expect((await respond(enquiry.id, 'completed')).status).toBe(200);
    const desk = await completedEnquiry({
      status: 'assigned',
      customerEmail: 'desk@example.co.za',
    });
    await okJson(
      sendAs(api, adminToken, 'PUT', `/api/admin/enquiries/${desk.id}`, { status: 'completed' }),
    );
    expect(reviewLinksIn(await mailbox.newMails())).toEqual([]);

    // Once a real customer confirms, the link of the completed request follows.
    const confirming = await watchOutbox(api);
    await confirmEnquiryEmail(api, desk.id);
    const links = reviewLinksIn(await confirming.newMails());
    expect(links.map(({ mail }) => mail.to)).toEqual(['desk@example.co.za']);
  });

  it('holds a review whose customer e-mail is another provider’s account', async () => {
    const enquiry = await completedEnquiry({
      customerEmail: other.email,
      emailConfirmedAt: new Date(),
    });
    const row = await reviewRow(await writeReview(enquiry, 1));
    expect(row.heldReason).toBe('The customer’s e-mail address belongs to a provider account.');
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });
  });

  it('lets a real customer’s review count at once', async () => {
    const id = await sendRequest('real.customer@example.co.za');
    await confirmEnquiryEmail(api, id);
    const mailbox = await watchOutbox(api);
    expect((await respond(id, 'completed')).status).toBe(200);
    const [{ link }] = reviewLinksIn(await mailbox.newMails()) as [{ mail: OutboxMail; link: URL }];
    const answer = await postReview({
      token: link.searchParams.get('token'),
      rating: 4,
      comment: COMMENT,
    });
    expect(answer.status).toBe(201);
    const [row] = await reviewRows();
    expect(row).toMatchObject({ heldAt: null, heldReason: null });
    expect(await publicRating()).toEqual({ rating: '4.0', reviewCount: 1 });
    expect((await adminStats()).heldReviews).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------
// Held means held: the customer is told, and mailed the admins' decision
// ---------------------------------------------------------------------------------------

describe('the customer of a held review is told why, and mailed the decision', () => {
  interface WrittenReview {
    id: number;
    providerId: number;
    held: boolean;
    heldBecause: string[];
    message: string;
  }

  /** A completed request of a real (confirmed) address, its review written through the API. */
  async function heldReview(overrides: Partial<typeof customerEnquiries.$inferInsert> = {}) {
    const enquiry = await completedEnquiry({
      customerName: 'Naledi Mahlangu',
      customerEmail: 'naledi@example.org',
      emailConfirmedAt: new Date(),
      senderProviderId: provider.id,
      ...overrides,
    });
    const answer = await okJson<WrittenReview>(
      postReview({ token: await linkToken(enquiry.id), rating: 4, comment: COMMENT }),
      201,
    );
    return { enquiry, answer };
  }

  it('answers each reason in plain words, and the admins keep theirs', async () => {
    await api.database.db
      .insert(providerSignIns)
      .values({ providerId: provider.id, address: '198.51.100.7' });
    const { answer } = await heldReview({
      senderProviderId: other.id,
      clientAddress: '198.51.100.7',
      customerEmail: other.email,
    });
    expect(answer).toEqual({
      id: expect.any(Number) as number,
      providerId: provider.id,
      held: true,
      heldBecause: [
        'Your request was sent from a browser signed in as another provider.',
        'Your request came from the same internet connection (network address) that Ubuntu Security Solutions signed in from.',
        'Your e-mail address belongs to a provider’s account on Verified Providers.',
      ],
      message: HELD_MESSAGE,
    });
    expect((await reviewRow(answer.id)).heldReason).toBe(
      'The request was sent from a browser signed in as another provider. ' +
        'The request came from an address this provider signed in from. ' +
        'The customer’s e-mail address belongs to a provider account.',
    );
    // Held: neither shown nor counted, on the public page or the provider's own list.
    expect(await publicReviews()).toEqual({ total: '0', items: [] });
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });
  });

  it('mails the customer once when an admin releases it, with the provider’s page', async () => {
    const { answer } = await heldReview();
    expect(answer.held).toBe(true);
    const outbox = await watchOutbox(api);
    expect((await release(answer.id)).status).toBe(200);
    const mails = await outbox.newMails();
    expect(mails.map(({ to, subject }) => ({ to, subject }))).toEqual([
      {
        to: 'naledi@example.org',
        subject: 'Your review of Ubuntu Security Solutions is now shown',
      },
    ]);
    const [mail] = mails as [OutboxMail];
    expect(mail.text).toContain('Hi Naledi Mahlangu,');
    expect(mail.text).toContain(
      'We have checked your review of Ubuntu Security Solutions. It is now shown on their page and counts in their rating:',
    );
    expect(linkIn(mail.text, '/provider/')?.href).toBe(`${api.url}/provider/${provider.id}`);
    expect(await publicRating()).toEqual({ rating: '4.0', reviewCount: 1 });

    // A second release changes nothing and mails nothing.
    const again = await watchOutbox(api);
    expect((await release(answer.id)).status).toBe(200);
    expect(await again.newMails()).toEqual([]);
  });

  it('mails the customer the reason when an admin hides it, and again when it is shown', async () => {
    const { answer } = await heldReview();
    const hiding = await watchOutbox(api);
    expect((await hide(answer.id, { reason: 'Sent by the provider for itself' })).status).toBe(200);
    const [hidden, ...more] = await hiding.newMails();
    expect(more).toEqual([]);
    expect(hidden).toMatchObject({
      to: 'naledi@example.org',
      subject: 'Your review of Ubuntu Security Solutions is not shown',
    });
    expect(hidden!.text).toContain(
      'It is not shown on their page and does not count in their rating. The reason:\nSent by the provider for itself',
    );
    expect(linkIn(hidden!.text, '/contact')?.href).toBe(`${api.url}/contact`);
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });

    // The same reason again tells nothing new; a new reason is mailed.
    const rehiding = await watchOutbox(api);
    expect((await hide(answer.id, { reason: 'Sent by the provider for itself' })).status).toBe(200);
    expect(await rehiding.newMails()).toEqual([]);
    expect((await hide(answer.id, { reason: 'Not about the work done' })).status).toBe(200);
    const [changed, ...others] = await rehiding.newMails();
    expect(others).toEqual([]);
    expect(changed!.text).toContain('The reason:\nNot about the work done');

    // Shown again: the customer reads that it is shown now.
    const showing = await watchOutbox(api);
    expect((await show(answer.id)).status).toBe(200);
    expect((await showing.newMails()).map((mail) => mail.subject)).toEqual([
      'Your review of Ubuntu Security Solutions is now shown',
    ]);
    expect(await publicRating()).toEqual({ rating: '4.0', reviewCount: 1 });
  });

  it('mails the customer when a shown review is hidden', async () => {
    const enquiry = await completedEnquiry({
      customerEmail: 'sipho@example.org',
      emailConfirmedAt: new Date(),
    });
    const id = await writeReview(enquiry, 1);
    expect((await reviewRow(id)).heldAt).toBeNull();
    const outbox = await watchOutbox(api);
    expect((await hide(id, { reason: 'Names the installer in full' })).status).toBe(200);
    const mails = await outbox.newMails();
    expect(mails.map(({ to, subject }) => ({ to, subject }))).toEqual([
      { to: 'sipho@example.org', subject: 'Your review of Ubuntu Security Solutions is not shown' },
    ]);
  });

  it('mails no one for a review without a request or without a confirmed address', async () => {
    const unconfirmed = await completedEnquiry({ customerEmail: 'unconfirmed@example.org' });
    const ofUnconfirmed = await insertReview({
      enquiryId: unconfirmed.id,
      heldAt: new Date(),
      heldReason: 'Test',
    });
    const withoutRequest = await insertReview({ heldAt: new Date(), heldReason: 'Test' });
    const outbox = await watchOutbox(api);
    expect((await release(ofUnconfirmed.id)).status).toBe(200);
    expect((await release(withoutRequest.id)).status).toBe(200);
    expect((await hide(withoutRequest.id, { reason: 'Spam' })).status).toBe(200);
    expect(await outbox.newMails()).toEqual([]);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });
  });

  it('writes the mail with the decision: a refused decision mails nothing', async () => {
    const { answer } = await heldReview();
    const outbox = await watchOutbox(api);
    await expectError(await hide(answer.id, { reason: '' }), 400);
    await expectError(await release(999_999), 404);
    expect(await outbox.newMails()).toEqual([]);
    expect((await reviewRow(answer.id)).heldAt).not.toBeNull();
  });
});

describe('the admins’ list of held reviews', () => {
  it('marks a held review whose promised decision is late, and says whose customer is mailed', async () => {
    const confirmed = await completedEnquiry({ emailConfirmedAt: new Date() });
    const late = await insertReview({
      enquiryId: confirmed.id,
      heldAt: new Date(Date.now() - 10 * DAY * 1000),
      heldReason: 'Test',
    });
    const fresh = await insertReview({ heldAt: new Date(), heldReason: 'Test' });
    const shown = await insertReview();
    const rows = await okJson<
      (AdminReview & { decisionOverdue: boolean; customerMailed: boolean })[]
    >(sendAs(api, adminToken, 'GET', '/api/admin/reviews'));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(late.id)).toMatchObject({ decisionOverdue: true, customerMailed: true });
    expect(byId.get(fresh.id)).toMatchObject({ decisionOverdue: false, customerMailed: false });
    expect(byId.get(shown.id)).toMatchObject({ decisionOverdue: false, customerMailed: false });
    // Decided, it is no longer overdue.
    expect((await release(late.id)).status).toBe(200);
    const after = await okJson<{ id: number; decisionOverdue: boolean }[]>(
      sendAs(api, adminToken, 'GET', '/api/admin/reviews'),
    );
    expect(after.find((row) => row.id === late.id)?.decisionOverdue).toBe(false);
  });
});
