/**
 * Why a review waits for an admin's check before it is shown and counted: anything that
 * ties it to the provider it praises (docs/decisions/0038-held-reviews-told-truly.md).
 * Each reason is worded twice: for the admins (what was seen) and for the customer (plain
 * words, told when the review is written). None of them proves a fake review; each makes
 * one likely enough that a person looks first.
 *
 * - A provider's session: the request was sent, or the review written, in a browser
 *   signed in as a provider.
 * - The provider's networks: the request, the confirmation of the address or the review
 *   came from a network the provider signed in from (90 days).
 * - Its other customers' networks: ... or from a network another customer of the same
 *   provider used for a request, a confirmation or a review (90 days). Addresses that name
 *   no client (loopback, private networks, a carrier's shared range) tie nothing.
 * - The provider's addresses: the customer's mailbox is a provider account's, or one the
 *   provider used (its application, a request it sent signed in); or the customer's domain
 *   is the provider's own (its e-mail's or its website's), unless it is a mail service.
 * - A burst: more than a few reviews of one provider from new customers within an hour.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { selectRows, type Queryable } from '../../../db/client.ts';
import {
  customerEnquiries as e,
  providerApplications,
  providerSignIns,
  reviews as r,
  serviceProviders,
} from '../../../db/schema.ts';
import { mailboxOf } from '../mail/mailbox.ts';
import { domainOfWebsite, isMailService } from './mail-services.ts';

/** Sign-ins and other customers' visits older than this tie nothing. */
const NETWORK_DAYS = 90;

/**
 * The burst: this many reviews of one provider from new customers (a mailbox with no
 * earlier request on the site) within an hour, this one included, and this one is held.
 */
export const BURST_REVIEWS_IN_AN_HOUR = 4;

/** One reason a review waits for a check, in the admins' words and the customer's. */
export interface HoldReason {
  forAdmins: string;
  forCustomer: string;
}

/** The request being reviewed, as review-invitation.ts reads it. */
export interface ReviewedRequest {
  id: number;
  providerId: number;
  providerName: string;
  customerEmail: string;
  createdAt: Date;
  /** The network the request was sent from. */
  clientAddress: string | null;
  /** The network the customer confirmed the address from. */
  confirmedFrom: string | null;
  senderProviderId: number | null;
}

/** Who is writing the review: the client's network, and a provider signed in there. */
export interface Reviewer {
  reviewerAddress: string;
  reviewerProviderId: number | undefined;
}

/** The three steps from request to review, each from some network. */
const STEPS = [
  {
    of: (request: ReviewedRequest) => request.clientAddress,
    admins: 'The request came from',
    customer: 'Your request came from',
  },
  {
    of: (request: ReviewedRequest) => request.confirmedFrom,
    admins: 'The e-mail address was confirmed from',
    customer: 'Your e-mail address was confirmed from',
  },
  {
    of: (_: ReviewedRequest, reviewer: Reviewer) => reviewer.reviewerAddress,
    admins: 'The review was written from',
    customer: 'Your review was written from',
  },
] as const;

/** Whether an address, as clientNetwork() stores it, stands for a client at all. */
const NOT_A_CLIENT = new Set(['unspecified', 'loopback', 'private', 'linkLocal', 'uniqueLocal']);
function namesAClient(network: string | null): network is string {
  if (!network || network === 'unknown') return false;
  const address = network.includes('/') ? network.slice(0, network.indexOf('/')) : network;
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return !NOT_A_CLIENT.has(range) && range !== 'carrierGradeNat';
}

/** Why the review of `request` waits for a check; empty when nothing ties it. */
export async function holdReasons(
  db: Queryable,
  request: ReviewedRequest,
  reviewer: Reviewer,
): Promise<HoldReason[]> {
  return [
    ...sessionReasons(request, reviewer),
    ...(await networkReasons(db, request, reviewer)),
    ...(await addressReasons(db, request)),
    ...(await burstReasons(db, request)),
  ];
}

function sessionReasons(request: ReviewedRequest, { reviewerProviderId }: Reviewer): HoldReason[] {
  const own = (id: number) => id === request.providerId;
  const signedInAs = (id: number) => (own(id) ? request.providerName : 'another provider');
  const reasons: HoldReason[] = [];
  if (request.senderProviderId !== null) {
    reasons.push({
      forAdmins: own(request.senderProviderId)
        ? 'The request was sent from a browser signed in as this provider.'
        : 'The request was sent from a browser signed in as another provider.',
      forCustomer: `Your request was sent from a browser signed in as ${signedInAs(request.senderProviderId)}.`,
    });
  }
  if (reviewerProviderId !== undefined) {
    reasons.push({
      forAdmins: own(reviewerProviderId)
        ? 'The review was written in a browser signed in as this provider.'
        : 'The review was written in a browser signed in as another provider.',
      forCustomer: `Your review was written in a browser signed in as ${signedInAs(reviewerProviderId)}.`,
    });
  }
  return reasons;
}

async function networkReasons(
  db: Queryable,
  request: ReviewedRequest,
  reviewer: Reviewer,
): Promise<HoldReason[]> {
  // 'unknown' is what clientAddress() answers when the host cannot tell: it ties nothing.
  const networks = STEPS.map((step) => step.of(request, reviewer)).filter(
    (network): network is string => Boolean(network) && network !== 'unknown',
  );
  if (networks.length === 0) return [];
  const recent = sql`now() - make_interval(days => ${NETWORK_DAYS})`;
  const signedInFrom = new Set(
    (
      await db
        .select({ address: providerSignIns.address })
        .from(providerSignIns)
        .where(
          and(
            eq(providerSignIns.providerId, request.providerId),
            inArray(providerSignIns.address, networks),
            gt(providerSignIns.lastSeenAt, recent),
          ),
        )
    ).map((row) => row.address),
  );
  const clientNetworks = networks.filter(namesAClient);
  const otherCustomers = new Set<string>();
  if (clientNetworks.length > 0) {
    const customer = mailboxOf(request.customerEmail);
    const others = await selectRows<{ network: string }>(
      db,
      sql`
      SELECT DISTINCT network FROM (
        SELECT unnest(ARRAY[${e.clientAddress}, ${e.confirmedFrom}]) AS network
          FROM ${e}
         WHERE ${e.assignedProviderId} = ${request.providerId} AND ${e.id} <> ${request.id}
           AND ${e.createdAt} > ${recent} AND ${mailboxOf(e.customerEmail)} <> ${customer}
        UNION ALL
        SELECT ${r.clientAddress}
          FROM ${r} JOIN ${e} ON ${e.id} = ${r.enquiryId}
         WHERE ${r.providerId} = ${request.providerId} AND ${r.createdAt} > ${recent}
           AND ${mailboxOf(e.customerEmail)} <> ${customer}
      ) AS used
       WHERE network IN (${sql.join(
         clientNetworks.map((network) => sql`${network}`),
         sql`, `,
       )})`,
    );
    for (const row of others) otherCustomers.add(row.network);
  }
  const reasons: HoldReason[] = [];
  for (const step of STEPS) {
    const network = step.of(request, reviewer);
    if (!network) continue;
    if (signedInFrom.has(network)) {
      reasons.push({
        forAdmins: `${step.admins} an address this provider signed in from.`,
        forCustomer: `${step.customer} the same internet connection (network address) that ${request.providerName} signed in from.`,
      });
    } else if (otherCustomers.has(network)) {
      reasons.push({
        forAdmins: `${step.admins} a network another customer of this provider used.`,
        forCustomer: `${step.customer} the same internet connection (network address) as another customer of ${request.providerName}.`,
      });
    }
  }
  return reasons;
}

async function addressReasons(db: Queryable, request: ReviewedRequest): Promise<HoldReason[]> {
  const customer = mailboxOf(request.customerEmail);
  const reasons: HoldReason[] = [];
  const [providerAccount] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(sql`${mailboxOf(serviceProviders.email)} = ${customer}`)
    .limit(1);
  if (providerAccount) {
    reasons.push({
      forAdmins: 'The customer’s e-mail address belongs to a provider account.',
      forCustomer: 'Your e-mail address belongs to a provider’s account on Verified Providers.',
    });
  }
  const [usedByProvider] = await selectRows<{ used: boolean }>(
    db,
    sql`
    SELECT EXISTS (
      SELECT 1 FROM ${providerApplications}
       WHERE ${providerApplications.providerId} = ${request.providerId}
         AND ${mailboxOf(providerApplications.email)} = ${customer}
      UNION ALL
      SELECT 1 FROM ${e}
       WHERE ${e.senderProviderId} = ${request.providerId} AND ${e.id} <> ${request.id}
         AND ${mailboxOf(e.customerEmail)} = ${customer}
    ) AS used`,
  );
  if (!providerAccount && usedByProvider?.used) {
    reasons.push({
      forAdmins: 'The customer’s e-mail address is one this provider has used.',
      forCustomer: `Your e-mail address is one ${request.providerName} has used on Verified Providers.`,
    });
  }
  const domain = request.customerEmail.slice(request.customerEmail.lastIndexOf('@') + 1);
  if (await isProvidersOwnDomain(db, request.providerId, domain)) {
    reasons.push({
      forAdmins: `The customer’s e-mail address is at this provider’s own domain (${domain.toLowerCase()}).`,
      forCustomer: `Your e-mail address is at the same domain as the e-mail or website of ${request.providerName}.`,
    });
  }
  return reasons;
}

/** Whether `domain` is the provider's own: its e-mail's or its website's, not a mail service. */
async function isProvidersOwnDomain(
  db: Queryable,
  providerId: number,
  domain: string,
): Promise<boolean> {
  const name = domain.toLowerCase();
  const [provider] = await db
    .select({ email: serviceProviders.email, website: serviceProviders.website })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId));
  if (!provider) return false;
  const own = [
    provider.email.slice(provider.email.lastIndexOf('@') + 1).toLowerCase(),
    domainOfWebsite(provider.website),
  ];
  if (!own.includes(name)) return false;
  return !(await isMailService(db, name));
}

async function burstReasons(db: Queryable, request: ReviewedRequest): Promise<HoldReason[]> {
  // A customer is new when its mailbox sent no request before the reviewed one.
  const isNew = (enquiry: typeof e) => sql`NOT EXISTS (
    SELECT 1 FROM ${e} AS earlier
     WHERE mailbox_of(earlier.customer_email) = ${mailboxOf(enquiry.customerEmail)}
       AND earlier.created_at < ${enquiry.createdAt})`;
  const [counted] = await selectRows<{ newCustomer: boolean; earlier: number }>(
    db,
    sql`
    SELECT (SELECT ${isNew(e)} FROM ${e} WHERE ${e.id} = ${request.id}) AS "newCustomer",
           (SELECT count(*)::int FROM ${r} JOIN ${e} ON ${e.id} = ${r.enquiryId}
             WHERE ${r.providerId} = ${request.providerId}
               AND ${r.createdAt} > now() - interval '1 hour'
               AND ${isNew(e)}) AS earlier`,
  );
  if (!counted?.newCustomer || counted.earlier + 1 < BURST_REVIEWS_IN_AN_HOUR) return [];
  return [
    {
      forAdmins: `This provider received ${counted.earlier + 1} reviews from new customers within an hour.`,
      forCustomer: `${request.providerName} received several reviews from new customers within an hour, so each one is checked.`,
    },
  ];
}
