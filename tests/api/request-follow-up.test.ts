/**
 * Nobody left waiting. The enquiry desk flags a request not seen
 * within 4 business hours and one not answered within 1 business day (9 business hours),
 * counted in the provider's own hours from when its open assignment began; it lists those
 * under "Needs attention", and passes one to a verified provider offering the service
 * near the customer, who is told by e-mail and on the status page. The provider gets one
 * reminder at 4 business hours, from the timed jobs, whatever runs twice or at once.
 *
 * Times are placed by writing the assignment's assigned_at: relative to now() for the API
 * (a provider open around the clock, so business minutes are the clock's), or at fixed
 * instants of March 2025 for a provider with the default week, with the desk's function
 * and the jobs run at a clock the test gives.
 */
import { and, eq, isNull, like, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { majorTowns } from '../../db/places/places-file.ts';
import {
  accessLog,
  enquiryAssignments,
  outbox,
  rateLimits,
  serviceProviders,
} from '../../db/schema.ts';
import { listEnquiries } from '../../src/api/enquiries/list-enquiries.ts';
import { sendRequestReminders } from '../../src/api/enquiries/send-request-reminders.ts';
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS } from '../../src/lib/catalog/enquiry-options.ts';
import { distanceKm } from '../../src/lib/geo.ts';
import { EnquiryDeskQuerySchema } from '../../src/lib/schemas/admin-lists.ts';
import { REASSIGN_MESSAGES } from '../../src/lib/schemas/enquiry-follow-up.ts';
import { expectAdminOnly, useSignedInAdmin } from '../helpers/admin-fixtures.ts';
import { okJson, sendAs, sendJson } from '../helpers/api-fixtures.ts';
import { insertEnquiry, insertProvider, validEnquiryBody } from '../helpers/builders.ts';
import { enquiryRow } from '../helpers/enquiry-fixtures.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { linkIn, watchOutbox, type OutboxMail } from '../helpers/outbox.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { asProvider } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const api = useTestApi();
const admin = useSignedInAdmin(api);

/** Open every hour of every day: its business minutes are the clock's minutes. */
const AROUND_THE_CLOCK = Object.fromEntries(WEEKDAYS.map((day) => [day, 'Open 24 hours']));

/** Where a provider is: one of the major towns of the places data, with its position. */
function inTown(value: string) {
  const town = majorTowns().find((t) => t.value === value);
  if (!town) throw new Error(`No town ${value}`);
  return {
    location: town.name,
    province: town.province,
    latitude: town.latitude.toFixed(8),
    longitude: town.longitude.toFixed(8),
    coverageAreas: [town.name],
  };
}

const kmBetween = (a: string, b: string) => {
  const [from, to] = [a, b].map((value) => majorTowns().find((t) => t.value === value)!);
  return Math.round(distanceKm(from!, to!) * 10) / 10;
};

let customers = 0;

interface Sent {
  id: number;
  reference: string;
  /** The status page's token, from the customer's first mail. */
  token: string;
}

/** A request sent through the form to the provider, as a customer of its own. */
async function sendRequest(providerId: number, overrides: Record<string, unknown> = {}) {
  await api.database.db.delete(rateLimits);
  const mailbox = await watchOutbox(api);
  const answer = await okJson<{ id: number; reference: string }>(
    sendJson(
      api,
      'POST',
      '/api/enquiries',
      validEnquiryBody(providerId, {
        customerName: 'Thandi Nkosi',
        customerEmail: `thandi${++customers}@example.co.za`,
        location: 'Sandton, Johannesburg',
        ...overrides,
      }),
    ),
    201,
  );
  const customerMail = (await mailbox.newMails()).find((mail) =>
    mail.subject.startsWith('Your request'),
  );
  const token = customerMail && linkIn(customerMail.text, '/request?token=');
  return {
    id: answer.id,
    reference: answer.reference,
    token: token?.searchParams.get('token') ?? '',
  } satisfies Sent;
}

/** Moves the start of the request's open assignment (and so its waiting) to `at`. */
async function placeAssignment(enquiryId: number, at: SQL | Date) {
  await api.database.db
    .update(enquiryAssignments)
    .set({ assignedAt: at })
    .where(and(eq(enquiryAssignments.enquiryId, enquiryId), isNull(enquiryAssignments.endedAt)));
}

const ago = (interval: string) => sql`now() - ${interval}::interval`;

interface DeskRow {
  id: number;
  status: string;
  assignedProviderId: number | null;
  assignedProviderName: string | null;
  seenAt: string | null;
  notSeenInTime: boolean;
  notAnsweredInTime: boolean;
}

const desk = (query = '') =>
  okJson<DeskRow[]>(sendAs(api, admin.token, 'GET', `/api/admin/enquiries?limit=100${query}`));

const flagsOf = (rows: DeskRow[], id: number) => {
  const row = rows.find((r) => r.id === id);
  return row && { notSeenInTime: row.notSeenInTime, notAnsweredInTime: row.notAnsweredInTime };
};

const markSeen = async (providerId: number, id: number) =>
  okJson(
    sendAs(api, await providerSession(api, providerId), 'POST', '/api/provider/enquiries/seen', {
      ids: [id],
    }),
  );

const respond = async (providerId: number, id: number, providerNotes?: string) =>
  okJson(
    asProvider(api, providerId, 'PUT', `/api/provider/enquiries/${id}/response`, {
      providerResponse: 'We can come on Monday at 9:00.',
      providerNotes,
      status: 'in_progress',
    }),
  );

/** The desk's candidates to take over the request; `query` as it follows the path ('?...'). */
const candidatesOf = (id: number | string, query = '') =>
  sendAs(api, admin.token, 'GET', `/api/admin/enquiries/${id}/candidates${query}`);

const reassign = (id: number | string, body: unknown) =>
  sendAs(api, admin.token, 'POST', `/api/admin/enquiries/${id}/reassign`, body);

interface Candidates {
  location: string;
  place: { kind: string; name?: string; town?: string | null; radiusKm?: number };
  note: string | null;
  unverifiedShown: boolean;
  total: number;
  unverified: number;
  candidates: {
    id: number;
    name: string;
    location: string;
    province: string;
    distanceKm: number | null;
    servesTown: boolean;
    covers: string | null;
    verified: boolean;
    createdAt: string;
    responsiveness: {
      requests: number;
      medianMinutes: number | null;
      withinDayPercent: number | null;
    };
  }[];
}

const NOT_MEASURED = { requests: 0, medianMinutes: null, withinDayPercent: null };

/** A candidate as listed, of a provider inserted by the test. */
const listed = (
  provider: { id: number; name: string; createdAt: Date },
  fields: {
    location: string;
    province: string;
    distanceKm: number | null;
    covers: string | null;
    verified?: boolean;
  },
) => ({
  id: provider.id,
  name: provider.name,
  servesTown: fields.covers !== null,
  verified: true,
  createdAt: provider.createdAt.toISOString(),
  responsiveness: NOT_MEASURED,
  ...fields,
});

describe('the desk flags requests left waiting', () => {
  it('flags after 4 business hours unseen and 1 business day unanswered, on the open assignment', async () => {
    const provider = await insertProvider(api.database.db, {
      businessHours: AROUND_THE_CLOCK,
    });
    const fresh = await sendRequest(provider.id);
    const unseen = await sendRequest(provider.id);
    const waitingDay = await sendRequest(provider.id);
    const seenOnly = await sendRequest(provider.id);
    const answered = await sendRequest(provider.id);
    const cancelled = await sendRequest(provider.id);
    await placeAssignment(fresh.id, ago('3 hours 59 minutes'));
    await placeAssignment(unseen.id, ago('4 hours 1 minute'));
    await placeAssignment(waitingDay.id, ago('9 hours 1 minute'));
    await placeAssignment(seenOnly.id, ago('9 hours 1 minute'));
    await placeAssignment(answered.id, ago('9 hours 1 minute'));
    await placeAssignment(cancelled.id, ago('2 days'));
    await markSeen(provider.id, seenOnly.id);
    await markSeen(provider.id, answered.id);
    await respond(provider.id, answered.id);
    // Put back to waiting by the desk: answered all the same.
    await okJson(
      sendAs(api, admin.token, 'PUT', `/api/admin/enquiries/${answered.id}`, {
        status: 'assigned',
      }),
    );
    await okJson(
      sendAs(api, admin.token, 'PUT', `/api/admin/enquiries/${cancelled.id}`, {
        status: 'cancelled',
      }),
    );

    const rows = await desk();
    expect(flagsOf(rows, fresh.id)).toEqual({ notSeenInTime: false, notAnsweredInTime: false });
    expect(flagsOf(rows, unseen.id)).toEqual({ notSeenInTime: true, notAnsweredInTime: false });
    expect(flagsOf(rows, waitingDay.id)).toEqual({ notSeenInTime: true, notAnsweredInTime: true });
    expect(flagsOf(rows, seenOnly.id)).toEqual({ notSeenInTime: false, notAnsweredInTime: true });
    expect(flagsOf(rows, answered.id)).toEqual({ notSeenInTime: false, notAnsweredInTime: false });
    expect(flagsOf(rows, cancelled.id)).toEqual({ notSeenInTime: false, notAnsweredInTime: false });

    // The one request's answer carries them too.
    const one = await okJson<DeskRow>(
      sendAs(api, admin.token, 'GET', `/api/admin/enquiries/${waitingDay.id}`),
    );
    expect(one).toMatchObject({ notSeenInTime: true, notAnsweredInTime: true });

    // "Needs attention" lists the flagged ones only, newest first; false the others.
    const attention = await desk('&needsAttention=true');
    expect(attention.map((row) => row.id)).toEqual([seenOnly.id, waitingDay.id, unseen.id]);
    const calm = await desk('&needsAttention=false');
    expect(calm.map((row) => row.id)).toEqual([cancelled.id, answered.id, fresh.id]);
    const counted = await sendAs(
      api,
      admin.token,
      'GET',
      '/api/admin/enquiries?needsAttention=true',
    );
    expect(counted.headers.get('x-total-count')).toBe('3');
    await expectFieldError(
      await sendAs(api, admin.token, 'GET', '/api/admin/enquiries?needsAttention=yes'),
      'needsAttention',
      'needsAttention must be true or false',
    );
  });

  it("counts in the provider's business hours: Friday 16:00 is not late on Saturday 10:00, but is on Monday 09:00", async () => {
    const provider = await insertProvider(api.database.db, {
      businessHours: { ...DEFAULT_BUSINESS_HOURS },
    });
    const request = await insertEnquiry(api.database.db, {
      assignedProviderId: provider.id,
      status: 'assigned',
    });
    // Friday 7 March 2025, 16:00 in South Africa (UTC+2).
    await placeAssignment(request.id, new Date('2025-03-07T14:00:00Z'));
    const flagsAt = async (iso: string) => {
      const { items } = await listEnquiries(
        api.database.db,
        EnquiryDeskQuerySchema.parse({ limit: '100' }),
        { now: new Date(iso) },
      );
      return flagsOf(items as unknown as DeskRow[], request.id);
    };
    for (const [iso, notSeenInTime, notAnsweredInTime] of [
      // Saturday 10:00: 60 minutes on Friday, 60 on Saturday.
      ['2025-03-08T08:00:00Z', false, false],
      // Monday 09:00: 60 + 240 (Saturday 9-13) + 60 = 360.
      ['2025-03-10T07:00:00Z', true, false],
      // Monday 11:59 is 539 minutes, 12:00 the ninth business hour.
      ['2025-03-10T09:59:00Z', true, false],
      ['2025-03-10T10:00:00Z', true, true],
    ] as const) {
      expect({ iso, ...(await flagsAt(iso)) }).toEqual({ iso, notSeenInTime, notAnsweredInTime });
    }
  });
});

/**
 * The provider the requests go to (Johannesburg) and the others around Sandton: which of
 * them may take over.
 */
/** A verified provider of CCTV of that name, placed by `fields` (inTown, coverage). */
const verified = (name: string, fields: Record<string, unknown>) =>
  insertProvider(api.database.db, { name, isVerified: true, services: ['cctv'], ...fields });

async function neighbourhood() {
  const db = api.database.db;
  const current = await verified('Jozi Eyes', inTown('johannesburg'));
  const randburg = await verified('Randburg Camera Works', inTown('randburg'));
  const pretoria = await verified('Pretoria Guard Systems', inTown('pretoria'));
  // Far away, but it names Sandton among the areas it covers.
  const polokwane = await verified('Limpopo Lenses', {
    ...inTown('polokwane'),
    coverageAreas: ['Polokwane', 'Sandton'],
  });
  // In Sandton without a position on the map.
  const unplaced = await verified('Sandton Secure', {
    ...inTown('sandton'),
    latitude: null,
    longitude: null,
  });
  const capeTown = await verified('Cape Camera Co', inTown('cape-town'));
  const unverified = await insertProvider(db, {
    name: 'Midrand Not Yet Checked',
    services: ['cctv'],
    ...inTown('midrand'),
  });
  const otherService = await verified('Sandton Alarm Only', {
    ...inTown('sandton'),
    services: ['alarms'],
  });
  const unlisted = await verified('Unlisted Soweto Cameras', {
    ...inTown('soweto'),
    isApproved: false,
  });
  return {
    current,
    randburg,
    pretoria,
    polokwane,
    unplaced,
    capeTown,
    unverified,
    otherService,
    unlisted,
  };
}

describe('candidates to take over a request', () => {
  it('lists verified providers of the service who cover the place first, then the others near it, nearest first, never the current one', async () => {
    const n = await neighbourhood();
    const request = await sendRequest(n.current.id);
    const answer = await okJson<Candidates>(candidatesOf(request.id));
    expect(answer).toMatchObject({
      location: 'Sandton, Johannesburg',
      place: { kind: 'town', name: 'Sandton', town: 'Johannesburg', radiusKm: 100 },
      note: null,
      unverifiedShown: false,
      total: 4,
      // Midrand Not Yet Checked, near but not verified, is counted, not listed.
      unverified: 1,
    });
    expect(answer.candidates).toEqual([
      // Far away, but it names Sandton among the areas it covers.
      listed(n.polokwane, {
        location: 'Polokwane',
        province: 'Limpopo',
        distanceKm: kmBetween('sandton', 'polokwane'),
        covers: 'Sandton',
      }),
      // In Sandton, without a position: no distance, and last of those who cover it.
      listed(n.unplaced, {
        location: 'Sandton',
        province: 'Gauteng',
        distanceKm: null,
        covers: 'Sandton',
      }),
      listed(n.randburg, {
        location: 'Randburg',
        province: 'Gauteng',
        distanceKm: kmBetween('sandton', 'randburg'),
        covers: null,
      }),
      listed(n.pretoria, {
        location: 'Pretoria',
        province: 'Gauteng',
        distanceKm: kmBetween('sandton', 'pretoria'),
        covers: null,
      }),
    ]);
    expect(kmBetween('sandton', 'polokwane')).toBeGreaterThan(100);
    expect(kmBetween('sandton', 'randburg')).toBeLessThan(kmBetween('sandton', 'pretoria'));
  });

  it('lists the unverified ones only when asked, in their place, marked as such', async () => {
    const n = await neighbourhood();
    const request = await sendRequest(n.current.id);
    const all = await okJson<Candidates>(candidatesOf(request.id, '?unverified=true'));
    expect(all).toMatchObject({ unverifiedShown: true, total: 5, unverified: 1 });
    expect(all.candidates.map((c) => [c.name, c.verified])).toEqual([
      ['Limpopo Lenses', true],
      ['Sandton Secure', true],
      ['Randburg Camera Works', true],
      ['Midrand Not Yet Checked', false],
      ['Pretoria Guard Systems', true],
    ]);
    const unverified = all.candidates.find((c) => c.id === n.unverified.id);
    expect(unverified?.distanceKm).toBe(kmBetween('sandton', 'midrand'));
    // Never an unapproved provider, one of another service, or the current one.
    for (const provider of [n.unlisted, n.otherService, n.current]) {
      expect(all.candidates.map((c) => c.id)).not.toContain(provider.id);
    }
    const asFalse = await okJson<Candidates>(candidatesOf(request.id, '?unverified=false'));
    expect(asFalse.candidates.map((c) => c.id)).not.toContain(n.unverified.id);
    await expectFieldError(
      await candidatesOf(request.id, '?unverified=yes'),
      'unverified',
      'unverified must be true or false',
    );
  });

  it('places a suburb the location names on its own position, and counts a provider who covers its town as covering it', async () => {
    const current = await verified('Jozi Eyes', inTown('johannesburg'));
    // The fault this guards against: far providers listed first for a Waterkloof job.
    const welkom = await verified('Beacon CCTV Welkom', inTown('welkom'));
    const pretoria = await verified('Jacaranda Cameras', inTown('pretoria'));
    // In Centurion, nearer Waterkloof than Johannesburg is, covering Tshwane by that name.
    const centurion = await verified('Linkup CCTV Centurion', {
      ...inTown('centurion'),
      coverageAreas: ['Centurion', 'Tshwane'],
    });
    const johannesburg = await verified('Highveld Cameras', inTown('johannesburg'));
    const request = await sendRequest(current.id, { location: 'Waterkloof' });
    const answer = await okJson<Candidates>(candidatesOf(request.id));
    expect(answer.place).toEqual({
      kind: 'town',
      name: 'Waterkloof',
      town: 'Pretoria',
      radiusKm: 100,
    });
    expect(answer.note).toBeNull();
    expect(answer.candidates.map((c) => [c.name, c.covers])).toEqual([
      ['Jacaranda Cameras', 'Pretoria'],
      ['Linkup CCTV Centurion', 'Pretoria'],
      ['Highveld Cameras', null],
    ]);
    const [first, second, third] = answer.candidates;
    expect(first!.distanceKm!).toBeLessThan(second!.distanceKm!);
    expect(third!.distanceKm!).toBeGreaterThan(second!.distanceKm!);
    expect(answer.candidates.map((c) => c.id)).not.toContain(welkom.id);
    expect([pretoria.id, centurion.id, johannesburg.id]).toEqual(
      answer.candidates.map((c) => c.id),
    );

    // A search finds the far one by name or town, still of the service and verified.
    const searched = await okJson<Candidates>(candidatesOf(request.id, '?search=welkom'));
    expect(searched.candidates.map((c) => c.name)).toEqual(['Beacon CCTV Welkom']);
  });

  it("carries each candidate's responsiveness, as the public listing has it", async () => {
    const n = await neighbourhood();
    // Five requests answered within the hour (Randburg is open around the clock).
    await api.database.db
      .update(serviceProviders)
      .set({ businessHours: AROUND_THE_CLOCK })
      .where(eq(serviceProviders.id, n.randburg.id));
    for (let i = 0; i < 5; i++) {
      const answered = await sendRequest(n.randburg.id);
      await placeAssignment(answered.id, ago('2 hours'));
      await respond(n.randburg.id, answered.id);
    }
    const request = await sendRequest(n.current.id);
    const answer = await okJson<Candidates>(candidatesOf(request.id));
    const publicFigures = (
      await okJson<{ id: number; responsiveness: unknown }>(
        api.get(`/api/providers/${n.randburg.id}`),
      )
    ).responsiveness;
    const randburg = answer.candidates.find((c) => c.id === n.randburg.id);
    expect(randburg?.responsiveness).toEqual(publicFigures);
    expect(randburg?.responsiveness).toMatchObject({ requests: 5, withinDayPercent: 100 });
  });

  it('falls back to the province a location names, then to every verified provider, and says so', async () => {
    const n = await neighbourhood();
    const inLimpopo = await sendRequest(n.current.id, {
      location: 'A smallholding near the river, Limpopo',
    });
    const limpopo = await okJson<Candidates>(candidatesOf(inLimpopo.id));
    expect(limpopo.place).toEqual({ kind: 'province', name: 'Limpopo' });
    expect(limpopo.note).toBe(
      '“A smallholding near the river, Limpopo” names no town or suburb we know, so these are not sorted by distance: providers in Limpopo who offer CCTV Installations & Repairs.',
    );
    expect(limpopo.candidates.map((c) => c.id)).toEqual([n.polokwane.id]);

    const nowhere = await sendRequest(n.current.id, { location: 'The farm past the big tree' });
    const all = await okJson<Candidates>(candidatesOf(nowhere.id));
    expect(all.place).toEqual({ kind: 'unplaced' });
    expect(all.note).toBe(
      '“The farm past the big tree” names no town, suburb or province we know, so these are all the providers who offer CCTV Installations & Repairs, by name. Check where they work before choosing.',
    );
    // By name; no distances.
    expect(all.candidates.map((c) => [c.name, c.distanceKm])).toEqual([
      ['Cape Camera Co', null],
      ['Limpopo Lenses', null],
      ['Pretoria Guard Systems', null],
      ['Randburg Camera Works', null],
      ['Sandton Secure', null],
    ]);
    expect(all.total).toBe(5);
    expect(all.unverified).toBe(1);
  });

  it('answers 404 for a request that does not exist', async () => {
    await expectError(await candidatesOf(999_999), 404, 'Enquiry not found');
    await expectError(await candidatesOf('abc'), 404);
  });
});

describe('passing a request to another provider', () => {
  it('refuses a provider who is not a candidate (400), a closed request (409) and an unknown one (404), changing nothing', async () => {
    const n = await neighbourhood();
    const request = await sendRequest(n.current.id);
    const mailbox = await watchOutbox(api);
    const before = await enquiryRow(api, request.id);
    for (const provider of [n.capeTown, n.otherService, n.unlisted, n.current]) {
      await expectFieldError(
        await reassign(request.id, { providerId: provider.id }),
        'providerId',
        REASSIGN_MESSAGES.notCandidate,
      );
      // Asking for an unverified one lets no one else through.
      await expectFieldError(
        await reassign(request.id, { providerId: provider.id, allowUnverified: true }),
        'providerId',
        REASSIGN_MESSAGES.notCandidate,
      );
    }
    await expectFieldError(
      await reassign(request.id, { providerId: n.unverified.id }),
      'providerId',
      REASSIGN_MESSAGES.unverified,
    );
    await expectFieldError(
      await reassign(request.id, { providerId: n.unverified.id, allowUnverified: false }),
      'providerId',
      REASSIGN_MESSAGES.unverified,
    );
    await expectFieldError(
      await reassign(request.id, { providerId: n.unverified.id, allowUnverified: 'yes' }),
      'allowUnverified',
      'allowUnverified must be true or false',
    );
    await expectFieldError(
      await reassign(request.id, { providerId: 999_999 }),
      'providerId',
      REASSIGN_MESSAGES.notCandidate,
    );
    await expectFieldError(await reassign(request.id, {}), 'providerId', 'Choose a provider');
    await expectFieldError(
      await reassign(request.id, { providerId: '12' }),
      'providerId',
      'Choose a provider',
    );
    await expectError(
      await reassign(999_999, { providerId: n.randburg.id }),
      404,
      'Enquiry not found',
    );
    expect(await enquiryRow(api, request.id)).toEqual(before);

    for (const status of ['completed', 'cancelled']) {
      const closed = await sendRequest(n.current.id);
      await okJson(
        sendAs(api, admin.token, 'PUT', `/api/admin/enquiries/${closed.id}`, { status }),
      );
      await expectError(
        await reassign(closed.id, { providerId: n.randburg.id }),
        409,
        REASSIGN_MESSAGES.closed,
      );
      expect((await enquiryRow(api, closed.id)).assignedProviderId).toBe(n.current.id);
    }
    const mails = await mailbox.newMails();
    expect(mails.filter((mail) => mail.subject.includes('passed to'))).toEqual([]);
  });

  it('moves it, tells the customer and the new provider, and the status page and dashboards follow', async () => {
    const n = await neighbourhood();
    const request = await sendRequest(n.current.id);
    await markSeen(n.current.id, request.id);
    await respond(n.current.id, request.id, 'Private: quote high, they sound difficult.');
    const mailbox = await watchOutbox(api);

    const answer = await okJson<{ enquiry: DeskRow; customerMailed: boolean }>(
      reassign(request.id, { providerId: n.pretoria.id }),
    );
    expect(answer.customerMailed).toBe(true);
    expect(answer.enquiry).toMatchObject({
      id: request.id,
      status: 'assigned',
      assignedProviderId: n.pretoria.id,
      assignedProviderName: 'Pretoria Guard Systems',
      seenAt: null,
      notSeenInTime: false,
      notAnsweredInTime: false,
    });
    // What the previous provider wrote went with it.
    const row = await enquiryRow(api, request.id);
    expect(row).toMatchObject({ providerResponse: null, providerNotes: null, respondedAt: null });

    const mails = await mailbox.newMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [n.pretoria.email, `thandi${customers}@example.co.za`].sort(),
    );
    const customerMail = mails.find((mail) => mail.to.startsWith('thandi'))!;
    expect(customerMail.subject).toBe(
      `Your request ${request.reference} was passed to Pretoria Guard Systems`,
    );
    expect(customerMail.text).toContain(
      `our team has passed your CCTV Installations & Repairs request ${request.reference} to Pretoria Guard Systems, who will answer you.`,
    );
    expect(customerMail.text).toContain(
      "Your request's page shows the change, and the new provider's responses when they come:",
    );
    // A link of its own, to the same page as the first mail's.
    const newLink = linkIn(customerMail.text, '/request?token=')?.searchParams.get('token');
    expect(newLink).toBeTruthy();
    expect(newLink).not.toBe(request.token);
    const throughNewLink = await okJson<{ reference: string }>(
      api.get(`/api/requests/status?token=${newLink}`),
    );
    expect(throughNewLink.reference).toBe(request.reference);
    expect(customerMail.text).not.toContain('Jozi Eyes');
    const providerMail = mails.find((mail) => mail.to === n.pretoria.email)!;
    expect(providerMail.subject).toBe(
      `New request ${request.reference}: CCTV Installations & Repairs in Sandton, Johannesburg`,
    );
    expect(providerMail.text).toContain(`${api.url}/dashboard?enquiry=${request.id}`);
    expect(providerMail.text).not.toContain('Private: quote high');

    // The first mail's link still works and shows the change, naming only the new provider.
    const status = await okJson<{
      provider: { id: number; name: string };
      status: string;
      timeline: { kind: string; detail?: string }[];
    }>(api.get(`/api/requests/status?token=${request.token}`));
    expect(status.provider).toEqual({ id: n.pretoria.id, name: 'Pretoria Guard Systems' });
    expect(
      status.timeline.map(({ kind, detail }) => (detail ? `${kind}: ${detail}` : kind)),
    ).toEqual(['sent', 'seen', 'responded', 'in_progress', 'reassigned: Pretoria Guard Systems']);
    expect(JSON.stringify(status)).not.toContain('Jozi Eyes');
    expect(JSON.stringify(status)).not.toContain('Private: quote high');

    const dashboard = async (providerId: number) =>
      okJson<{ id: number; providerResponse: string | null; providerNotes: string | null }[]>(
        sendAs(api, await providerSession(api, providerId), 'GET', '/api/provider/enquiries'),
      );
    expect((await dashboard(n.current.id)).map((e) => e.id)).not.toContain(request.id);
    expect(await dashboard(n.pretoria.id)).toEqual([
      expect.objectContaining({ id: request.id, providerResponse: null, providerNotes: null }),
    ]);

    // The assignments: the old one ended, the new one open.
    const assignments = await api.database.db
      .select()
      .from(enquiryAssignments)
      .where(eq(enquiryAssignments.enquiryId, request.id))
      .orderBy(enquiryAssignments.id);
    expect(assignments.map((a) => [a.providerId, a.endedAt === null])).toEqual([
      [n.current.id, false],
      [n.pretoria.id, true],
    ]);
  });

  it('passes it to an unverified provider near the customer only when asked to', async () => {
    const n = await neighbourhood();
    const request = await sendRequest(n.current.id);
    const answer = await okJson<{ enquiry: DeskRow }>(
      reassign(request.id, { providerId: n.unverified.id, allowUnverified: true }),
    );
    expect(answer.enquiry).toMatchObject({
      assignedProviderId: n.unverified.id,
      assignedProviderName: 'Midrand Not Yet Checked',
    });
    // The answer carries the customer's contact details: the look is recorded (who looked).
    const looks = await api.database.db
      .select({ action: accessLog.action, enquiryId: accessLog.enquiryId })
      .from(accessLog);
    expect(looks).toContainEqual({ action: 'viewed-contact', enquiryId: request.id });
    // And a verified one with the flag set all the same: it only allows.
    await okJson(reassign(request.id, { providerId: n.randburg.id, allowUnverified: true }));
    expect((await enquiryRow(api, request.id)).assignedProviderId).toBe(n.randburg.id);
  });

  it('tells no customer whose first mail never went out (no link to point back to)', async () => {
    const n = await neighbourhood();
    const request = await insertEnquiry(api.database.db, {
      assignedProviderId: n.current.id,
      location: 'Sandton',
      status: 'new',
    });
    const mailbox = await watchOutbox(api);
    const answer = await okJson<{ enquiry: DeskRow; customerMailed: boolean }>(
      reassign(request.id, { providerId: n.randburg.id }),
    );
    expect(answer.customerMailed).toBe(false);
    expect(answer.enquiry.status).toBe('assigned');
    expect((await mailbox.newMails()).map((mail) => mail.to)).toEqual([n.randburg.email]);
  });

  it('is for admins only', async () => {
    const n = await neighbourhood();
    const request = await sendRequest(n.current.id);
    await expectAdminOnly(api, admin.id, {
      name: 'GET /api/admin/enquiries/:id/candidates',
      id: () => request.id,
    });
    await expectAdminOnly(api, admin.id, {
      name: 'POST /api/admin/enquiries/:id/reassign',
      id: () => request.id,
      body: () => ({ providerId: n.randburg.id }),
    });
    expect((await enquiryRow(api, request.id)).assignedProviderId).toBe(n.randburg.id);
  });
});

/** The reminders written to the outbox, by key. */
async function reminderKeys(): Promise<string[]> {
  const rows = await api.database.db
    .select({ key: outbox.onceKey })
    .from(outbox)
    .where(like(outbox.onceKey, 'request-reminder:%'))
    .orderBy(outbox.id);
  return rows.map((row) => row.key ?? '');
}

// Friday 7 March 2025, 16:00 in South Africa, and later instants of that weekend.
const FRIDAY_1600 = new Date('2025-03-07T14:00:00Z');
const SATURDAY_1000 = new Date('2025-03-08T08:00:00Z');
const MONDAY_0900 = new Date('2025-03-10T07:00:00Z');
const MONDAY_1000 = new Date('2025-03-10T08:00:00Z');

describe('the reminder at 4 business hours', () => {
  async function waitingRequest(fields: Record<string, unknown> = {}) {
    const provider = await insertProvider(api.database.db, {
      name: 'Jozi Eyes',
      isVerified: true,
      ...inTown('johannesburg'),
      ...fields,
    });
    const request = await sendRequest(provider.id);
    await placeAssignment(request.id, FRIDAY_1600);
    return { provider, request };
  }

  it('mails the provider once, when the time has come, with the request and its dashboard link', async () => {
    const { provider, request } = await waitingRequest();
    await api.runJobs(SATURDAY_1000);
    expect(await reminderKeys()).toEqual([]);
    const mailbox = await watchOutbox(api);
    await api.runJobs(MONDAY_0900);
    await api.runJobs(MONDAY_1000);
    const [assignment] = await api.database.db
      .select({ id: enquiryAssignments.id })
      .from(enquiryAssignments)
      .where(eq(enquiryAssignments.enquiryId, request.id));
    expect(await reminderKeys()).toEqual([`request-reminder:${request.id}:${assignment!.id}`]);
    expect((await enquiryRow(api, request.id)).remindedAt).toBeInstanceOf(Date);

    const mails = (await mailbox.newMails()).filter((mail: OutboxMail) =>
      mail.subject.startsWith('Reminder'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(provider.email);
    expect(mails[0]!.subject).toBe(
      `Reminder: request ${request.reference} is waiting for your answer`,
    );
    expect(mails[0]!.text).toContain(
      `Thandi Nkosi's request ${request.reference} has waited 4 business hours for your answer:`,
    );
    expect(mails[0]!.text).toContain('Four outdoor cameras for a house');
    expect(mails[0]!.text).toContain(`${api.url}/dashboard?enquiry=${request.id}`);
  });

  it('writes one reminder when two runs go at once', async () => {
    const { request } = await waitingRequest();
    const run = () => sendRequestReminders(api.database.db, { now: MONDAY_0900, siteUrl: api.url });
    const counts = await Promise.all([run(), run(), run()]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await reminderKeys()).toHaveLength(1);
    expect(await reminderKeys()).toEqual([
      expect.stringMatching(`^request-reminder:${request.id}:`),
    ]);
  });

  it('sends none once the provider has answered, nor for a closed request, nor one long gone cold', async () => {
    const answered = await waitingRequest();
    await markSeen(answered.provider.id, answered.request.id);
    await respond(answered.provider.id, answered.request.id);
    // Answered, then put back to waiting: still answered.
    await okJson(
      sendAs(api, admin.token, 'PUT', `/api/admin/enquiries/${answered.request.id}`, {
        status: 'assigned',
      }),
    );
    const cancelled = await waitingRequest();
    await okJson(
      sendAs(api, admin.token, 'PUT', `/api/admin/enquiries/${cancelled.request.id}`, {
        status: 'cancelled',
      }),
    );
    const cold = await waitingRequest();
    await placeAssignment(cold.request.id, new Date('2025-02-21T14:00:00Z'));
    await api.runJobs(MONDAY_0900);
    expect(await reminderKeys()).toEqual([]);
  });

  it('reminds the new provider of a request passed on to it, once its own 4 hours are up', async () => {
    const { provider, request } = await waitingRequest();
    await api.runJobs(MONDAY_0900);
    expect(await reminderKeys()).toHaveLength(1);
    const next = await insertProvider(api.database.db, {
      name: 'Randburg Camera Works',
      isVerified: true,
      ...inTown('randburg'),
    });
    await okJson(reassign(request.id, { providerId: next.id }));
    expect((await enquiryRow(api, request.id)).remindedAt).toBeNull();
    // Passed on at Monday 09:00: by 12:00 three business hours, by 13:01 four.
    await placeAssignment(request.id, MONDAY_0900);
    await api.runJobs(new Date('2025-03-10T10:00:00Z'));
    expect(await reminderKeys()).toHaveLength(1);
    const mailbox = await watchOutbox(api);
    await api.runJobs(new Date('2025-03-10T11:01:00Z'));
    const [, newAssignment] = await api.database.db
      .select({ id: enquiryAssignments.id })
      .from(enquiryAssignments)
      .where(eq(enquiryAssignments.enquiryId, request.id))
      .orderBy(enquiryAssignments.id);
    expect((await reminderKeys())[1]).toBe(`request-reminder:${request.id}:${newAssignment!.id}`);
    const reminders = (await mailbox.newMails()).filter((mail) =>
      mail.subject.startsWith('Reminder'),
    );
    expect(reminders.map((mail) => mail.to)).toEqual([next.email]);
    expect(reminders.map((mail) => mail.to)).not.toContain(provider.email);
  });
});
