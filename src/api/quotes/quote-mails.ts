/**
 * The mails of quotes, acceptance, variations and completion (docs/decisions/0051). The
 * customer's carry a link to the request's page and, where there is one, to the PDF,
 * both with a status token of their own (status-tokens.ts); the providers' lead to the
 * dashboard, where the PDFs are behind their session.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { requestStatusLinks, serviceProviders as p } from '../../../db/schema.ts';
import { formatDay } from '../../lib/calendar-days.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import { formatCents } from '../../lib/quotes.ts';
import { enqueueMail, type EnqueueOptions } from '../jobs/enqueue.ts';
import { letter } from '../mail/letter.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { groupReference } from '../requests/request-group.ts';
import { newStatusToken, statusPageLink } from '../requests/status-tokens.ts';
import { copyWithProvider } from './copy-with-provider.ts';

/**
 * What a mail to the provider of a copy needs: who it is, the request's reference and the
 * copy's page in the dashboard. Undefined for a copy without a provider.
 */
async function providerOfCopy(
  db: Queryable,
  { enquiryId, siteUrl }: { enquiryId: number; siteUrl: string },
) {
  const copy = await copyWithProvider(db, enquiryId);
  if (!copy || copy.providerName === null || copy.email === null) return undefined;
  return {
    provider: { name: copy.providerName, email: copy.email },
    reference: groupReference(copy),
    dashboardUrl: new URL(`/dashboard?enquiry=${enquiryId}`, siteUrl).href,
  };
}

/**
 * What a mail to the customer of a copy about its provider's step needs: the provider's
 * name, the request's reference and a new link to the status page. Undefined while the
 * customer has not confirmed the address (nothing is mailed then).
 */
async function customerOfCopy(
  db: Queryable,
  copy: { id: number; groupId: number | null; createdAt: Date; emailConfirmedAt: Date | null },
  { providerId, siteUrl }: { providerId: number; siteUrl: string },
) {
  const [provider] = await db.select({ name: p.name }).from(p).where(eq(p.id, providerId));
  if (!copy.emailConfirmedAt || !provider) return undefined;
  const { statusUrl } = await customerLinks(db, { enquiryId: copy.id, siteUrl });
  return { providerName: provider.name, reference: groupReference(copy), statusUrl };
}

/** Queues the mail `message` writes to the provider of a copy; none for a copy without one. */
export async function mailProviderOfCopy(
  db: Queryable,
  copy: { enquiryId: number; siteUrl: string },
  message: (to: NonNullable<Awaited<ReturnType<typeof providerOfCopy>>>) => MailMessage,
): Promise<void> {
  const to = await providerOfCopy(db, copy);
  if (to) await enqueueMail(db, message(to));
}

/**
 * Queues the mail `message` writes to the customer of a copy about its provider's step,
 * and tells whether it did: not while the customer has not confirmed the address.
 */
export async function mailCustomerOfCopy(
  db: Queryable,
  copy: Parameters<typeof customerOfCopy>[1],
  step: { providerId: number; siteUrl: string },
  message: (to: NonNullable<Awaited<ReturnType<typeof customerOfCopy>>>) => MailMessage,
  options?: EnqueueOptions,
): Promise<boolean> {
  const to = await customerOfCopy(db, copy, step);
  if (to) await enqueueMail(db, message(to), options);
  return to !== undefined;
}

/** A new token for the customer's page of a copy, with the page's address and the PDF's. */
export async function customerLinks(
  db: Queryable,
  { enquiryId, siteUrl }: { enquiryId: number; siteUrl: string },
) {
  const { token, hash } = newStatusToken();
  await db.insert(requestStatusLinks).values({ tokenHash: hash, enquiryId });
  const pdf = (path: string) => {
    const url = new URL(path, siteUrl);
    url.searchParams.set('token', token);
    return url.href;
  };
  return {
    statusUrl: statusPageLink(siteUrl, token),
    quotePdfUrl: (quoteId: number) => pdf(`/api/requests/quotes/${quoteId}/pdf`),
    jobPdfUrl: () => pdf('/api/requests/job/pdf'),
  };
}

interface Customer {
  customerName: string;
  customerEmail: string;
  serviceType: string;
}

interface Provider {
  name: string;
  email: string;
}

const priceLine = (totalCents: number, vatCents: number) =>
  vatCents > 0
    ? `${formatCents(totalCents)} including VAT of ${formatCents(vatCents)}`
    : `${formatCents(totalCents)} (no VAT: the provider is not VAT-registered)`;

export function quoteSentMessage(
  customer: Customer,
  quote: {
    providerName: string;
    version: number;
    totalCents: number;
    vatCents: number;
    validUntil: string;
  },
  { reference, statusUrl, pdfUrl }: { reference: string; statusUrl: string; pdfUrl: string },
): MailMessage {
  const what = quote.version > 1 ? `a revised quote (version ${quote.version})` : 'a quote';
  return {
    to: customer.customerEmail,
    subject: `${quote.providerName} sent ${what} for ${reference}`,
    text: letter(`Hi ${customer.customerName},`, [
      `${quote.providerName} sent ${what} for your ${serviceName(customer.serviceType)} request ${reference}:`,
      priceLine(quote.totalCents, quote.vatCents),
      `Valid until ${formatDay(quote.validUntil)}.`,
      '',
      'Compare the quotes, accept one or decline with a reason on your request page:',
      statusUrl,
      '',
      'The quote as a PDF:',
      pdfUrl,
    ]),
    buttons: [{ url: statusUrl, label: 'Compare quotes' }],
  };
}

export function preparationFeeAskedMessage(
  customer: Customer,
  { providerName, feeCents }: { providerName: string; feeCents: number },
  { reference, statusUrl }: { reference: string; statusUrl: string },
): MailMessage {
  return {
    to: customer.customerEmail,
    subject: `${providerName} asks a fee to prepare a quote for ${reference}`,
    text: letter(`Hi ${customer.customerName},`, [
      `${providerName} needs to prepare the quote for ${reference} (for example with a site visit) and asks ${formatCents(feeCents)} for it.`,
      'You owe it only if you agree before the visit. Agree or decline on your request page:',
      statusUrl,
    ]),
    buttons: [{ url: statusUrl, label: 'Answer' }],
  };
}

export function preparationFeeAnsweredMessage(
  provider: Provider,
  { reference, feeCents, agreed }: { reference: string; feeCents: number; agreed: boolean },
  dashboardUrl: string,
): MailMessage {
  return {
    to: provider.email,
    subject: `The customer ${agreed ? 'agreed to' : 'declined'} the preparation fee for ${reference}`,
    text: letter(`Hi ${provider.name},`, [
      agreed
        ? `The customer agreed to your fee of ${formatCents(feeCents)} for preparing the quote for ${reference}.`
        : `The customer declined your fee of ${formatCents(feeCents)} for preparing the quote for ${reference}: a quote you send them cannot charge for its preparation.`,
      '',
      `Your dashboard: ${dashboardUrl}`,
    ]),
  };
}

export function quoteAcceptedMessage(
  provider: Provider,
  { reference, version, totalCents }: { reference: string; version: number; totalCents: number },
  dashboardUrl: string,
): MailMessage {
  return {
    to: provider.email,
    subject: `Your quote for ${reference} was accepted`,
    text: letter(`Hi ${provider.name},`, [
      `The customer accepted version ${version} of your quote for ${reference}. The agreed price is ${formatCents(totalCents)}.`,
      'Any extra cost is a variation: propose it with its lines and reason from your dashboard, and the customer approves or declines it in writing. You cannot complete the job at a higher total than the agreed one.',
      '',
      `The agreed job and its PDF are in your dashboard: ${dashboardUrl}`,
    ]),
  };
}

/** To each other provider of the group, at once: politely, and without naming anyone. */
export function quoteNotChosenMessage(
  provider: Provider,
  { reference }: { reference: string },
  dashboardUrl: string,
): MailMessage {
  return {
    to: provider.email,
    subject: `Request ${reference}: the customer chose another provider`,
    text: letter(`Hi ${provider.name},`, [
      `Thank you for your time on request ${reference}. The customer has chosen another provider's quote this time, so the request is closed for you and nothing more is needed.`,
      '',
      `Your dashboard: ${dashboardUrl}`,
    ]),
  };
}

export function acceptanceConfirmedMessage(
  customer: Customer,
  {
    providerName,
    version,
    totalCents,
  }: { providerName: string; version: number; totalCents: number },
  { reference, statusUrl, pdfUrl }: { reference: string; statusUrl: string; pdfUrl: string },
): MailMessage {
  return {
    to: customer.customerEmail,
    subject: `You accepted ${providerName}'s quote for ${reference}`,
    text: letter(`Hi ${customer.customerName},`, [
      `You accepted version ${version} of ${providerName}'s quote for ${reference}. The agreed price is ${formatCents(totalCents)}.`,
      'The price may change only through a variation you approve in writing on your request page; the provider cannot complete the job at a higher total.',
      '',
      'The agreed job as a PDF, to keep:',
      pdfUrl,
      '',
      'Your request page:',
      statusUrl,
    ]),
    buttons: [{ url: statusUrl, label: 'Your request' }],
  };
}

export function quoteDeclinedMessage(
  provider: Provider,
  { reference, version, reason }: { reference: string; version: number; reason: string },
  dashboardUrl: string,
): MailMessage {
  return {
    to: provider.email,
    subject: `The customer declined your quote for ${reference}`,
    text: letter(`Hi ${provider.name},`, [
      `The customer declined version ${version} of your quote for ${reference}. Their reason:`,
      reason,
      '',
      `You can send a revised quote from your dashboard: ${dashboardUrl}`,
    ]),
  };
}

export function variationProposedMessage(
  customer: Customer,
  variation: { providerName: string; number: number; reason: string; totalCents: number },
  { reference, statusUrl }: { reference: string; statusUrl: string },
): MailMessage {
  return {
    to: customer.customerEmail,
    subject: `${variation.providerName} proposes a change of price for ${reference}`,
    text: letter(`Hi ${customer.customerName},`, [
      `${variation.providerName} proposes variation ${variation.number} to the agreed job ${reference}: ${formatCents(variation.totalCents)} more. Their reason:`,
      variation.reason,
      '',
      'Nothing changes unless you approve it. Approve or decline it on your request page:',
      statusUrl,
    ]),
    buttons: [{ url: statusUrl, label: 'Review the change' }],
  };
}

export function variationDecidedMessage(
  provider: Provider,
  {
    reference,
    number,
    approved,
    reason,
  }: { reference: string; number: number; approved: boolean; reason: string | null },
  dashboardUrl: string,
): MailMessage {
  return {
    to: provider.email,
    subject: `Variation ${number} for ${reference} was ${approved ? 'approved' : 'declined'}`,
    text: letter(`Hi ${provider.name},`, [
      approved
        ? `The customer approved variation ${number} of ${reference}: it is part of the agreed price now.`
        : `The customer declined variation ${number} of ${reference}: the agreed price stays as it was. Their reason:`,
      ...(reason ? [reason] : []),
      '',
      `Your dashboard: ${dashboardUrl}`,
    ]),
  };
}
