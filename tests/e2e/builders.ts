/**
 * Test data with unique values: every test makes its own providers, applications and
 * enquiries and finds them again by their unique names and e-mail addresses, whatever
 * other tests do on the same server at the same time.
 */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import { offersSecurityServices } from '../../src/lib/catalog/checks.ts';
import { CHECKS_CONSENT } from '../../src/lib/catalog/consent.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_STARTING_PRICE,
} from '../../src/lib/catalog/enquiry-options.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Six letters no other test uses (26^6 choices), capitalised: a word for names (letters
 * only, so every name rule takes it) and, lower-cased, for e-mail addresses.
 */
export function uniqueTag(): string {
  const letters = Array.from({ length: 6 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return letters[0]!.toUpperCase() + letters.slice(1);
}

/**
 * The fields of POST /api/admin/providers for a new approved provider: with a starting
 * price and the default week of hours, as the spec's Add Provider sends them (the server
 * stores none it is not given).
 */
export function newProviderFields(overrides: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  return {
    startingPrice: DEFAULT_STARTING_PRICE,
    businessHours: { ...DEFAULT_BUSINESS_HOURS },
    name: `${tag} Network Works`,
    contactName: 'Sipho Dlamini',
    description: 'Network cabling and Wi-Fi for homes and offices across the province.',
    location: 'Durban',
    province: 'kwazulu-natal',
    services: ['network', 'wifi'],
    phone: '031 555 0142',
    // At a domain of its own, as a business is: a domain shared with its customers would
    // hold their reviews (src/api/reviews/hold-reasons.ts).
    email: `info@${tag.toLowerCase()}-networks.example.co.za`,
    yearsExperience: 6,
    ...overrides,
  };
}

/**
 * A provider of the Free State for CCTV and networks, named and addressed with `tag`: the
 * fields of POST /api/admin/providers as Add Provider would send them.
 */
export const karooProvider = (tag: string) => ({
  name: `${tag} Fibre & Cameras`,
  email: `karoo.${tag.toLowerCase()}@example.co.za`,
  location: 'Bloemfontein',
  province: 'free-state',
  services: ['cctv', 'network'],
  description: 'Fibre backbones and camera systems for farms and towns across the Free State.',
  phone: '051 555 0123',
  yearsExperience: 9,
});

/** A body of POST /api/provider-applications. */
export function newApplication(overrides: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  const application = {
    businessName: `${tag} Alarm Works`,
    contactName: 'Pieter Botha',
    email: `apply.${tag.toLowerCase()}@example.co.za`,
    phone: '082 555 1234',
    location: 'George',
    province: 'western-cape',
    physicalAddress: '12 York Street, George',
    services: ['cctv', 'alarms'],
    yearsExperience: 7,
    legalForm: 'company',
    cipcNumber: '2016/234567/07',
    psiraNumber: '2345678',
    psiraValidUntil: addDays(saToday(), 200),
    consentVersion: CHECKS_CONSENT.version,
    ...overrides,
  };
  // PSIRA is asked of security services only (the API refuses it for others).
  return offersSecurityServices(application.services)
    ? application
    : { ...application, psiraNumber: undefined, psiraValidUntil: undefined };
}

/** A body of POST /api/enquiries for a provider. */
export function newEnquiry(assignedProviderId: number, overrides: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  return {
    customerName: `Lerato M${tag.toLowerCase()}`,
    customerEmail: `customer.${tag.toLowerCase()}@example.co.za`,
    customerPhone: '082 555 0199',
    serviceType: 'wifi',
    location: 'Umhlanga',
    description: 'Wi-Fi dead spots on the second floor of our guest house.',
    budget: '5000-10000',
    urgency: 'high',
    assignedProviderId,
    ...overrides,
  };
}

/** A flash ad's title and subtitle; the title starts with a tag no other test's ad has. */
export function newFlashAd(title: string, subtitle: string) {
  return { title: `${uniqueTag()} ${title}`, subtitle };
}

/** Posts what a public form sends to the route that makes the row; answers the row's id. */
async function postForId(request: APIRequestContext, path: string, data: object): Promise<number> {
  const created = await request.post(path, { data });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Sends an application; answers its id. */
export function apply(
  request: APIRequestContext,
  application: ReturnType<typeof newApplication>,
): Promise<number> {
  return postForId(request, '/api/provider-applications', application);
}

/** Sends a service request; answers its id. */
export function sendEnquiry(
  request: APIRequestContext,
  enquiry: ReturnType<typeof newEnquiry>,
): Promise<number> {
  return postForId(request, '/api/enquiries', enquiry);
}

/**
 * Uploads a photo as the join form does (a ticket, then the bytes); answers the upload
 * URL an application names as its profileImage.
 */
export async function uploadApplicationPhoto(
  request: APIRequestContext,
  file: string,
): Promise<string> {
  const ticket = await request.post('/api/public/objects/upload');
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { uploadURL } = (await ticket.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, {
    headers: { 'content-type': 'image/webp' },
    data: readFileSync(file),
  });
  expect(put.status(), await put.text()).toBe(200);
  return uploadURL;
}
