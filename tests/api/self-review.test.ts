/**
 * Reviewing yourself is harder: the probe that made a provider's three
 * self-written five-star reviews public, and each of the ties that now hold a review for
 * an admin's check (src/api/reviews/hold-reasons.ts). Every request, confirmation and
 * review goes through the API as a browser would, each from the network its
 * X-Forwarded-For names (the test API trusts the proxy header).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, providerSignIns, rateLimits } from '../../db/schema.ts';
import { BURST_REVIEWS_IN_AN_HOUR } from '../../src/api/reviews/hold-reasons.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs } from '../helpers/api-fixtures.ts';
import { bearer, fromClient } from '../helpers/auth-fixtures.ts';
import { insertEnquiry, insertProvider, validEnquiryBody } from '../helpers/builders.ts';
import { confirmationToken, enquiryToken } from '../helpers/enquiry-fixtures.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { resetAfterDeliveries, useTestApi } from '../helpers/test-api.ts';

const api = useTestApi({ TRUST_PROXY: 'true' });

const OWN_DOMAIN = 'ubuntu-security.example.co.za';
/** Where the provider signs in from. */
const PROVIDER_NETWORK = '198.51.100.10';

let providerId: number;
let providerToken: string;
let adminToken: string;
beforeEach(async () => {
  await resetAfterDeliveries(api);
  const { db } = api.database;
  const provider = await insertProvider(db, {
    name: 'Ubuntu Security Solutions',
    email: `thabo@${OWN_DOMAIN}`,
    website: `https://www.${OWN_DOMAIN}/`,
    rating: '0.0',
    reviewCount: 0,
  });
  providerId = provider.id;
  providerToken = await providerSession(api, providerId);
  await db.insert(providerSignIns).values({ providerId, address: PROVIDER_NETWORK });
  adminToken = await adminSession(api, (await createTestAdmin(api)).id);
});

interface Networks {
  request: string;
  confirmation: string;
  review: string;
}

interface WrittenReview {
  id: number;
  held: boolean;
  heldBecause: string[];
}

/**
 * A customer's whole way through the site: sends a request to the provider, confirms the
 * address from the mail, the provider completes it, the customer writes five stars.
 */
async function reviewThroughTheSite(customerEmail: string, from: Networks): Promise<WrittenReview> {
  const { db } = api.database;
  await db.delete(rateLimits);
  const { id } = await okJson<{ id: number }>(
    api.request('/api/enquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromClient(from.request) },
      body: JSON.stringify(validEnquiryBody(providerId, { customerEmail })),
    }),
    201,
  );
  await okJson(
    api.request('/api/enquiries/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromClient(from.confirmation) },
      body: JSON.stringify({ token: await confirmationToken(api, id) }),
    }),
  );
  await okJson(
    api.request(`/api/provider/enquiries/${id}/response`, {
      method: 'PUT',
      headers: bearer(providerToken),
      body: JSON.stringify({ providerResponse: 'All done, thank you.', status: 'completed' }),
    }),
  );
  await db.delete(rateLimits);
  return okJson<WrittenReview>(
    api.request('/api/reviews', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromClient(from.review) },
      body: JSON.stringify({
        token: await enquiryToken(api, id, { purpose: 'review' }),
        rating: 5,
        comment: 'Excellent work, very professional and on time.',
      }),
    }),
    201,
  );
}

/** Networks of a customer of its own: nothing shared with anyone. */
let own = 0;
function ownNetworks(): Networks {
  own++;
  return {
    request: `203.0.113.${own}`,
    confirmation: `203.0.113.${own}`,
    review: `2001:db8:${own.toString(16)}::1`,
  };
}

async function heldReasonsForAdmins(): Promise<string[]> {
  const held = await okJson<{ heldReason: string }[]>(
    sendAs(api, adminToken, 'GET', '/api/admin/reviews?held=true'),
  );
  return held.map((review) => review.heldReason);
}

async function publicRating() {
  const provider = await okJson<{ rating: string; reviewCount: number }>(
    api.get(`/api/providers/${providerId}`),
  );
  return { rating: provider.rating, reviewCount: provider.reviewCount };
}

describe('the probe: a provider reviews itself three times', () => {
  it('three requests from other networks and mailboxes, reviewed from a third network: one shown at most, the rest held and why', async () => {
    const requestNetworks = ['192.0.2.11', '192.0.2.12', '192.0.2.13'];
    const reviewNetwork = '192.0.2.200';
    const mailboxes = ['sipho.m@example.com', 'naledi.k@example.net', 'lebo.d@example.org'];
    const written: WrittenReview[] = [];
    for (const [i, mailbox] of mailboxes.entries()) {
      const network = requestNetworks[i]!;
      written.push(
        await reviewThroughTheSite(mailbox, {
          request: network,
          confirmation: network,
          review: reviewNetwork,
        }),
      );
    }
    expect(written.map((review) => review.held)).toEqual([false, true, true]);
    for (const review of written.slice(1)) {
      expect(review.heldBecause).toEqual([
        'Your review was written from the same internet connection (network address) as another customer of Ubuntu Security Solutions.',
      ]);
    }
    // The admins see why each is held.
    expect(await heldReasonsForAdmins()).toEqual([
      'The review was written from a network another customer of this provider used.',
      'The review was written from a network another customer of this provider used.',
    ]);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 1 });
  });

  it('its own mailboxes, Gmail dot variants and its domain are held whatever the networks', async () => {
    const { db } = api.database;
    // An address the provider used: a request it sent while signed in.
    await insertEnquiry(db, {
      assignedProviderId: providerId,
      customerEmail: 'thabo.owner@gmail.com',
      senderProviderId: providerId,
    });
    const dotted = await reviewThroughTheSite('T.habo.Owner+review@googlemail.com', ownNetworks());
    expect(dotted).toMatchObject({
      held: true,
      heldBecause: [
        'Your e-mail address is one Ubuntu Security Solutions has used on Verified Providers.',
      ],
    });
    const staff = await reviewThroughTheSite(`sales@${OWN_DOMAIN}`, ownNetworks());
    expect(staff).toMatchObject({
      held: true,
      heldBecause: [
        'Your e-mail address is at the same domain as the e-mail or website of Ubuntu Security Solutions.',
      ],
    });
    expect(await heldReasonsForAdmins()).toEqual(
      expect.arrayContaining([
        'The customer’s e-mail address is one this provider has used.',
        `The customer’s e-mail address is at this provider’s own domain (${OWN_DOMAIN}).`,
      ]),
    );
    expect(await publicRating()).toEqual({ rating: '0.0', reviewCount: 0 });
  });
});

describe('each tie holds a review', () => {
  it('a confirmation from a network the provider signed in from', async () => {
    const review = await reviewThroughTheSite('zanele@example.com', {
      ...ownNetworks(),
      confirmation: PROVIDER_NETWORK,
    });
    expect(review.heldBecause).toEqual([
      'Your e-mail address was confirmed from the same internet connection (network address) that Ubuntu Security Solutions signed in from.',
    ]);
    expect(await heldReasonsForAdmins()).toEqual([
      'The e-mail address was confirmed from an address this provider signed in from.',
    ]);
  });

  it('a request from a network another customer of the provider used', async () => {
    const first = await reviewThroughTheSite('first@example.com', ownNetworks());
    expect(first.held).toBe(false);
    const shared = ownNetworks();
    const [firstRequest] = await api.database.db
      .select({ clientAddress: customerEnquiries.clientAddress })
      .from(customerEnquiries);
    const second = await reviewThroughTheSite('second@example.com', {
      ...shared,
      request: firstRequest!.clientAddress!,
    });
    expect(second.heldBecause).toEqual([
      'Your request came from the same internet connection (network address) as another customer of Ubuntu Security Solutions.',
    ]);
  });

  it('the same customer from the same network again is no tie, nor are private networks', async () => {
    const home = ownNetworks();
    expect((await reviewThroughTheSite('repeat@example.com', home)).held).toBe(false);
    expect((await reviewThroughTheSite('Repeat+2@example.com', home)).held).toBe(false);
    const office = { request: '10.1.2.3', confirmation: '10.1.2.3', review: '10.1.2.3' };
    expect((await reviewThroughTheSite('one@example.com', office)).held).toBe(false);
    expect((await reviewThroughTheSite('two@example.com', office)).held).toBe(false);
    expect(await publicRating()).toEqual({ rating: '5.0', reviewCount: 4 });
  });

  it('a domain is the provider’s own only when it is not a mail service', async () => {
    const { db } = api.database;
    // The provider's address at Gmail: other Gmail users are not its staff.
    const atGmail = await insertProvider(db, { email: 'karoo.alarms@gmail.com', website: null });
    providerId = atGmail.id;
    providerToken = await providerSession(api, providerId);
    expect((await reviewThroughTheSite('someone.else@gmail.com', ownNetworks())).held).toBe(false);
    // A domain three provider accounts use is a shared one (a local ISP's, say).
    for (const name of ['a', 'b', 'c']) {
      await insertProvider(db, { email: `${name}@isp.example.co.za` });
    }
    const onIsp = await insertProvider(db, { email: 'd@isp.example.co.za', website: null });
    providerId = onIsp.id;
    providerToken = await providerSession(api, providerId);
    expect((await reviewThroughTheSite('e@isp.example.co.za', ownNetworks())).held).toBe(false);
  });

  it(`the ${BURST_REVIEWS_IN_AN_HOUR}th review from a new customer within an hour`, async () => {
    const { db } = api.database;
    // A customer who asked for work before is not new, and does not make a burst.
    await insertEnquiry(db, { customerEmail: 'regular@example.com' });
    expect((await reviewThroughTheSite('regular@example.com', ownNetworks())).held).toBe(false);
    const answers: WrittenReview[] = [];
    for (let i = 1; i <= BURST_REVIEWS_IN_AN_HOUR; i++) {
      answers.push(await reviewThroughTheSite(`new${i}@example.com`, ownNetworks()));
    }
    expect(answers.map((answer) => answer.held)).toEqual([
      ...Array.from({ length: BURST_REVIEWS_IN_AN_HOUR - 1 }, () => false),
      true,
    ]);
    expect(answers.at(-1)?.heldBecause).toEqual([
      'Ubuntu Security Solutions received several reviews from new customers within an hour, so each one is checked.',
    ]);
    expect(await heldReasonsForAdmins()).toEqual([
      `This provider received ${BURST_REVIEWS_IN_AN_HOUR} reviews from new customers within an hour.`,
    ]);
  });
});
