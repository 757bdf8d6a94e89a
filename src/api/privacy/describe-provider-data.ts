/**
 * What a provider's "Your data" page shows (docs/decisions/0053): from the rows gathered
 * about its address through the same map as a customer's (gather-personal-data.ts), its
 * profile, applications, checks and documents, with the requests it received and the
 * reviews about it, who in our team looked, and, once closed, the day it is erased.
 */
import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  enquiryAssignments as a,
  reviews as r,
} from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { CHECKS } from '../../lib/catalog/checks.ts';
import { provinceName } from '../../lib/catalog/provinces.ts';
import { formatDate } from '../../lib/format.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { periodInWords, RETENTION } from '../../lib/retention.ts';
import { erasedOn } from './close-provider-account.ts';
import { describePersonalData } from './describe-personal-data.ts';
import { gatherPersonalData, type HeldData, type HeldRow } from './gather-personal-data.ts';
import { whoLooked, type Look } from './who-looked.ts';

export interface ProviderDataView {
  profile: { label: string; value: string }[];
  applications: { submittedAt: string; status: string }[];
  checks: { check: string; status: string; validUntil: string | null }[];
  documents: { check: string; fileName: string; uploadedAt: string }[];
  enquiries: { reference: string; service: string; status: string; receivedAt: string }[];
  reviews: { rating: number; comment: string; writtenAt: string }[];
  whoLooked: Look[];
  closedAt: string | null;
  /** The day the account's data is erased, once closed. */
  erasedOn: string | null;
  /** The retention the checks need, in words, from the schedule. */
  retention: string;
}

/** A stored value as text: rows come from to_jsonb, so strings, numbers, booleans, arrays. */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : Array.isArray(value)
      ? value.map(text).join(', ')
      : value === null || value === undefined
        ? ''
        : JSON.stringify(value);

const checkLabel = (type: string) => CHECKS.find((c) => c.type === type)?.label ?? type;

/** The profile's fields as the page names them, each read as the public pages show it. */
const PROFILE_FIELDS: [string, string, ((value: unknown) => string)?][] = [
  ['name', 'Business name'],
  ['contact_name', 'Contact name'],
  ['email', 'E-mail'],
  ['phone', 'Phone'],
  ['location', 'Location'],
  ['province', 'Province', (v) => provinceName(text(v))],
  [
    'services',
    'Services',
    (v) => (Array.isArray(v) ? v.map((s) => serviceName(String(s))) : []).join(', '),
  ],
  ['website', 'Website'],
  ['vat_number', 'VAT number'],
  ['registered_name', 'Registered name'],
  ['created_at', 'Listed since', (v) => formatDate(text(v))],
];

/** Everything gathered about a provider's address, and the view a customer's centre gives. */
export async function providerData(db: Queryable, provider: { email: string }) {
  const held = await gatherPersonalData(db, provider.email);
  return { held, view: await describePersonalData(db, provider.email, held) };
}

export async function describeProviderData(
  db: Queryable,
  providerId: number,
  data: HeldData,
): Promise<ProviderDataView> {
  const own = (data.records.service_providers ?? []).find((row) => row.id === providerId);
  if (!own) throw new Error(`Provider ${providerId} was not gathered by its own address`);
  const ofProvider = (rows: HeldRow[] | undefined) =>
    (rows ?? []).filter((row) => row.provider_id === providerId);
  const enquiries = await db
    .selectDistinct({
      id: e.id,
      createdAt: e.createdAt,
      serviceType: e.serviceType,
      status: e.status,
      assignedAt: a.assignedAt,
    })
    .from(a)
    .innerJoin(e, eq(e.id, a.enquiryId))
    .where(eq(a.providerId, providerId))
    .orderBy(desc(a.assignedAt));
  const reviews = await db
    .select({ rating: r.rating, comment: r.comment, writtenAt: r.createdAt })
    .from(r)
    .where(eq(r.providerId, providerId))
    .orderBy(desc(r.createdAt));
  const closedAt = typeof own.closed_at === 'string' ? own.closed_at : null;
  return {
    profile: PROFILE_FIELDS.filter(([column]) => text(own[column]) !== '').map(
      ([column, label, read = text]) => ({ label, value: read(own[column]) }),
    ),
    applications: (data.records.provider_applications ?? []).map((row) => ({
      submittedAt: text(row.created_at),
      status: text(row.status),
    })),
    checks: ofProvider(data.records.provider_checks).map((row) => ({
      check: checkLabel(text(row.check_type)),
      status: text(row.status),
      validUntil: typeof row.valid_until === 'string' ? row.valid_until : null,
    })),
    documents: (data.records.evidence_documents ?? []).map((row) => ({
      check: checkLabel(text(row.check_type)),
      fileName: text(row.file_name),
      uploadedAt: text(row.created_at),
    })),
    enquiries: enquiries.map((row) => ({
      reference: requestReference(row.id, row.createdAt),
      service: serviceName(row.serviceType),
      status: row.status,
      receivedAt: row.assignedAt.toISOString(),
    })),
    reviews: reviews.map((row) => ({
      rating: row.rating,
      comment: row.comment,
      writtenAt: row.writtenAt.toISOString(),
    })),
    whoLooked: await whoLooked(db, data),
    closedAt,
    erasedOn: closedAt ? erasedOn(closedAt).toISOString() : null,
    retention: `${periodInWords(RETENTION.closedProviderAccounts.days)} after ${RETENTION.closedProviderAccounts.from}`,
  };
}
