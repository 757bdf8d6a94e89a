/**
 * The admin's lists are paged on the server with their totals:
 * providers, applications, enquiries and reviews answer one page (25 by default, at most
 * 100) as the same JSON array as before, with X-Total-Count; newest first, ties broken
 * by id, so pages never overlap or skip; nothing is cut at 500. The CSV exports still
 * carry every row.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerEnquiries,
  providerApplications,
  reviews,
  serviceProviders,
} from '../../db/schema.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { insertProviders, sendAs } from '../helpers/api-fixtures.ts';
import { buildProvider } from '../helpers/builders.ts';
import { csvBody, csvRecords } from '../helpers/csv-download.ts';
import { expectError } from '../helpers/error-answer.ts';
import { useTestApi } from '../helpers/test-api.ts';

const ROWS = 600;

const api = useTestApi();
let token: string;
/** Ids per list, newest first (the order the lists answer). */
const newestFirst: Record<string, number[]> = {};

beforeAll(async () => {
  const db = api.database.db;
  token = await adminSession(api, (await createTestAdmin(api)).id);

  // Providers: one statement, so they share one creation time and the id breaks ties.
  // Ten of them are unapproved wifi installers called Zebra, for the filters.
  const providerIds = await insertProviders(db, ROWS - 10);
  const zebras = await db
    .insert(serviceProviders)
    .values(
      Array.from({ length: 10 }, (_, i) =>
        buildProvider({ name: `Zebra Networks ${i}`, services: ['wifi'], isApproved: false }),
      ),
    )
    .returning({ id: serviceProviders.id });
  newestFirst.providers = [...providerIds, ...zebras.map((z) => z.id)].sort((a, b) => b - a);
  newestFirst.zebras = zebras.map((z) => z.id).sort((a, b) => b - a);

  const applications = await db
    .insert(providerApplications)
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        businessName: `Applicant ${i}`,
        contactName: 'Thandi Nkosi',
        email: `applicant${i}@example.co.za`,
        phone: '+27825550101',
        location: 'Sandton',
        province: 'gauteng',
        physicalAddress: '12 Rivonia Road, Sandton',
        services: ['cctv'],
        yearsExperience: 3,
        // The creation times run backwards from the id for half of them: the list follows
        // the time, not the id.
        createdAt: new Date(Date.UTC(2026, 0, 1) + (i % 2 === 0 ? i : -i) * 60_000),
      })),
    )
    .returning({ id: providerApplications.id, createdAt: providerApplications.createdAt });
  newestFirst.applications = applications
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .map((a) => a.id);

  const enquiries = await db
    .insert(customerEnquiries)
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        customerName: `Customer ${i}`,
        customerEmail: `customer${i}@example.com`,
        serviceType: 'cctv',
        location: i % 4 === 0 ? 'Paarl' : 'Johannesburg',
        description: 'Four cameras for a house',
        status: i % 3 === 0 ? ('completed' as const) : ('new' as const),
      })),
    )
    .returning({
      id: customerEnquiries.id,
      status: customerEnquiries.status,
      location: customerEnquiries.location,
    });
  newestFirst.enquiries = enquiries.map((e) => e.id).sort((a, b) => b - a);
  newestFirst.completedInPaarl = enquiries
    .filter((e) => e.status === 'completed' && e.location === 'Paarl')
    .map((e) => e.id)
    .sort((a, b) => b - a);

  const reviewed = providerIds[0]!;
  const reviewRows = await db
    .insert(reviews)
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        providerId: reviewed,
        customerName: `Reviewer ${i}`,
        rating: (i % 5) + 1,
        comment: 'Tidy work and a clear quote.',
        serviceType: 'cctv',
      })),
    )
    .returning({ id: reviews.id });
  newestFirst.reviews = reviewRows.map((r) => r.id).sort((a, b) => b - a);
  await db.execute(sql`ANALYZE`);
}, 120_000);

const get = (path: string) => sendAs(api, token, 'GET', path);

async function page(path: string): Promise<{ ids: number[]; total: number; status: number }> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  const body = (await response.json()) as { id: number }[];
  expect(Array.isArray(body)).toBe(true);
  return {
    ids: body.map((row) => row.id),
    total: Number(response.headers.get('x-total-count')),
    status: response.status,
  };
}

const LISTS = [
  ['providers', '/api/admin/providers'],
  ['applications', '/api/admin/applications'],
  ['enquiries', '/api/admin/enquiries'],
  ['reviews', '/api/admin/reviews'],
] as const;

describe.each(LISTS)('GET %s', (name, path) => {
  const all = () => newestFirst[name]!;

  it('answers the first 25, newest first, with the total', async () => {
    const first = await page(path);
    expect(first.total).toBe(ROWS);
    expect(first.ids).toEqual(all().slice(0, 25));
  });

  it(`pages through all ${ROWS} (not cut at 500), 100 at a time, without overlap`, async () => {
    const seen: number[] = [];
    for (let n = 1; n <= 6; n++) {
      const { ids, total } = await page(`${path}?page=${n}&limit=100`);
      expect(total).toBe(ROWS);
      expect(ids).toHaveLength(100);
      seen.push(...ids);
    }
    expect(seen).toEqual(all());
    const after = await page(`${path}?page=7&limit=100`);
    expect(after).toMatchObject({ ids: [], total: ROWS });
  });

  it('answers a middle page of another size', async () => {
    const { ids, total } = await page(`${path}?page=3&limit=7`);
    expect(total).toBe(ROWS);
    expect(ids).toEqual(all().slice(14, 21));
  });

  it.each([
    ['page=0', 'page'],
    ['page=-2', 'page'],
    ['page=2.5', 'page'],
    ['page=two', 'page'],
    ['page=100001', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=1e2', 'limit'],
  ])('answers 400 for ?%s', async (query, field) => {
    const body = await expectError(await get(`${path}?${query}`), 400);
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });
});

describe('the filters stay, and the total counts what they match', () => {
  it('the enquiry desk: status and search, paged', async () => {
    const expected = newestFirst.completedInPaarl!;
    const first = await page('/api/admin/enquiries?status=completed&search=paarl&limit=10');
    expect(first.total).toBe(expected.length);
    expect(first.ids).toEqual(expected.slice(0, 10));
    const second = await page('/api/admin/enquiries?status=completed&search=paarl&limit=10&page=2');
    expect(second.ids).toEqual(expected.slice(10, 20));
  });

  it('providers: search, service and approval', async () => {
    const zebras = newestFirst.zebras!;
    expect(await page('/api/admin/providers?search=zebra&limit=4')).toMatchObject({
      total: 10,
      ids: zebras.slice(0, 4),
    });
    expect(await page('/api/admin/providers?approved=false')).toMatchObject({
      total: 10,
      ids: zebras,
    });
    expect(await page('/api/admin/providers?serviceType=wifi&approved=true')).toMatchObject({
      total: 0,
      ids: [],
    });
    const approved = await page('/api/admin/providers?approved=true&serviceType=cctv&limit=5');
    expect(approved.total).toBe(ROWS - 10);
    expect(approved.ids).toEqual(
      newestFirst.providers!.filter((id) => !zebras.includes(id)).slice(0, 5),
    );
  });

  it.each([
    ['/api/admin/providers?approved=maybe', 'approved'],
    ['/api/admin/providers?serviceType=plumbing', 'serviceType'],
    [`/api/admin/providers?search=${'x'.repeat(101)}`, 'search'],
    ['/api/admin/enquiries?status=lost', 'status'],
  ])('answers 400 for %s', async (path, field) => {
    const body = await expectError(await get(path), 400);
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });
});

describe('the CSV exports still carry every row', () => {
  it.each([
    ['providers', ROWS],
    ['enquiries', ROWS],
  ])('%s.csv', async (name, count) => {
    const response = await get(`/api/admin/exports/${name}.csv`);
    expect(response.status).toBe(200);
    expect(csvRecords(await csvBody(response))).toHaveLength(count);
  });
});
