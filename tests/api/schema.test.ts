/**
 * Rules the database itself enforces (db/schema.ts), whatever code path writes the row.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { majorTowns } from '../../db/places/places-file.ts';
import {
  customerEnquiries,
  providerApplications,
  reviews,
  serviceProviders,
} from '../../db/schema.ts';
import type { EnquiryStatus } from '../../src/lib/catalog/enquiry-options.ts';
import { townValue } from '../../src/lib/catalog/town-value.ts';
import { databaseRejection, queryRows } from '../helpers/api-fixtures.ts';
import {
  buildProvider,
  insertEnquiry,
  insertFlashAd,
  insertProvider,
  type ProviderRow,
} from '../helpers/builders.ts';
import { useTestApi } from '../helpers/test-api.ts';

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

const api = useTestApi();
beforeEach(() => api.database.reset());

const insertProviderRow = (overrides: Partial<ProviderRow>) =>
  api.database.db.insert(serviceProviders).values(buildProvider(overrides));

describe('service_providers', () => {
  it.each(['5.1', '-0.1'])('rejects rating %s (0 to 5)', async (rating) => {
    expect(await databaseRejection(insertProviderRow({ rating }))).toEqual({
      code: CHECK_VIOLATION,
      constraint: 'service_providers_rating_check',
    });
  });

  it('stores a rating with one decimal, rounding 4.85 to 4.9', async () => {
    const row = await insertProvider(api.database.db, { rating: '4.85' });
    expect(row.rating).toBe('4.9');
  });

  it('rejects a second provider with the same e-mail in another case', async () => {
    await insertProvider(api.database.db, { email: 'Info@Highveld.co.za' });
    expect(await databaseRejection(insertProviderRow({ email: 'info@HIGHVELD.CO.ZA' }))).toEqual({
      code: UNIQUE_VIOLATION,
      constraint: 'service_providers_email_lower_key',
    });
  });

  it.each(['Gauteng', 'gauteng-north', ''])(
    'rejects province %j outside the catalog',
    async (province) => {
      expect(await databaseRejection(insertProviderRow({ province }))).toEqual({
        code: CHECK_VIOLATION,
        constraint: 'service_providers_province_check',
      });
    },
  );

  it('rejects an update to a province outside the catalog', async () => {
    const row = await insertProvider(api.database.db);
    const update = api.database.db
      .update(serviceProviders)
      .set({ province: 'atlantis' })
      .where(eq(serviceProviders.id, row.id));
    expect((await databaseRejection(update)).constraint).toBe('service_providers_province_check');
  });

  it.each([[['laser']], [['cctv', 'laser']], [[]], [['cctv', 'cctv']]])(
    'rejects services %j',
    async (services) => {
      expect(await databaseRejection(insertProviderRow({ services }))).toEqual({
        code: CHECK_VIOLATION,
        constraint: 'service_providers_services_check',
      });
    },
  );

  it.each([
    ['a latitude without a longitude', { latitude: '-26.2041', longitude: null }],
    ['a longitude without a latitude', { latitude: null, longitude: '28.0473' }],
  ])('rejects %s', async (_case, coordinates) => {
    expect(await databaseRejection(insertProviderRow(coordinates))).toEqual({
      code: CHECK_VIOLATION,
      constraint: 'service_providers_coordinates_check',
    });
  });

  it('accepts a provider without coordinates', async () => {
    const row = await insertProvider(api.database.db, { latitude: null, longitude: null });
    expect(row).toMatchObject({ latitude: null, longitude: null });
  });
});

// A status the type refuses, written anyway: the database must refuse it too.
const UNKNOWN_STATUS = 'open' as EnquiryStatus;

describe('customer_enquiries', () => {
  it.each([
    ['status', { status: UNKNOWN_STATUS }, 'customer_enquiries_status_check'],
    ['urgency', { urgency: 'asap' }, 'customer_enquiries_urgency_check'],
    ['budget', { budget: 'cheap' }, 'customer_enquiries_budget_check'],
  ])('rejects a %s outside the spec values', async (_field, overrides, constraint) => {
    expect(await databaseRejection(insertEnquiry(api.database.db, overrides))).toEqual({
      code: CHECK_VIOLATION,
      constraint,
    });
  });

  it('rejects an update to a status outside the spec values', async () => {
    const enquiry = await insertEnquiry(api.database.db);
    const update = api.database.db
      .update(customerEnquiries)
      .set({ status: 'done' as EnquiryStatus })
      .where(eq(customerEnquiries.id, enquiry.id));
    expect((await databaseRejection(update)).constraint).toBe('customer_enquiries_status_check');
  });

  it("defaults urgency to 'medium' and status to 'new', and budget may be left out", async () => {
    const enquiry = await insertEnquiry(api.database.db);
    expect(enquiry).toMatchObject({ urgency: 'medium', status: 'new', budget: null });
  });

  it('keeps the enquiries of a deleted provider, with assigned_provider_id set to null', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db);
    const enquiry = await insertEnquiry(db, {
      assignedProviderId: provider.id,
      status: 'assigned',
    });
    await db.delete(serviceProviders).where(eq(serviceProviders.id, provider.id));
    const rows = await db.select().from(customerEnquiries);
    expect(rows).toEqual([expect.objectContaining({ id: enquiry.id, assignedProviderId: null })]);
  });
});

describe('reviews', () => {
  it('are deleted with their provider', async () => {
    const db = api.database.db;
    const provider = await insertProvider(db);
    const other = await insertProvider(db);
    const review = { customerName: 'Thandi', rating: 5, comment: 'Neat work', serviceType: 'cctv' };
    await db.insert(reviews).values([
      { ...review, providerId: provider.id },
      { ...review, providerId: other.id },
    ]);
    await db.delete(serviceProviders).where(eq(serviceProviders.id, provider.id));
    const rows = await db.select({ providerId: reviews.providerId }).from(reviews);
    expect(rows).toEqual([{ providerId: other.id }]);
  });
});

describe('provider_applications', () => {
  const insertApplication = (email: string, status?: 'pending' | 'approved' | 'rejected') =>
    api.database.db.insert(providerApplications).values({
      businessName: 'Karoo Alarms',
      contactName: 'Pieter Botha',
      email,
      phone: '+27825550199',
      location: 'Bloemfontein',
      province: 'free-state',
      physicalAddress: '12 Nelson Mandela Drive, Bloemfontein',
      services: ['alarms'],
      yearsExperience: 6,
      ...(status ? { status } : {}),
    });

  it('rejects a second pending application with the same e-mail in another case', async () => {
    await insertApplication('Apply@Karoo.co.za');
    expect(await databaseRejection(insertApplication('apply@KAROO.co.za'))).toEqual({
      code: UNIQUE_VIOLATION,
      constraint: 'provider_applications_pending_email_key',
    });
  });

  it('accepts a new pending application next to a rejected one with the same e-mail', async () => {
    await insertApplication('apply@karoo.co.za', 'rejected');
    await insertApplication('Apply@Karoo.co.za');
    expect(await api.database.db.$count(providerApplications)).toBe(2);
  });
});

describe('flash_ads', () => {
  it.each([
    ['priority 0', { priority: 0 }, 'flash_ads_priority_check'],
    ['displayDuration 999', { displayDuration: 999 }, 'flash_ads_display_duration_check'],
  ])('rejects %s', async (_case, overrides, constraint) => {
    expect(await databaseRejection(insertFlashAd(api.database.db, overrides))).toEqual({
      code: CHECK_VIOLATION,
      constraint,
    });
  });

  it('accepts priority 1 and displayDuration 1000', async () => {
    const ad = await insertFlashAd(api.database.db, { priority: 1, displayDuration: 1000 });
    expect(ad).toMatchObject({ priority: 1, displayDuration: 1000 });
  });
});

describe('town_value()', () => {
  const sqlTownValues = async (names: readonly string[]) => {
    const list = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const rows = await queryRows<{ name: string; value: string }>(
      api.database.db,
      sql`SELECT n AS name, town_value(n) AS value FROM unnest(ARRAY[${list}]::text[]) AS n`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  };

  it('equals townValue() for every major town', async () => {
    const names = majorTowns().map((t) => t.name);
    expect(await sqlTownValues(names)).toEqual(
      Object.fromEntries(names.map((n) => [n, townValue(n)])),
    );
  });

  it.each([
    ['  Port  Elizabeth ', 'port-elizabeth'],
    ['Bela-Bela', 'bela-bela'],
    ["King William's Town", 'king-william-s-town'],
  ])('equals townValue() for %j', async (name, expected) => {
    expect(townValue(name)).toBe(expected);
    expect(await sqlTownValues([name])).toEqual({ [name]: expected });
  });
});

describe('service_providers.business_hours', () => {
  it.each([
    ['a text', { monday: '8:00 AM - 5:00 PM' }],
    ['a day that is not a weekday', { funday: null }],
    ['times out of order', { monday: { opens: 1020, closes: 480 } }],
    ['a closing time past midnight', { monday: { opens: 480, closes: 1441 } }],
    ['a minute that is not whole', { monday: { opens: 480.5, closes: 1020 } }],
    ['a key more', { monday: { opens: 480, closes: 1020, note: 'x' } }],
    ['not an object', ['monday']],
  ])(
    'refuses %s: the column holds each day structured or null (is_business_week)',
    async (_, hours) => {
      const [provider] = await insertProviderRow({}).returning({ id: serviceProviders.id });
      expect(
        await databaseRejection(
          api.database.db.execute(
            sql`UPDATE service_providers SET business_hours = ${JSON.stringify(hours)}::jsonb
               WHERE id = ${provider!.id}`,
          ),
        ),
      ).toEqual({ code: CHECK_VIOLATION, constraint: 'service_providers_business_hours_check' });
    },
  );

  it('stores the texts the code writes as minutes, and reads them back as texts', async () => {
    const [provider] = await insertProviderRow({
      businessHours: { monday: '8:30 AM - 5 PM', tuesday: 'Open 24 hours', sunday: 'Closed' },
    }).returning({ id: serviceProviders.id, businessHours: serviceProviders.businessHours });
    expect(provider!.businessHours).toEqual({
      monday: '8:30 AM - 5:00 PM',
      tuesday: 'Open 24 hours',
      sunday: 'Closed',
    });
    expect(
      await queryRows(
        api.database.db,
        sql`SELECT business_hours AS hours FROM service_providers WHERE id = ${provider!.id}`,
      ),
    ).toEqual([
      {
        hours: {
          monday: { opens: 510, closes: 1020 },
          tuesday: { opens: 0, closes: 1440 },
          sunday: null,
        },
      },
    ]);
  });
});
