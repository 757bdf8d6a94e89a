import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { providerApplications, uploadTickets } from '../../db/schema.ts';
import { RATE_LIMITS } from '../../src/api/rate-limits/hit-rate-limit.ts';
import { PENDING_APPLICATION_MESSAGES } from '../../src/lib/application-confirmation.ts';
import { SA_PHONE_MESSAGE } from '../../src/lib/schemas/fields.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { queryRows } from '../helpers/api-fixtures.ts';
import { CONFIRMATION_SUBJECT } from '../helpers/application-confirmation.ts';
import { bearer } from '../helpers/auth-fixtures.ts';
import { validApplicationBody } from '../helpers/builders.ts';
import { expectError, expectFieldError } from '../helpers/error-answer.ts';
import { realImageBytes } from '../helpers/image-bytes.ts';
import { watchOutbox } from '../helpers/outbox.ts';
import { expectRecent } from '../helpers/recent-time.ts';
import { useTestApi } from '../helpers/test-api.ts';

// All requests come from 127.0.0.1; RATE_LIMITS.application allows five per client an
// hour, so each test stays below that (apart from the rate-limit test) and reset() in
// beforeEach empties the counters.
const api = useTestApi();
beforeEach(() => api.database.reset());

function postApplication(body: unknown): Promise<Response> {
  return api.request('/api/provider-applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function storedApplications() {
  return api.database.db.select().from(providerApplications).orderBy(asc(providerApplications.id));
}

async function applicationCount(): Promise<number> {
  return (await storedApplications()).length;
}

/** A ticket with a PNG uploaded to it: its upload URL and the object path the PUT answered. */
async function uploadedPicture(): Promise<{ uploadURL: string; objectPath: string; id: string }> {
  const ticket = await api.request('/api/public/objects/upload', { method: 'POST' });
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await api.request(uploadURL, { method: 'PUT', body: await realImageBytes('png') });
  expect(put.status).toBe(200);
  const { objectPath } = (await put.json()) as { objectPath: string };
  return { uploadURL, objectPath, id: uploadURL.split('/').at(-1)! };
}

async function ticketRow(id: string) {
  const [row] = await api.database.db.select().from(uploadTickets).where(eq(uploadTickets.id, id));
  return row;
}

describe('POST /api/provider-applications: a valid application', () => {
  it('answers 201 with the id and stores it as pending', async () => {
    const response = await postApplication(validApplicationBody());
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as { id: unknown; message: unknown };
    expect(typeof body.id).toBe('number');
    expect(typeof body.message).toBe('string');

    const rows = await storedApplications();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    // Stored as sent.
    expect(row).toMatchObject({
      id: body.id,
      ...validApplicationBody(),
      profileImage: null,
      status: 'pending',
      adminNotes: null,
      reviewedBy: null,
      reviewedAt: null,
      providerId: null,
    });
    expectRecent(row.createdAt);
  });

  it('removes spaces from the phone, lower-cases the e-mail and drops repeated services', async () => {
    const response = await postApplication(
      validApplicationBody({
        phone: '082 555 0101',
        email: '  Thandi.Nkosi@SecureHome.Example.CO.ZA ',
        services: ['cctv', 'wifi', 'cctv', 'wifi', 'ndi'],
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await storedApplications();
    expect(row).toMatchObject({
      phone: '0825550101',
      email: 'thandi.nkosi@securehome.example.co.za',
      services: ['cctv', 'wifi', 'ndi'],
    });
  });

  it('normalises a +27 number written with spaces', async () => {
    expect((await postApplication(validApplicationBody({ phone: '+27 82 555 0101' }))).status).toBe(
      201,
    );
    const [row] = await storedApplications();
    expect(row?.phone).toBe('+27825550101');
  });

  it('ignores the terms and privacy flags: there is nowhere to store them', async () => {
    const response = await postApplication(
      validApplicationBody({
        acceptTerms: true,
        acceptPrivacy: true,
        status: 'approved',
        providerId: 99,
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await storedApplications();
    expect(row).toMatchObject({ status: 'pending', providerId: null });
    expect(Object.keys(row!).join(' ')).not.toMatch(/terms|privacy|accept/i);

    const columns = await queryRows<{ column_name: string }>(
      api.database.db,
      sql`SELECT column_name FROM information_schema.columns
          WHERE table_name = 'provider_applications' AND table_schema = current_schema()`,
    );
    expect(columns.length).toBeGreaterThan(10);
    expect(columns.map((c) => c.column_name).join(' ')).not.toMatch(/terms|privacy|accept/i);
  });

  it('stores the optional fields as null when they are blank or left out', async () => {
    const response = await postApplication(
      validApplicationBody({
        businessLicense: '  ',
        insurance: '',
        previousWork: undefined,
        website: '',
        profileImage: '',
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await storedApplications();
    expect(row).toMatchObject({
      businessLicense: null,
      insurance: null,
      previousWork: null,
      website: null,
      profileImage: null,
    });
  });

  it('accepts years of experience as a numeric string, as a form sends it', async () => {
    expect((await postApplication(validApplicationBody({ yearsExperience: '12' }))).status).toBe(
      201,
    );
    const [row] = await storedApplications();
    expect(row?.yearsExperience).toBe(12);
  });
});

describe('POST /api/provider-applications: the profile picture', () => {
  it('takes the uploaded picture, stored as its /objects/uploads/ path', async () => {
    const picture = await uploadedPicture();
    expect(picture.objectPath).toMatch(/^\/objects\/uploads\/[A-Za-z0-9_-]+\.png$/);
    const response = await postApplication(
      validApplicationBody({ profileImage: picture.uploadURL }),
    );
    expect(response.status).toBe(201);
    const [row] = await storedApplications();
    expect(row?.profileImage).toBe(picture.objectPath);
    expect((await ticketRow(picture.id))?.claimedAt).toBeInstanceOf(Date);
  });

  it('takes the object path the upload answered as well', async () => {
    const picture = await uploadedPicture();
    const response = await postApplication(
      validApplicationBody({ profileImage: picture.objectPath }),
    );
    expect(response.status).toBe(201);
    const [row] = await storedApplications();
    expect(row?.profileImage).toBe(picture.objectPath);
  });

  it('refuses the same picture for a second application with 400 on profileImage', async () => {
    const picture = await uploadedPicture();
    expect(
      (await postApplication(validApplicationBody({ profileImage: picture.uploadURL }))).status,
    ).toBe(201);

    for (const reference of [picture.uploadURL, picture.objectPath]) {
      const response = await postApplication(
        validApplicationBody({ email: 'someone.else@example.co.za', profileImage: reference }),
      );
      const body = await expectFieldError(
        response,
        'profileImage',
        'The uploaded image was not found. Please upload it again.',
      );
      expect(Object.keys(body.errors ?? {})).toEqual(['profileImage']);
    }
    const rows = await storedApplications();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.profileImage).toBe(picture.objectPath);
  });

  it.each([
    ['an upload address that received no upload', 'ticket-without-upload'],
    ['an unknown upload address', `/api/uploads/${'C'.repeat(32)}`],
    ['an address that is not an upload', 'https://example.com/photo.png'],
  ])('refuses %s with 400 on profileImage and stores nothing', async (_, reference) => {
    let profileImage = reference;
    if (reference === 'ticket-without-upload') {
      const ticket = await api.request('/api/public/objects/upload', { method: 'POST' });
      profileImage = ((await ticket.json()) as { uploadURL: string }).uploadURL;
    }
    const response = await postApplication(validApplicationBody({ profileImage }));
    await expectFieldError(
      response,
      'profileImage',
      'The uploaded image was not found. Please upload it again.',
    );
    expect(await applicationCount()).toBe(0);
  });
});

describe('POST /api/provider-applications: invalid fields', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'email invalid',
      { email: 'thandi-at-example' },
      'email',
      'Please enter a valid email address',
    ],
    ['email missing', { email: undefined }, 'email', 'Please enter a valid email address'],
    ['phone too short', { phone: '082 555 010' }, 'phone', SA_PHONE_MESSAGE],
    ['phone not South African', { phone: '+44 20 7946 0958' }, 'phone', SA_PHONE_MESSAGE],
    ['phone with letters', { phone: '082 CALL NOW' }, 'phone', SA_PHONE_MESSAGE],
    ['phone missing', { phone: undefined }, 'phone', SA_PHONE_MESSAGE],
    ['services empty', { services: [] }, 'services', 'Please select at least one service'],
    ['services missing', { services: undefined }, 'services', 'Please select at least one service'],
    [
      'yearsExperience -1',
      { yearsExperience: -1 },
      'yearsExperience',
      'Years of experience must be 0 or greater',
    ],
    [
      'yearsExperience missing',
      { yearsExperience: undefined },
      'yearsExperience',
      'Years of experience is required',
    ],
    ['province unknown', { province: 'atlantis' }, 'province', 'Please select a province'],
    ['province missing', { province: undefined }, 'province', 'Please select a province'],
    [
      'website not a URL',
      { website: 'my website' },
      'website',
      'Please enter a valid website address (https://...)',
    ],
    [
      'website not http(s)',
      { website: 'ftp://securehome.example.co.za' },
      'website',
      'Please enter a valid website address (https://...)',
    ],
    ['businessName blank', { businessName: '   ' }, 'businessName', 'Business name is required'],
    [
      'businessName missing',
      { businessName: undefined },
      'businessName',
      'Business name is required',
    ],
    ['contactName blank', { contactName: '' }, 'contactName', 'Contact person is required'],
    ['location blank', { location: ' \t ' }, 'location', 'City/area is required'],
    [
      'physicalAddress blank',
      { physicalAddress: '' },
      'physicalAddress',
      'Physical address is required',
    ],
    [
      'physicalAddress missing',
      { physicalAddress: undefined },
      'physicalAddress',
      'Physical address is required',
    ],
  ])(
    '%s answers 400 with the field error and stores nothing',
    async (_, overrides, field, message) => {
      const outbox = await watchOutbox(api);
      const response = await postApplication(validApplicationBody(overrides));
      const body = await expectError(response, 400, message);
      expect(body.errors).toEqual({ [field]: message });
      expect(await applicationCount()).toBe(0);
      expect(await outbox.newMails()).toEqual([]);
    },
  );

  it('names every invalid field at once', async () => {
    const response = await postApplication(
      validApplicationBody({ email: 'nope', phone: '123', services: [], yearsExperience: -1 }),
    );
    const body = await expectError(response, 400);
    expect(body.errors).toEqual({
      email: 'Please enter a valid email address',
      phone: SA_PHONE_MESSAGE,
      services: 'Please select at least one service',
      yearsExperience: 'Years of experience must be 0 or greater',
    });
    expect(await applicationCount()).toBe(0);
  });

  it('answers 400 JSON for a body that is not JSON, and 415 for one not sent as JSON', async () => {
    const broken = await postApplication('{"businessName": ');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body must be JSON' });

    const text = await api.request('/api/provider-applications', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(validApplicationBody()),
    });
    expect(text.status).toBe(415);
    expect(await applicationCount()).toBe(0);
  });
});

describe('POST /api/provider-applications: one pending application per e-mail', () => {
  it('answers 409 to a second pending application for the same e-mail in another case', async () => {
    expect((await postApplication(validApplicationBody())).status).toBe(201);
    const outbox = await watchOutbox(api);

    const response = await postApplication(
      validApplicationBody({
        email: 'THANDI@SecureHome.Example.co.za',
        businessName: 'Second try',
      }),
    );
    // Its address is not confirmed yet: the answer says what the applicant can do.
    await expectFieldError(response, 'email', PENDING_APPLICATION_MESSAGES.unconfirmed, 409);
    const rows = await storedApplications();
    expect(rows.map((r) => r.businessName)).toEqual(['Secure Home Installations']);
    expect(await outbox.newMails()).toEqual([]);
  });

  it('leaves the picture of a refused second application unused, for a later try', async () => {
    expect((await postApplication(validApplicationBody())).status).toBe(201);
    const picture = await uploadedPicture();
    const refused = await postApplication(
      validApplicationBody({ profileImage: picture.uploadURL }),
    );
    expect(refused.status).toBe(409);
    expect((await ticketRow(picture.id))?.claimedAt).toBeNull();

    const other = await postApplication(
      validApplicationBody({ email: 'other@example.co.za', profileImage: picture.uploadURL }),
    );
    expect(other.status).toBe(201);
    const rows = await storedApplications();
    expect(rows[1]?.profileImage).toBe(picture.objectPath);
  });

  it('accepts a new application once the earlier one is rejected', async () => {
    const first = await postApplication(validApplicationBody());
    const { id } = (await first.json()) as { id: number };
    const admin = await createTestAdmin(api);
    const token = await adminSession(api, admin.id);
    const rejected = await api.request(`/api/admin/applications/${id}/review`, {
      method: 'PUT',
      headers: bearer(token),
      body: JSON.stringify({ status: 'rejected', adminNotes: 'Insurance certificate missing' }),
    });
    expect(rejected.status).toBe(200);

    const second = await postApplication(
      validApplicationBody({
        email: 'Thandi@SecureHome.example.co.za',
        businessName: 'Second try',
      }),
    );
    expect(second.status).toBe(201);
    const rows = await storedApplications();
    expect(rows.map((r) => [r.businessName, r.status])).toEqual([
      ['Secure Home Installations', 'rejected'],
      ['Second try', 'pending'],
    ]);
  });
});

describe('POST /api/provider-applications: rate limit', () => {
  const { max, message } = RATE_LIMITS.application;

  it('answers 429 to the sixth application from one client and stores nothing more', async () => {
    expect(max).toBe(5);
    for (let i = 1; i <= max; i++) {
      const response = await postApplication(
        validApplicationBody({ email: `applicant${i}@example.co.za` }),
      );
      expect(response.status).toBe(201);
    }
    const response = await postApplication(
      validApplicationBody({ email: 'one.too.many@example.co.za' }),
    );
    await expectError(response, 429, message);
    expect(await applicationCount()).toBe(max);
  });
});

describe('POST /api/provider-applications: mail', () => {
  // Anyone can type a stranger's address: it gets a link in fixed words, the receipt only
  // once confirmed, and the admins hear of the application in their hourly digest
  // (application-confirmation.test.ts, docs/decisions/0046).
  it('mails the applicant only a link to confirm the address, and no admin', async () => {
    const admins = [
      await createTestAdmin(api, { email: 'reviewer@verified.example.co.za' }),
      await createTestAdmin(api, { email: 'Second.Reviewer@Verified.example.co.za' }),
    ];
    const outbox = await watchOutbox(api);

    const response = await postApplication(
      validApplicationBody({ email: 'Thandi@SecureHome.Example.co.za' }),
    );
    expect(response.status).toBe(201);

    const mails = await outbox.newMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['thandi@securehome.example.co.za', CONFIRMATION_SUBJECT],
    ]);
    expect(mails[0]?.text).toContain(`${api.url}/join/confirm?token=`);
    expect(mails[0]?.text).not.toContain('Thandi Nkosi');
    expect(mails[0]?.text).not.toContain('Secure Home Installations');
    for (const admin of admins) expect(mails.filter((m) => m.to === admin.email)).toEqual([]);
  });

  it('sends no mail for a refused application', async () => {
    await createTestAdmin(api);
    const outbox = await watchOutbox(api);
    expect((await postApplication(validApplicationBody({ services: [] }))).status).toBe(400);
    expect(await outbox.newMails()).toEqual([]);
  });
});
