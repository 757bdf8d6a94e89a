/**
 * What the privacy centre shows for an address: the rows gathered through the map, in
 * the person's words (requests with who received and opened them, messages, mail,
 * consents and objections), beside the rows themselves for the download.
 */
import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { serviceProviders } from '../../../db/schema.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { NEWS_CONSENT } from '../../lib/consents.ts';
import { CASE_KIND_LABELS, type CaseKind } from '../../lib/privacy-cases.ts';
import { requestReference } from '../../lib/request-reference.ts';
import { contactReference } from '../../lib/schemas/contact-message.ts';
import type { HeldData, HeldRow } from './gather-personal-data.ts';
import { whoLooked, type Look } from './who-looked.ts';

export interface HeldRequest {
  reference: string;
  service: string;
  location: string;
  status: string;
  sentAt: string;
  closedAt: string | null;
  name: string;
  phone: string | null;
  description: string;
  brief: Record<string, unknown> | null;
  photos: number;
  /** Who received the request and what they did with it, as far as the data shows. */
  receivedBy: {
    provider: string;
    from: string;
    until: string | null;
    respondedAt: string | null;
  }[];
  openedByProviderAt: string | null;
  review: { rating: number; comment: string; writtenAt: string } | null;
}

export interface HeldMail {
  to: string;
  subject: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  /** To the person, or to someone else about the person's request (a provider). */
  toYou: boolean;
}

export interface PersonalDataView {
  email: string;
  requests: HeldRequest[];
  contactMessages: { reference: string; topic: string; message: string; sentAt: string }[];
  mails: HeldMail[];
  objectedAt: string | null;
  /** Every consent the address gave, with the wording's version, newest first. */
  consents: {
    what: string;
    version: string;
    givenAt: string;
    withdrawnAt: string | null;
    /** How to withdraw it where the centre cannot. */
    withdraw: string | null;
  }[];
  /** The opt-in to news the centre offers, and whether it stands. */
  newsConsent: { wording: string; version: string; standing: boolean };
  /** Records of other kinds the address has (a provider account, an application...). */
  otherRecords: { what: string; count: number; where: string }[];
  /** Who in our team can see what. */
  teamAccess: string;
  /** Requests to the information officer, and the answers. */
  cases: {
    kind: string;
    message: string;
    receivedAt: string;
    dueAt: string;
    answeredAt: string | null;
    reply: string | null;
  }[];
  /** Each time a member of our team opened or exported this person's records. */
  whoLooked: Look[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const maybeText = (value: unknown) => (typeof value === 'string' ? value : null);
const rows = (data: HeldData, table: keyof HeldData['records']): HeldRow[] =>
  data.records[table] ?? [];

export async function describePersonalData(
  db: Queryable,
  email: string,
  data: HeldData,
): Promise<PersonalDataView> {
  const enquiries = rows(data, 'customer_enquiries');
  const assignments = rows(data, 'enquiry_assignments');
  const providerIds = [...new Set(assignments.map((a) => a.provider_id as number))];
  const providerNames = new Map(
    providerIds.length === 0
      ? []
      : (
          await db
            .select({ id: serviceProviders.id, name: serviceProviders.name })
            .from(serviceProviders)
            .where(inArray(serviceProviders.id, providerIds))
        ).map((p) => [p.id, p.name]),
  );
  const requests = enquiries
    .sort((a, b) => text(b.created_at).localeCompare(text(a.created_at)))
    .map((e): HeldRequest => {
      const id = e.id as number;
      const review = rows(data, 'reviews').find((r) => r.enquiry_id === id);
      return {
        reference: requestReference(id, text(e.created_at)),
        service: serviceName(text(e.service_type)),
        location: text(e.location),
        status: text(e.status),
        sentAt: text(e.created_at),
        closedAt: maybeText(e.closed_at),
        name: text(e.customer_name),
        phone: maybeText(e.customer_phone),
        description: text(e.description),
        brief: (e.brief as Record<string, unknown> | null) ?? null,
        photos: rows(data, 'enquiry_photos').filter((p) => p.enquiry_id === id).length,
        receivedBy: assignments
          .filter((a) => a.enquiry_id === id)
          .map((a) => ({
            provider: providerNames.get(a.provider_id as number) ?? 'A provider no longer listed',
            from: text(a.assigned_at),
            until: maybeText(a.ended_at),
            respondedAt: maybeText(a.first_response_at),
          })),
        openedByProviderAt: maybeText(e.seen_at),
        review: review
          ? {
              rating: review.rating as number,
              comment: text(review.comment),
              writtenAt: text(review.created_at),
            }
          : null,
      };
    });
  const addresses = new Set(data.addresses);
  const mails = rows(data, 'outbox')
    .filter((row) => row.kind === 'mail')
    .map((row): HeldMail => {
      const payload = (row.payload ?? {}) as Record<string, unknown>;
      const to = text(payload.to);
      return {
        to,
        subject: text(payload.subject) || '(text erased)',
        status: text(row.status),
        createdAt: text(row.created_at),
        sentAt: maybeText(row.sent_at),
        toYou: addresses.has(to.toLowerCase()),
      };
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const other: PersonalDataView['otherRecords'] = [];
  const count = (table: keyof HeldData['records'], what: string, where: string) => {
    const n = rows(data, table).length;
    if (n > 0) other.push({ what, count: n, where });
  };
  count('service_providers', 'A provider listing and account', 'your provider dashboard');
  count(
    'provider_applications',
    'An application to join as a provider',
    'your provider dashboard, or our information officer',
  );
  count('admin_users', 'A team member’s account', 'our information officer');
  const [objection] = rows(data, 'privacy_objections');
  const consents: PersonalDataView['consents'] = [
    ...rows(data, 'consents').map((c) => ({
      what:
        c.wording_version === NEWS_CONSENT.version
          ? NEWS_CONSENT.wording
          : 'News and offers by e-mail',
      version: text(c.wording_version),
      givenAt: text(c.given_at),
      withdrawnAt: maybeText(c.withdrawn_at),
      withdraw: null,
    })),
    ...rows(data, 'provider_applications')
      .filter((a) => typeof a.consent_version === 'string')
      .map((a) => ({
        what: 'The checks of your business and its owner, when you applied to join',
        version: text(a.consent_version),
        givenAt: text(a.consented_at),
        withdrawnAt: null,
        withdraw:
          'Withdrawing it ends the checks, and with them the Verified badge: write to our information officer.',
      })),
  ].sort((a, b) => b.givenAt.localeCompare(a.givenAt));
  return {
    email,
    requests,
    contactMessages: rows(data, 'contact_messages').map((m) => ({
      reference: contactReference(m.id as number, text(m.created_at)),
      topic: text(m.topic),
      message: text(m.message),
      sentAt: text(m.created_at),
    })),
    mails,
    objectedAt: objection ? text(objection.objected_at) : null,
    consents,
    newsConsent: {
      wording: NEWS_CONSENT.wording,
      version: NEWS_CONSENT.version,
      standing: rows(data, 'consents').some((c) => c.withdrawn_at === null),
    },
    otherRecords: other,
    teamAccess:
      'Our enquiry desk (members of our team) can open every request to follow it up. Each time one of them opened your contact details, a site photo or a document, or exported your records to a spreadsheet, is recorded and listed here.',
    whoLooked: await whoLooked(db, data),
    cases: rows(data, 'privacy_cases')
      .map((c) => ({
        kind: CASE_KIND_LABELS[c.kind as CaseKind],
        message: text(c.message),
        receivedAt: text(c.received_at),
        dueAt: text(c.due_at),
        answeredAt: maybeText(c.replied_at),
        reply: maybeText(c.reply),
      }))
      .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)),
  };
}
