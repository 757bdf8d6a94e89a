/** The texts of every e-mail the product sends, in one place. */
import { APPLICATION_NEXT_STEPS } from '../../lib/catalog/application-steps.ts';
import { serviceName } from '../../lib/catalog/categories.ts';
import {
  checkDefinition,
  renewsByCertificate,
  requiredChecks,
  type CheckType,
  type LegalForm,
} from '../../lib/catalog/checks.ts';
import { topicLabel } from '../../lib/catalog/contact-topics.ts';
import { BUDGETS, URGENCIES } from '../../lib/catalog/enquiry-options.ts';
import type { Company } from '../../lib/company.ts';
import type { ContactMessage } from '../../lib/schemas/contact-message.ts';
import { briefLines as answerLines } from '../../lib/schemas/request-brief.ts';
import { STATUS_PAGE_DAYS_AFTER_CLOSING } from '../../lib/schemas/request-status.ts';
import { letter } from './letter.ts';
import type { MailMessage } from './mailer.ts';

const serviceList = (services: readonly string[]) => services.map(serviceName).join(', ');

/**
 * The only mail an application's address gets before its owner confirms it
 * (docs/decisions/0046): fixed wording and the link, none of the applicant's words, since
 * anyone can type a stranger's address into the join form.
 */
export function applicationConfirmationMessage(
  to: string,
  { confirmUrl, validDays }: { confirmUrl: string; validDays: number },
): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for your Verified Providers application',
    text: letter('Hello,', [
      'An application to list a business on Verified Providers was sent with this e-mail address. If you sent it, please confirm your address with this link:',
      confirmUrl,
      '',
      `The link works for ${validDays} days. Once your address is confirmed, we e-mail you a receipt and our review team is told about your application.`,
      '',
      'If you did not apply, you can ignore this e-mail.',
    ]),
  };
}

/**
 * The receipt, once the applicant confirmed the address. Still none of the applicant's
 * own words (a confirmed address may have confirmed someone else's application): the
 * steps, and the checks that the chosen services and business type require.
 */
export function applicationReceivedMessage(application: {
  email: string;
  services: readonly string[];
  legalForm: LegalForm;
}): MailMessage {
  const checks = requiredChecks(application.services, application.legalForm).map(
    (type) => `   - ${checkDefinition(type).label}`,
  );
  return {
    to: application.email,
    subject: 'We received your application to join Verified Providers',
    text: letter('Hello,', [
      'Thank you for confirming your e-mail address. Your application to join Verified Providers is with our review team.',
      'We review it within 2-3 business days. The next steps are:',
      '',
      `1. ${APPLICATION_NEXT_STEPS.review}`,
      `2. ${APPLICATION_NEXT_STEPS.approval}`,
      `3. ${APPLICATION_NEXT_STEPS.checks}`,
      ...checks,
      `4. ${APPLICATION_NEXT_STEPS.badge}`,
      '',
      'We will e-mail you when a decision is made.',
    ]),
  };
}

/**
 * The admins' hourly digest (send-application-digest.ts): how many applications came in
 * with a confirmed address since the last one, and how many wait in all; no applicant's
 * words, the admin area has them.
 */
export function applicationDigestMessage(
  to: string,
  {
    newApplications,
    waiting,
    adminUrl,
  }: { newApplications: number; waiting: number; adminUrl: string },
): MailMessage {
  const arrived =
    newApplications === 1
      ? '1 new application to join Verified Providers has come in'
      : `${newApplications} new applications to join Verified Providers have come in`;
  const pending =
    waiting === 1
      ? '1 application with a confirmed address is pending review.'
      : `${waiting} applications with a confirmed address are pending review.`;
  return {
    to,
    subject:
      newApplications === 1
        ? '1 new provider application'
        : `${newApplications} new provider applications`,
    text: [
      `${arrived} since the last digest (each counted once its applicant confirmed the e-mail address).`,
      `In all, ${pending}`,
      '',
      `Review them in the admin area: ${adminUrl}`,
    ].join('\n'),
  };
}

export function applicationRejectedMessage(
  application: { email: string; contactName: string; businessName: string },
  notes: string | null,
): MailMessage {
  return {
    to: application.email,
    subject: 'Your Verified Providers application',
    text: letter(`Hi ${application.contactName},`, [
      `Thank you for applying to list ${application.businessName}. After review we cannot approve the application at this time.`,
      ...(notes ? ['', `Our reviewer's notes: ${notes}`] : []),
      '',
      'You are welcome to apply again once the points above are addressed.',
    ]),
  };
}

export function applicationApprovedMessage(
  application: { email: string; contactName: string; businessName: string },
  setPasswordUrl: string,
  validHours: number,
): MailMessage {
  return {
    to: application.email,
    subject: 'Welcome to Verified Providers: your application is approved',
    text: letter(`Hi ${application.contactName},`, [
      `Good news: ${application.businessName} is approved and now listed on Verified Providers.`,
      '',
      'Choose a password for your provider dashboard with this link:',
      setPasswordUrl,
      '',
      `The link works once and for ${validHours} hours. In the dashboard you can answer enquiries and keep your profile up to date.`,
    ]),
  };
}

/** A new team admin's invitation: the link chooses their first password (decision 0048). */
export function adminInvitationMessage(
  admin: { email: string; firstName: string },
  invitedBy: string,
  setPasswordUrl: string,
  validHours: number,
): MailMessage {
  return {
    to: admin.email,
    subject: 'You are invited to the Verified Providers admin team',
    text: letter(`Hi ${admin.firstName},`, [
      `${invitedBy} added you to the Verified Providers admin team.`,
      '',
      'Choose the password you will sign in with using this link:',
      setPasswordUrl,
      '',
      `The link works once and for ${validHours} hours. If it has expired, ask for a new one with 'Forgot your password?' on the admin sign-in page.`,
    ]),
  };
}

export function passwordResetMessage(
  to: string,
  resetUrl: string,
  validMinutes: number,
): MailMessage {
  return {
    to,
    subject: 'Reset your Verified Providers password',
    text: [
      'Someone (hopefully you) asked to reset the password of this account.',
      '',
      `Choose a new password with this link (it works once, for ${validMinutes} minutes):`,
      resetUrl,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** To the customer when the provider responds to their enquiry (spec: 'Response Submitted'). */
export function enquiryResponseMessage(
  enquiry: { customerEmail: string; customerName: string; serviceType: string; location: string },
  provider: { name: string; email: string; phone: string },
  response: { text: string; status: string },
  statusUrl: string,
): MailMessage {
  const closing: Record<string, string> = {
    completed: 'The provider has marked this request as completed.',
    cancelled: 'The provider has marked this request as cancelled.',
  };
  const closed = closing[response.status];
  return {
    to: enquiry.customerEmail,
    subject: `${provider.name} responded to your ${serviceList([enquiry.serviceType])} request`,
    text: letter(`Hi ${enquiry.customerName},`, [
      `${provider.name} responded to your request for ${serviceList([enquiry.serviceType])} in ${enquiry.location}:`,
      '',
      response.text,
      '',
      ...(closed ? [closed, ''] : []),
      `Reply to the provider at ${provider.email} or ${provider.phone}.`,
      '',
      "Your request's page, with every response so far:",
      statusUrl,
    ]),
  };
}

/** To a provider when the admin team assigns them an enquiry. */
export function enquiryAssignedMessage(
  provider: { name: string; email: string },
  enquiry: { customerName: string; serviceType: string; location: string; description: string },
  dashboardUrl: string,
): MailMessage {
  return {
    to: provider.email,
    subject: `New enquiry: ${serviceList([enquiry.serviceType])} in ${enquiry.location}`,
    text: letter(`Hi ${provider.name},`, [
      `Our team has assigned you a request from ${enquiry.customerName} for ${serviceList([enquiry.serviceType])} in ${enquiry.location}:`,
      '',
      enquiry.description,
      '',
      `See the details and respond in your dashboard: ${dashboardUrl}`,
    ]),
  };
}

/** To the customer when their request is completed: a link to review the provider. */
export function reviewRequestMessage(
  enquiry: {
    customerName: string;
    customerEmail: string;
    serviceType: string;
    providerName: string;
  },
  { reviewUrl, statusUrl }: { reviewUrl: string; statusUrl: string },
): MailMessage {
  return {
    to: enquiry.customerEmail,
    subject: `How did ${enquiry.providerName} do?`,
    text: letter(`Hi ${enquiry.customerName},`, [
      `${enquiry.providerName} has marked your ${serviceList([enquiry.serviceType])} request as completed.`,
      'Your review helps others choose a provider they can trust. Only customers with a completed request can write one, and each request gets one review.',
      '',
      'Rate the work with this link (it works for 30 days):',
      reviewUrl,
      '',
      `Your request's page, with its responses (it works for ${STATUS_PAGE_DAYS_AFTER_CLOSING} days after completion):`,
      statusUrl,
    ]),
  };
}

/** A review as the mails about the admins' decision on it name it. */
interface DecidedReview {
  customerName: string;
  customerEmail: string;
  providerName: string;
}

/**
 * To the customer when an admin releases their held review, or shows a hidden one again:
 * it is on the provider's page and counts in its rating from now on.
 */
export function reviewShownMessage(review: DecidedReview, providerUrl: string): MailMessage {
  return {
    to: review.customerEmail,
    subject: `Your review of ${review.providerName} is now shown`,
    text: letter(`Hi ${review.customerName},`, [
      `We have checked your review of ${review.providerName}. It is now shown on their page and counts in their rating:`,
      providerUrl,
      '',
      'Thank you for helping others choose a provider they can trust.',
    ]),
  };
}

/**
 * To the customer when an admin hides their review (held or shown): it is not shown and
 * not counted, and why, in the admin's words.
 */
export function reviewHiddenMessage(
  review: DecidedReview,
  { reason, contactUrl }: { reason: string; contactUrl: string },
): MailMessage {
  return {
    to: review.customerEmail,
    subject: `Your review of ${review.providerName} is not shown`,
    text: letter(`Hi ${review.customerName},`, [
      `We have checked your review of ${review.providerName}. It is not shown on their page and does not count in their rating. The reason:`,
      reason,
      '',
      `If you think we got this wrong, tell us through ${contactUrl}`,
    ]),
  };
}

/**
 * To the customer right after a service request: the link that confirms the address.
 * Until it is opened nothing else is mailed there (no mail cannon).
 */
/** A service request as mails tell it. */
interface MailedRequest {
  customerName: string;
  serviceType: string;
  location: string;
  description: string;
  budget: string | null;
  urgency: string;
  /** The answers to its service's questions (request-brief.ts), if any. */
  brief?: unknown;
  photoCount?: number;
}

/** The brief of a request as mails show it: one line a field. */
function briefLines(request: Omit<MailedRequest, 'customerName'>): string[] {
  const budget = BUDGETS.find((b) => b.value === request.budget)?.label;
  const urgency = URGENCIES.find((u) => u.value === request.urgency)?.label;
  const photos = request.photoCount ?? 0;
  return [
    `Service: ${serviceList([request.serviceType])}`,
    `Location: ${request.location}`,
    ...(budget ? [`Budget: ${budget}`] : []),
    ...(urgency ? [`Urgency: ${urgency}`] : []),
    ...answerLines(request.brief).map(({ label, value }) => `${label}: ${value}`),
    ...(photos > 0 ? [`Photos of the site: ${photos}`] : []),
    '',
    request.description,
  ];
}

/** A request sent or passed to a provider, and the customer's link to its page. */
interface RequestPassed {
  reference: string;
  providerName: string;
  statusUrl: string;
}

/**
 * To the customer at once: the reference, the brief, who answers, and the
 * private link to the request's status page; opening it also confirms the address.
 */
export function requestReceivedMessage(
  request: MailedRequest & { customerEmail: string },
  { reference, providerName, statusUrl }: RequestPassed,
): MailMessage {
  return {
    to: request.customerEmail,
    subject: `Your request ${reference} was sent to ${providerName}`,
    // The link is the mail's point: a button in the HTML part, not a raw address.
    buttons: [{ url: statusUrl, label: `Open request ${reference}` }],
    text: letter(`Hi ${request.customerName},`, [
      `Your request ${reference} was sent to ${providerName}, who will answer you.`,
      '',
      ...briefLines(request),
      '',
      'Follow your request, see when the provider has seen and answered it, or cancel it, on its page:',
      statusUrl,
      '',
      "Opening it also confirms your e-mail address, so the provider's responses come to you here.",
      'Keep this e-mail: the link is private to you.',
      '',
      'If you did not send this request, ignore this e-mail: nothing more will be sent to you about it.',
    ]),
  };
}

/** To the provider at once: a new request for it, with the link to its dashboard. */
export function newRequestMessage(
  provider: { name: string; email: string },
  request: MailedRequest,
  {
    reference,
    dashboardUrl,
    askedOthers = false,
  }: { reference: string; dashboardUrl: string; askedOthers?: boolean },
): MailMessage {
  return {
    to: provider.email,
    subject: `New request ${reference}: ${serviceList([request.serviceType])} in ${request.location}`,
    text: letter(`Hi ${provider.name},`, [
      `${request.customerName} sent you a service request (${reference}):`,
      '',
      ...briefLines(request),
      '',
      // Who else was asked is the customer's to know, not the providers'.
      ...(askedOthers
        ? ['The customer asked up to two other providers too, to compare answers.', '']
        : []),
      'Open it in your dashboard to see the contact details and respond. The customer sees when you have opened it:',
      dashboardUrl,
    ]),
  };
}

/** To the provider when the customer cancels a request from its status page. */
export function requestCancelledMessage(
  provider: { name: string; email: string },
  { reference, reason, dashboardUrl }: { reference: string; reason: string; dashboardUrl: string },
): MailMessage {
  return {
    to: provider.email,
    subject: `Request ${reference} was cancelled by the customer`,
    text: letter(`Hi ${provider.name},`, [
      `The customer cancelled request ${reference}. Their reason:`,
      reason,
      '',
      `Your dashboard: ${dashboardUrl}`,
    ]),
  };
}

/**
 * To the customer when the enquiry desk passes their request to another provider, with a
 * new link to the request's page (the first e-mail's keeps working too).
 */
export function requestReassignedMessage(
  request: { customerName: string; customerEmail: string; serviceType: string },
  { reference, providerName, statusUrl }: RequestPassed,
): MailMessage {
  return {
    to: request.customerEmail,
    subject: `Your request ${reference} was passed to ${providerName}`,
    text: letter(`Hi ${request.customerName},`, [
      `So that you are not left waiting, our team has passed your ${serviceList([request.serviceType])} request ${reference} to ${providerName}, who will answer you.`,
      '',
      "Your request's page shows the change, and the new provider's responses when they come:",
      statusUrl,
    ]),
  };
}

/**
 * To the provider once, when a request has waited 4 business hours for its first answer.
 */
export function requestReminderMessage(
  provider: { name: string; email: string },
  request: MailedRequest,
  { reference, dashboardUrl }: { reference: string; dashboardUrl: string },
): MailMessage {
  return {
    to: provider.email,
    subject: `Reminder: request ${reference} is waiting for your answer`,
    text: letter(`Hi ${provider.name},`, [
      `${request.customerName}'s request ${reference} has waited 4 business hours for your answer:`,
      '',
      ...briefLines(request),
      '',
      'Open it in your dashboard to respond:',
      dashboardUrl,
      '',
      'If it stays unanswered for a business day, our team may pass it to another provider so that the customer is not left waiting.',
    ]),
  };
}

/** A message of a request's conversation as mails quote it: its text and its files' names. */
function quotedMessage(message: { text: string; fileNames: readonly string[] }): string[] {
  return [
    ...(message.text ? [message.text] : []),
    ...(message.fileNames.length > 0
      ? [`Files sent with it: ${message.fileNames.join(', ')}`]
      : []),
  ];
}

/**
 * To the provider when the customer writes in the request's conversation (at most one an
 * hour per conversation: src/api/messages/send-message.ts), with the way to answer there.
 */
export function customerMessageMail(
  provider: { name: string; email: string },
  request: { customerName: string; serviceType: string; location: string },
  message: { text: string; fileNames: readonly string[] },
  { reference, dashboardUrl }: { reference: string; dashboardUrl: string },
): MailMessage {
  return {
    to: provider.email,
    subject: `New message from ${request.customerName} about request ${reference}`,
    buttons: [{ url: dashboardUrl, label: 'Read and answer' }],
    text: letter(`Hi ${provider.name},`, [
      `${request.customerName} wrote to you about request ${reference} (${serviceList([request.serviceType])} in ${request.location}):`,
      '',
      ...quotedMessage(message),
      '',
      'Read the whole conversation and answer in your dashboard:',
      dashboardUrl,
    ]),
  };
}

/**
 * To the customer when the provider writes in the request's conversation (a confirmed
 * address only, at most one an hour per conversation), with a new link to the request's
 * page, where the answer goes: no e-mail address or phone number is needed.
 */
export function providerMessageMail(
  request: { customerName: string; customerEmail: string },
  providerName: string,
  message: { text: string; fileNames: readonly string[] },
  { reference, statusUrl }: { reference: string; statusUrl: string },
): MailMessage {
  return {
    to: request.customerEmail,
    subject: `${providerName} wrote to you about request ${reference}`,
    buttons: [{ url: statusUrl, label: `Open request ${reference}` }],
    text: letter(`Hi ${request.customerName},`, [
      `${providerName} wrote to you about your request ${reference}:`,
      '',
      ...quotedMessage(message),
      '',
      "Read the whole conversation and answer on your request's page:",
      statusUrl,
    ]),
  };
}

export type CheckReminderKind = '30 days' | '7 days' | 'lapsed';

/** To a provider before a required check stops counting, and when its badge has lapsed. */
/**
 * To a provider the first time its Verified badge shows: every check its services require
 * has passed and is in date. Sent once ever (the outbox's once key); the day it counts
 * until is the first of its checks to run out.
 */
export function verifiedBadgeMessage(
  provider: { name: string; email: string },
  { verifiedUntil, pageUrl }: { verifiedUntil: string; pageUrl: string },
): MailMessage {
  return {
    to: provider.email,
    subject: 'You are Verified: the badge now shows on your listing',
    text: letter(`Hello ${provider.name},`, [
      'Every check your services require has passed. From today your listing shows the Verified badge, and your page lists each check with its date.',
      '',
      `It counts until ${verifiedUntil}, when the first of your checks runs out. We remind you a month and a week before, so you can renew in time.`,
      '',
      'Your page, as customers see it:',
      pageUrl,
    ]),
  };
}

export function checkReminderMessage(
  to: string,
  {
    providerName,
    checkType,
    validUntil,
    kind,
  }: { providerName: string; checkType: CheckType; validUntil: string; kind: CheckReminderKind },
): MailMessage {
  const lapsed = kind === 'lapsed';
  const checkLabel = checkDefinition(checkType).label;
  return {
    to,
    subject: lapsed
      ? `Your Verified badge has lapsed: ${checkLabel} expired`
      : `${checkLabel} expires on ${validUntil}: please renew`,
    text: letter(`Hello ${providerName},`, [
      lapsed
        ? `Your ${checkLabel.toLowerCase()} counted until ${validUntil}. Since then your profile no longer shows the Verified badge, and it says which check lapsed.`
        : `Your ${checkLabel.toLowerCase()} counts until ${validUntil}${kind === '7 days' ? ', in less than a week' : ''}. After that day your profile loses the Verified badge until the renewal is checked.`,
      '',
      // Mail from the no-reply address: the way to renew is the dashboard's, or ours.
      renewsByCertificate(checkType)
        ? 'Please upload the renewed certificate in your provider dashboard: sign in, open the Verification tab and choose "Upload a renewed certificate". The current one keeps counting until it expires, and once we have checked the new one your badge carries on.'
        : 'This check is made again by our team, who see it on their list of checks running out. The current one keeps counting until it expires.',
    ]),
  };
}

/** To the operator (the company's e-mail address): a message written through /contact. */
export function contactMessageToOperator(
  to: string,
  message: ContactMessage,
  reference: string,
): MailMessage {
  return {
    to,
    // Answering the mail answers the sender.
    replyTo: message.email,
    subject: `${reference}: ${topicLabel(message.topic)}, from ${message.name}`,
    text: [
      `${message.name} <${message.email}> wrote through the contact form.`,
      `Reference: ${reference}`,
      `About: ${topicLabel(message.topic)}`,
      '',
      message.message,
      '',
      'Reply to this e-mail to answer them; they have a copy with the reference.',
    ].join('\n'),
  };
}

/** To the sender of a message written through /contact: its copy, with the reference. */
export function contactMessageCopy(
  message: ContactMessage,
  reference: string,
  company: Company,
): MailMessage {
  return {
    to: message.email,
    subject: `We received your message ${reference}`,
    text: letter(`Hi ${message.name},`, [
      `Thank you for writing to Verified Providers. Your reference is ${reference}: please quote it if you write again about this.`,
      'We answer Monday to Friday, 8:00 to 17:00 SAST (not on public holidays), by e-mail to this address.',
      ...(company.configured.email
        ? [`You can also write to us at ${company.configured.email}.`]
        : []),
      '',
      `Your message (${topicLabel(message.topic)}):`,
      '',
      message.message,
      '',
      'If you did not write to us, you can ignore this e-mail.',
    ]),
  };
}
