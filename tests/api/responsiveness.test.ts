/**
 * Each provider's responsiveness over the last 90 days, computed in
 * SQL when read, checked against examples worked by hand. Requests are placed in time by
 * writing their timestamps; the triggers then do what they do in production: a request
 * with a provider opens an assignment at its created_at, and a response written with its
 * responded_at stamps the business minutes it took (business_minutes(), the provider's
 * own hours in South African time, UTC+2 all year).
 *
 * The default week (spec section 9): Monday to Friday 08:00-17:00, Saturday 09:00-13:00,
 * Sunday closed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { customerEnquiries, enquiryAssignments, serviceProviders } from '../../db/schema.ts';
import type { ProviderDetail } from '../../src/lib/api-answers.ts';
import { storedWeek } from '../../src/lib/business-hours.ts';
import { DEFAULT_BUSINESS_HOURS } from '../../src/lib/catalog/enquiry-options.ts';
import type { Responsiveness } from '../../src/lib/responsiveness.ts';
import { listProviders, queryRows } from '../helpers/api-fixtures.ts';
import { insertEnquiry, insertProvider, type ProviderOverrides } from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
beforeEach(() => api.database.reset());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MONDAY = 1;
const TUESDAY = 2;
const WEDNESDAY = 3;
const THURSDAY = 4;
const FRIDAY = 5;
const SATURDAY = 6;
const SUNDAY = 7;

/**
 * An instant given in South African time: `clock` ('16:00') on `day` (1 Monday .. 7
 * Sunday) of the week `weeksAgo` weeks before this one. Two weeks ago and more is wholly
 * in the past, and eleven weeks ago still within the 90 days.
 */
function sa(weeksAgo: number, day: number, clock: string): Date {
  const saNow = new Date(Date.now() + 2 * HOUR);
  const sinceMonday = (saNow.getUTCDay() + 6) % 7;
  const monday =
    Date.UTC(saNow.getUTCFullYear(), saNow.getUTCMonth(), saNow.getUTCDate()) - sinceMonday * DAY;
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return new Date(
    monday - weeksAgo * 7 * DAY + (day - 1) * DAY + (hours * 60 + minutes) * 60_000 - 2 * HOUR,
  );
}

const provider = (overrides: ProviderOverrides = {}) => insertProvider(api.database.db, overrides);

interface Placement {
  /** When the request was sent to the provider. */
  at: Date;
  /** When the provider first answered; never, when absent. */
  answeredAt?: Date;
  /** When the customer cancelled it. */
  cancelledAt?: Date;
}

/** A request to the provider placed in time, as the triggers record it; answers its id. */
async function placeRequest(providerId: number, { at, answeredAt, cancelledAt }: Placement) {
  const db = api.database.db;
  const { id } = await insertEnquiry(db, {
    assignedProviderId: providerId,
    status: 'assigned',
    createdAt: at,
  });
  const request = eq(customerEnquiries.id, id);
  if (answeredAt) {
    await db
      .update(customerEnquiries)
      .set({
        providerResponse: 'We can survey the site this week.',
        respondedAt: answeredAt,
        status: 'in_progress',
      })
      .where(request);
  }
  if (cancelledAt) {
    // The status change closes it now (a trigger); then it is moved to its time.
    await db.update(customerEnquiries).set({ status: 'cancelled' }).where(request);
    await db.update(customerEnquiries).set({ closedAt: cancelledAt }).where(request);
  }
  return id;
}

/** Requests answered `minutes` business minutes after 09:00 on a Tuesday (default hours). */
async function answeredWithin(providerId: number, minutesList: number[], weeksAgo = 2) {
  for (const minutes of minutesList) {
    const at = sa(weeksAgo, TUESDAY, '09:00');
    await placeRequest(providerId, { at, answeredAt: new Date(at.getTime() + minutes * 60_000) });
  }
}

/** The business minutes stamped on the request's assignment with its first response. */
async function responseMinutes(enquiryId: number): Promise<number | null> {
  const [row] = await api.database.db
    .select({ minutes: enquiryAssignments.responseMinutes })
    .from(enquiryAssignments)
    .where(eq(enquiryAssignments.enquiryId, enquiryId));
  if (!row) throw new Error(`No assignment of request ${enquiryId}`);
  return row.minutes;
}

async function figuresOf(providerId: number): Promise<Responsiveness> {
  const response = await api.get(`/api/providers/${providerId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as ProviderDetail).responsiveness;
}

const DEFAULT_WEEK: ProviderOverrides = {};
const SATURDAY_CLOSED: ProviderOverrides = {
  businessHours: { ...DEFAULT_BUSINESS_HOURS, saturday: 'Closed' },
};
const ALWAYS_OPEN: ProviderOverrides = {
  businessHours: Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
      day,
      'Open 24 hours',
    ]),
  ),
};

describe('business minutes to the first response, stamped by the triggers', () => {
  it.each([
    // 16:00-17:00 Friday, 09:00-13:00 Saturday, 08:00-09:00 Monday.
    [
      'default week, Friday 16:00 to Monday 09:00',
      360,
      DEFAULT_WEEK,
      [FRIDAY, '16:00'],
      [MONDAY, '09:00'],
    ],
    // Nothing on Sunday; 08:00-08:30 Monday.
    [
      'default week, Sunday 10:00 to Monday 08:30',
      30,
      DEFAULT_WEEK,
      [SUNDAY, '10:00'],
      [MONDAY, '08:30'],
    ],
    [
      'default week, Tuesday 10:00 to 10:45',
      45,
      DEFAULT_WEEK,
      [TUESDAY, '10:00'],
      [TUESDAY, '10:45'],
    ],
    // 16:30-17:00 Wednesday, 08:00-09:30 Thursday.
    [
      'default week, Wednesday 16:30 to Thursday 09:30',
      120,
      DEFAULT_WEEK,
      [WEDNESDAY, '16:30'],
      [THURSDAY, '09:30'],
    ],
    // Saturday closes at 13:00.
    [
      'default week, Saturday 12:00 to 14:00',
      60,
      DEFAULT_WEEK,
      [SATURDAY, '12:00'],
      [SATURDAY, '14:00'],
    ],
    // 09:00-17:00 Monday, two full days, 08:00-09:00 Thursday.
    [
      'default week, Monday 09:00 to Thursday 09:00',
      1620,
      DEFAULT_WEEK,
      [MONDAY, '09:00'],
      [THURSDAY, '09:00'],
    ],
    // 16:00-17:00 Friday, Saturday closed, 08:00-09:00 Monday.
    [
      'Saturday closed, Friday 16:00 to Monday 09:00',
      120,
      SATURDAY_CLOSED,
      [FRIDAY, '16:00'],
      [MONDAY, '09:00'],
    ],
    // 65 hours, every one of them open.
    [
      'open 24 hours, Friday 16:00 to Monday 09:00',
      3900,
      ALWAYS_OPEN,
      [FRIDAY, '16:00'],
      [MONDAY, '09:00'],
    ],
  ] as const)(
    '%s: %i business minutes',
    async (_case, minutes, hours, [fromDay, fromClock], [toDay, toClock]) => {
      const { id } = await provider(hours);
      // Sent two weeks ago; a Monday after it falls in the week after.
      const at = sa(2, fromDay, fromClock);
      const answeredAt = sa(toDay < fromDay ? 1 : 2, toDay, toClock);
      const enquiryId = await placeRequest(id, { at, answeredAt });
      expect(await responseMinutes(enquiryId)).toBe(minutes);
    },
  );
});

describe('the business clock (how the figures count unanswered requests)', () => {
  it('counts the same business minutes as business_minutes(), for any week of hours', async () => {
    const weeks = [
      DEFAULT_BUSINESS_HOURS,
      SATURDAY_CLOSED.businessHours,
      ALWAYS_OPEN.businessHours,
      { monday: '17:00 - 22:30', wednesday: '5 PM - 11:59 PM', saturday: '06h00 - 09h15' },
      // Nothing readable: the default week.
      { monday: 'By appointment', friday: 'Ask us' },
    ].map((texts) => storedWeek(texts ?? {}));
    const [row] = await queryRows<{ compared: number; differ: number }>(
      api.database.db,
      sql`
      WITH weeks AS (
        -- Each week as the column stores it (db/schema.ts converts the texts on a write).
        SELECT hours, business_clock(hours) AS clock
          FROM jsonb_array_elements(${JSON.stringify(weeks)}::jsonb) AS w(hours)
      ), spans AS (
        SELECT from_at, from_at + length AS to_at
          FROM generate_series(${sa(3, MONDAY, '00:00')}::timestamptz,
                               ${sa(2, TUESDAY, '00:00')}::timestamptz,
                               interval '7 hours 13 minutes') AS from_at,
               unnest(ARRAY[interval '0', '37 minutes', '5 hours 1 minute', '1 day 3 hours',
                            '3 days', '10 days 7 hours']) AS length
      )
      SELECT count(*)::int AS compared,
             count(*) FILTER (WHERE round(business_clock_minutes(clock, to_at)
                                          - business_clock_minutes(clock, from_at))
                                    <> business_minutes(hours, from_at, to_at))::int AS differ
        FROM weeks, spans`,
    );
    expect(row).toEqual({ compared: 5 * 27 * 6, differ: 0 });
  });
});

describe('the figures in GET /api/providers/:id and GET /api/providers', () => {
  it('counts answered requests and those left unanswered for 24 business hours, and nothing else', async () => {
    const { id } = await provider({ name: 'Ubuntu Security Solutions' });
    const other = await provider({ name: 'Other Installers' });
    // Answered: 30, 45, 120, 360 and 1620 business minutes (the examples above).
    const answered = [
      await placeRequest(id, { at: sa(3, SUNDAY, '10:00'), answeredAt: sa(2, MONDAY, '08:30') }),
      await placeRequest(id, { at: sa(4, TUESDAY, '10:00'), answeredAt: sa(4, TUESDAY, '10:45') }),
      await placeRequest(id, {
        at: sa(5, WEDNESDAY, '16:30'),
        answeredAt: sa(5, THURSDAY, '09:30'),
      }),
      await placeRequest(id, { at: sa(6, FRIDAY, '16:00'), answeredAt: sa(5, MONDAY, '09:00') }),
      await placeRequest(id, { at: sa(7, MONDAY, '09:00'), answeredAt: sa(7, THURSDAY, '09:00') }),
    ];
    expect(await Promise.all(answered.map(responseMinutes))).toEqual([30, 45, 120, 360, 1620]);
    // Never answered, sent eight weeks ago: it counts, as not answered within 24 hours.
    await placeRequest(id, { at: sa(8, MONDAY, '09:00') });
    // Cancelled by the customer on Thursday at 12:00, unanswered since Monday 09:00:
    // 480 + 540 + 540 + 240 = 1800 business minutes had passed, so it counts.
    await placeRequest(id, { at: sa(9, MONDAY, '09:00'), cancelledAt: sa(9, THURSDAY, '12:00') });

    // None of these count:
    // cancelled on Tuesday at 10:00, four days after Friday 16:00 but only
    // 60 + 240 + 540 + 120 = 960 business minutes later;
    await placeRequest(id, { at: sa(10, FRIDAY, '16:00'), cancelledAt: sa(9, TUESDAY, '10:00') });
    // cancelled by the customer after 360 business minutes, before 24 business hours;
    await placeRequest(id, { at: sa(2, MONDAY, '09:00'), cancelledAt: sa(2, MONDAY, '15:00') });
    // sent 91 days ago, answered ten minutes later;
    const tooOld = new Date(Date.now() - 91 * DAY);
    await placeRequest(id, { at: tooOld, answeredAt: new Date(tooOld.getTime() + 10 * 60_000) });
    // still waiting, sent an hour ago;
    await placeRequest(id, { at: new Date(Date.now() - HOUR) });
    // passed on to another provider after 180 business minutes, who answered in 60.
    const passedOn = await placeRequest(id, { at: sa(3, TUESDAY, '09:00') });
    await api.database.db
      .update(customerEnquiries)
      .set({ assignedProviderId: other.id })
      .where(eq(customerEnquiries.id, passedOn));
    // The trigger ended and opened the assignments now; they are moved to Tuesday 12:00.
    const assignmentOf = (providerId: number) =>
      and(
        eq(enquiryAssignments.enquiryId, passedOn),
        eq(enquiryAssignments.providerId, providerId),
      );
    await api.database.db
      .update(enquiryAssignments)
      .set({ endedAt: sa(3, TUESDAY, '12:00') })
      .where(assignmentOf(id));
    await api.database.db
      .update(enquiryAssignments)
      .set({ assignedAt: sa(3, TUESDAY, '12:00') })
      .where(assignmentOf(other.id));
    await api.database.db
      .update(customerEnquiries)
      .set({ providerResponse: 'On our way.', respondedAt: sa(3, TUESDAY, '13:00') })
      .where(eq(customerEnquiries.id, passedOn));
    const [otherAssignment] = await api.database.db
      .select({ minutes: enquiryAssignments.responseMinutes })
      .from(enquiryAssignments)
      .where(assignmentOf(other.id));
    expect(otherAssignment?.minutes).toBe(60);

    // 7 count. Median of 30, 45, 120, 360, 1620: 120. Within 24 business hours: 4 of 7,
    // 57.1%, rounded down.
    const expected = { requests: 7, medianMinutes: 120, withinDayPercent: 57 };
    expect(await figuresOf(id)).toEqual(expected);
    const { providers } = await listProviders(api);
    expect(providers.find((p) => p.id === id)?.responsiveness).toEqual(expected);
    expect(providers.find((p) => p.id === other.id)?.responsiveness).toEqual({
      requests: 1,
      medianMinutes: null,
      withinDayPercent: null,
    });
    // A search's page reads its cards in the search's own statement: the same figures.
    const [named] = await api.database.db
      .select({ name: serviceProviders.name })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, id));
    const searched = await listProviders(api, { search: named?.name ?? '' });
    expect(searched.providers.find((p) => p.id === id)?.responsiveness).toEqual(expected);
  });

  it('takes the lower middle of an even count, and counts 100% only when every one was in time', async () => {
    const { id } = await provider();
    await answeredWithin(id, [15, 30, 90, 200, 400, 480]);
    expect(await figuresOf(id)).toEqual({
      requests: 6,
      medianMinutes: 90,
      withinDayPercent: 100,
    });
    // One answered after 1800 business minutes (Monday 09:00 to Thursday 12:00).
    await placeRequest(id, { at: sa(3, MONDAY, '09:00'), answeredAt: sa(3, THURSDAY, '12:00') });
    expect(await figuresOf(id)).toEqual({
      requests: 7,
      medianMinutes: 200,
      withinDayPercent: 85,
    });
  });

  it('shows no figures below 5 requests: 89 days ago counts, 91 does not', async () => {
    const { id } = await provider();
    await answeredWithin(id, [10, 20, 30, 40]);
    const old = async (days: number) => {
      const at = new Date(Date.now() - days * DAY);
      await placeRequest(id, { at, answeredAt: new Date(at.getTime() + 60_000) });
    };
    await old(91);
    expect(await figuresOf(id)).toEqual({
      requests: 4,
      medianMinutes: null,
      withinDayPercent: null,
    });
    await old(89);
    const figures = await figuresOf(id);
    expect(figures.requests).toBe(5);
    expect(figures.withinDayPercent).toBe(100);
    expect(figures.medianMinutes).toBe(20);
  });

  it('counts a provider that never answers: no median, 0%', async () => {
    const { id } = await provider();
    for (let week = 2; week <= 6; week++) await placeRequest(id, { at: sa(week, MONDAY, '09:00') });
    expect(await figuresOf(id)).toEqual({ requests: 5, medianMinutes: null, withinDayPercent: 0 });
  });

  it('answers 0 and no figures for a provider without requests', async () => {
    const { id } = await provider();
    expect(await figuresOf(id)).toEqual({
      requests: 0,
      medianMinutes: null,
      withinDayPercent: null,
    });
  });
});

describe('GET /api/providers?sort=quickest (Quickest to respond)', () => {
  // Verified first, then premium among the equally verified (decision 0039), then rating.
  const DEFAULT_ORDER = [
    'Kestrel Foxtrot Rated',
    'Kestrel Bravo Missing',
    'Kestrel Echo Premium',
    'Kestrel Alpha Slow',
    'Kestrel Charlie Quick',
    'Kestrel Delta Few',
  ];
  const QUICKEST_ORDER = [
    'Kestrel Charlie Quick',
    'Kestrel Bravo Missing',
    'Kestrel Alpha Slow',
    'Kestrel Foxtrot Rated',
    'Kestrel Echo Premium',
    'Kestrel Delta Few',
  ];

  beforeEach(async () => {
    // Measured: median 30 with 100%, median 30 with one of six unanswered (83%), median 360.
    const quick = await provider({ name: 'Kestrel Charlie Quick' });
    await answeredWithin(quick.id, [30, 30, 30, 30, 30]);
    const missing = await provider({ name: 'Kestrel Bravo Missing', isVerified: true });
    await answeredWithin(missing.id, [20, 30, 30, 30, 40]);
    await placeRequest(missing.id, { at: sa(3, MONDAY, '09:00') });
    const slow = await provider({ name: 'Kestrel Alpha Slow' });
    await answeredWithin(slow.id, [360, 360, 360, 360, 360]);
    // New: premium with 2 requests, verified and rated 4.5 with none, 4 quick ones.
    const premium = await provider({ name: 'Kestrel Echo Premium', isPremium: true });
    await answeredWithin(premium.id, [5, 5]);
    await provider({ name: 'Kestrel Foxtrot Rated', rating: '4.5', isVerified: true });
    const few = await provider({ name: 'Kestrel Delta Few' });
    await answeredWithin(few.id, [1, 1, 1, 1]);
  });

  it('puts measured providers first by median, then share within 24 hours; the new ones after, in the listing order', async () => {
    expect((await listProviders(api)).names).toEqual(DEFAULT_ORDER);
    expect((await listProviders(api, { sort: 'recommended' })).names).toEqual(DEFAULT_ORDER);
    const { names, providers, total } = await listProviders(api, { sort: 'quickest' });
    expect(names).toEqual(QUICKEST_ORDER);
    expect(total).toBe(6);
    expect(providers.map((p) => p.responsiveness)).toEqual([
      { requests: 5, medianMinutes: 30, withinDayPercent: 100 },
      { requests: 6, medianMinutes: 30, withinDayPercent: 83 },
      { requests: 5, medianMinutes: 360, withinDayPercent: 100 },
      { requests: 0, medianMinutes: null, withinDayPercent: null },
      { requests: 2, medianMinutes: null, withinDayPercent: null },
      { requests: 4, medianMinutes: null, withinDayPercent: null },
    ]);
  });

  it.each([
    [0, 2],
    [2, 2],
    [3, 2],
    [4, 2],
    [1, 4],
    [5, 3],
    [6, 2],
  ])('pages without gaps or repeats (offset %i, limit %i)', async (offset, limit) => {
    const page = await listProviders(api, { sort: 'quickest', offset, limit });
    expect(page.names).toEqual(QUICKEST_ORDER.slice(offset, offset + limit));
    expect(page.total).toBe(6);
  });

  it('keeps the order with a search (the matches sorted as they are) and with the visitor position', async () => {
    expect((await listProviders(api, { sort: 'quickest', search: 'kestrel' })).names).toEqual(
      QUICKEST_ORDER,
    );
    const page = await listProviders(api, { sort: 'quickest', search: 'kestrel', offset: 4 });
    expect(page.names).toEqual(QUICKEST_ORDER.slice(4));
    const near = await listProviders(api, { sort: 'quickest', userLat: -26.2, userLng: 28.05 });
    expect(near.names).toEqual(QUICKEST_ORDER);
    expect(near.providers.every((p) => typeof p.distanceKm === 'number')).toBe(true);
  });

  it('filters as the listing does', async () => {
    const verified = await listProviders(api, { sort: 'quickest', verification: 'verified' });
    expect(verified.names).toEqual(['Kestrel Bravo Missing', 'Kestrel Foxtrot Rated']);
    expect(verified.total).toBe(2);
  });

  it('answers 400 naming sort for an order it does not know', async () => {
    const response = await api.get('/api/providers?sort=fastest');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('sort');
  });
});
