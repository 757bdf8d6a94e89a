/**
 * Every write endpoint (POST, PUT, PATCH, DELETE) against bad bodies, generated with
 * fast-check: random JSON, objects of the
 * endpoint's own field names holding wrong types, near misses of a valid body, huge
 * strings around the 64 KB limit, control characters, odd Unicode, deep nesting, numbers
 * past what a column holds, prototype keys, and a fixed set of non-JSON bodies and wrong
 * content types. Each endpoint is called with the session it needs, so the body is what
 * answers, not the session check.
 *
 * Every answer: never a 5xx; a 4xx is the API's JSON error and writes no row (in any table
 * but the rate-limit counters, which count every call); a 2xx only for a body the
 * endpoint's own schema accepts. Endpoints that read no body say why in TARGETS.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { rateLimits, reviews } from '../../db/schema.ts';
import { createApp } from '../../src/api/app.ts';
import { findControlCharacter } from '../../src/api/http/control-characters.ts';
import { addDays, saToday } from '../../src/lib/calendar-days.ts';
import { ChangePasswordSchema, LoginSchema } from '../../src/lib/schemas/account.ts';
import {
  CreateProviderSchema,
  EnquiryUpdateSchema,
  FlashAdSchema,
  NewAdminSchema,
  UpdateAdminSchema,
  UpdateProviderSchema,
} from '../../src/lib/schemas/admin-operations.ts';
import {
  ForgotPasswordSchema,
  ProcessImageSchema,
  ResetPasswordSchema,
  ReviewApplicationSchema,
} from '../../src/lib/schemas/admin.ts';
import {
  ConfirmApplicationEmailSchema,
  NewApplicationLinkSchema,
} from '../../src/lib/schemas/application-confirmation.ts';
import { ContactMessageSchema } from '../../src/lib/schemas/contact-message.ts';
import { ConfirmEnquiryEmailSchema } from '../../src/lib/schemas/enquiry-confirmation.ts';
import { ReassignEnquirySchema } from '../../src/lib/schemas/enquiry-follow-up.ts';
import { EnquirySchema } from '../../src/lib/schemas/enquiry.ts';
import { PrivacyCaseReplySchema } from '../../src/lib/schemas/information-officer.ts';
import {
  PrivacyCaseSchema,
  PrivacyConsentSchema,
  PrivacyCorrectionSchema,
  PrivacyLinkRequestSchema,
  PrivacyTokenSchema,
} from '../../src/lib/schemas/privacy.ts';
import { ApplicationSchema } from '../../src/lib/schemas/provider-application.ts';
import {
  EnquiryResponseSchema,
  ProfileImageSchema,
  ConfirmFactsSchema,
  ProviderProfileSchema,
  WorkPhotoSchema,
} from '../../src/lib/schemas/provider-dashboard.ts';
import { SeenRequestsSchema } from '../../src/lib/schemas/provider-dashboard.ts';
import {
  CompleteJobSchema,
  CustomerDeclineSchema,
  CustomerDisputeSchema,
  CustomerPreparationFeeSchema,
  CustomerTokenSchema,
  DisputeSchema,
  PreparationFeeSchema,
  QuoteSchema,
  VariationSchema,
} from '../../src/lib/schemas/quotes.ts';
import { CustomerMessageSchema, MessageSchema } from '../../src/lib/schemas/request-messages.ts';
import { CancelRequestSchema, RequestTokenSchema } from '../../src/lib/schemas/request-status.ts';
import {
  HideReviewSchema,
  ReviewReplySchema,
  ReviewSchema,
} from '../../src/lib/schemas/reviews.ts';
import { RecordCheckSchema, RenewalSchema } from '../../src/lib/schemas/verification.ts';
import { adminSession, createTestAdmin } from '../helpers/admin-fixtures.ts';
import { queryRows } from '../helpers/api-fixtures.ts';
import {
  insertApplication,
  insertEnquiry,
  insertFlashAd,
  insertProvider,
  validApplicationBody,
  validEnquiryBody,
} from '../helpers/builders.ts';
import { PROFILE_EXTRAS } from '../helpers/profile-fixtures.ts';
import { providerSession } from '../helpers/provider-fixtures.ts';
import { quoteBody } from '../helpers/quote-fixtures.ts';
import { useTestApi } from '../helpers/test-api.ts';

const SEED = 20_251_110;
/** Generated bodies per endpoint that reads one; the fixed RAW_BODIES come on top. */
const RUNS = 100;
/** Endpoints that read no body only have to survive it: fewer runs keep the file fast. */
const RUNS_WITHOUT_BODY = 30;
/** The JSON body limit of /api/* (src/api/app.ts): huge strings reach past it. */
const BODY_LIMIT = 64 * 1024;
const NOTHING = 999_999;

/** 'closingProvider': a provider of its own, for closing its account leaves it unlisted. */
type Caller = 'anonymous' | 'admin' | 'provider' | 'closingProvider';

/** The rows the endpoints work on, made once for the file. */
interface Fixtures {
  adminId: number;
  adminEmail: string;
  otherAdminId: number;
  providerId: number;
  providerEmail: string;
  otherProviderId: number;
  closingProviderId: number;
  flashAdId: number;
  deskEnquiryId: number;
  providerEnquiryId: number;
  applicationId: number;
  reviewId: number;
  ticket: string;
}

interface Target {
  /** The session the endpoint needs (so validation, not the session check, answers). */
  caller: Caller;
  /** What the endpoint takes: a 2xx answer to a body this refuses is a failure. */
  schema?: z.core.$ZodType;
  /** A body the endpoint accepts: near misses change one field of it. */
  example?: (f: Fixtures) => Record<string, unknown>;
  /** Path parameters; NOTHING (an id no row has) unless given. */
  params?: (f: Fixtures) => Record<string, string | number>;
  /**
   * Reads no body, so any body may be answered 2xx and change things (a ticket, a
   * sign-out): only "no 5xx" and "a JSON error for a 4xx" are checked. Why.
   */
  readsNoBody?: string;
}

const UNKNOWN_TICKET = 'NoSuchTicket0000000000000';
const LINK_TOKEN = 'NotARealLinkToken.0000000000000000000000';
/** The shape of a status-page token that no request has. */
const STATUS_TOKEN = 'NoSuchStatusToken000000000000000000000000000';

/** Every write endpoint of the app, as Hono registers it. */
const TARGETS: Record<string, Target> = {
  // Public
  'PUT /api/uploads/:ticket{[A-Za-z0-9_-]{16,64}}': {
    // Raw image bytes, not JSON: none of these bodies is an image, so none may be taken.
    caller: 'anonymous',
    params: (f) => ({ ticket: f.ticket }),
  },
  'POST /api/public/objects/upload': {
    caller: 'anonymous',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/public/documents/upload': {
    caller: 'anonymous',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/public/requests/photos/upload': {
    caller: 'anonymous',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/provider-applications': {
    caller: 'anonymous',
    schema: ApplicationSchema,
    example: () => validApplicationBody(),
  },
  'POST /api/provider-applications/confirm': {
    caller: 'anonymous',
    schema: ConfirmApplicationEmailSchema,
    // A link no application has: the example is refused (400), as are all near misses.
    example: () => ({ token: STATUS_TOKEN }),
  },
  'POST /api/provider-applications/confirmation-link': {
    caller: 'anonymous',
    schema: NewApplicationLinkSchema,
    example: () => ({ email: 'fuzz-applicant@test.example.co.za' }),
  },
  'POST /api/enquiries': {
    caller: 'anonymous',
    schema: EnquirySchema,
    example: (f) => validEnquiryBody(f.providerId),
  },
  'POST /api/contact': {
    caller: 'anonymous',
    schema: ContactMessageSchema,
    example: () => ({
      name: 'Lerato Mokoena',
      email: 'lerato@example.com',
      topic: 'other',
      message: 'A question about how the checks work.',
    }),
  },
  'POST /api/requests/confirm': {
    caller: 'anonymous',
    schema: RequestTokenSchema,
    example: () => ({ token: STATUS_TOKEN }),
  },
  'POST /api/requests/cancel': {
    caller: 'anonymous',
    schema: CancelRequestSchema,
    example: () => ({ token: STATUS_TOKEN, reason: 'We found someone closer.' }),
  },
  'POST /api/privacy/link': {
    caller: 'anonymous',
    schema: PrivacyLinkRequestSchema,
    example: () => ({ email: 'lerato@example.com' }),
  },
  'POST /api/privacy/my-data/correct': {
    caller: 'anonymous',
    schema: PrivacyCorrectionSchema,
    // A link no address has: the example is refused (404), as are all near misses.
    example: () => ({ token: STATUS_TOKEN, name: 'Lerato Mokoena', phone: '0825550101' }),
  },
  'POST /api/privacy/my-data/object': {
    caller: 'anonymous',
    schema: PrivacyTokenSchema,
    example: () => ({ token: STATUS_TOKEN }),
  },
  'POST /api/privacy/my-data/delete': {
    caller: 'anonymous',
    schema: PrivacyTokenSchema,
    example: () => ({ token: STATUS_TOKEN }),
  },
  'POST /api/requests/messages': {
    caller: 'anonymous',
    schema: CustomerMessageSchema,
    // A token no request has: the example is refused (400), as are all near misses.
    example: (f) => ({
      token: STATUS_TOKEN,
      enquiryId: f.providerEnquiryId,
      text: 'Could you come on Tuesday morning?',
    }),
  },
  'POST /api/public/requests/messages/upload': {
    caller: 'anonymous',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/privacy/my-data/case': {
    caller: 'anonymous',
    schema: PrivacyCaseSchema,
    example: () => ({ token: STATUS_TOKEN, kind: 'complaint', message: 'My complaint, in words.' }),
  },
  'POST /api/privacy/my-data/consent': {
    caller: 'anonymous',
    schema: PrivacyConsentSchema,
    example: () => ({ token: STATUS_TOKEN, given: true }),
  },
  'POST /api/privacy/unsubscribe': {
    caller: 'anonymous',
    readsNoBody:
      'one-click unsubscribe: the signed address is the permission, the body is not read (RFC 8058)',
  },
  'POST /api/enquiries/confirm': {
    caller: 'anonymous',
    schema: ConfirmEnquiryEmailSchema,
    example: () => ({ token: LINK_TOKEN }),
  },
  'POST /api/reviews': {
    caller: 'anonymous',
    schema: ReviewSchema,
    example: () => ({ token: LINK_TOKEN, rating: 5, comment: 'Neat work, on time and tidy.' }),
  },

  // Admin sign-in
  'POST /api/admin/login': {
    caller: 'anonymous',
    schema: LoginSchema,
    example: (f) => ({ email: f.adminEmail, password: 'not the password' }),
  },
  'POST /api/admin/forgot-password': {
    caller: 'anonymous',
    schema: ForgotPasswordSchema,
    example: (f) => ({ email: f.adminEmail }),
  },
  'POST /api/admin/reset-password': {
    caller: 'anonymous',
    schema: ResetPasswordSchema,
    example: () => ({ resetToken: LINK_TOKEN, newPassword: 'admin password 2' }),
  },
  'POST /api/admin/set-password': {
    caller: 'anonymous',
    schema: ResetPasswordSchema,
    example: () => ({ resetToken: LINK_TOKEN, newPassword: 'admin password 4' }),
  },

  // The signed-in admin
  'POST /api/admin/logout': { caller: 'admin', readsNoBody: 'signs out; takes no input' },
  'POST /api/admin/objects/upload': {
    caller: 'admin',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/admin/documents/upload': {
    caller: 'admin',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/admin/flash-ads/upload': {
    caller: 'admin',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/admin/process-image': {
    caller: 'admin',
    schema: ProcessImageSchema,
    example: () => ({ uploadURL: `/api/uploads/${UNKNOWN_TICKET}` }),
  },
  'PUT /api/admin/applications/:id/review': {
    caller: 'admin',
    schema: ReviewApplicationSchema,
    example: () => ({ status: 'rejected', adminNotes: 'Not in our area yet.' }),
    params: (f) => ({ id: f.applicationId }),
  },
  'POST /api/admin/applications/:id/approve': {
    caller: 'admin',
    readsNoBody: 'approval takes no input (an unknown application: nothing to approve)',
  },
  'POST /api/admin/providers': {
    caller: 'admin',
    schema: CreateProviderSchema,
    example: () => ({
      name: 'Fuzz Alarm Fitters',
      description: 'Alarms and beams for homes.',
      location: 'Pretoria',
      province: 'gauteng',
      services: ['alarms'],
      phone: '0125550100',
      email: 'fuzz-fitters@test.example.co.za',
      yearsExperience: 4,
    }),
  },
  'PUT /api/admin/providers/:id': {
    caller: 'admin',
    schema: UpdateProviderSchema,
    example: () => ({ legalForm: 'company', startingPrice: 2500 }),
    params: (f) => ({ id: f.otherProviderId }),
  },
  'DELETE /api/admin/providers/:id': {
    caller: 'admin',
    readsNoBody: 'deletion takes no input (an unknown provider: nothing to delete)',
  },
  'PUT /api/admin/providers/:id/checks/:type': {
    caller: 'admin',
    schema: RecordCheckSchema,
    example: () => ({
      status: 'pending',
      reference: '1234567',
      notes: 'Asked for the certificate.',
    }),
    // A CCTV installer: PSIRA applies to it.
    params: (f) => ({ id: f.otherProviderId, type: 'psira' }),
  },
  'POST /api/admin/flash-ads': {
    caller: 'admin',
    schema: FlashAdSchema,
    example: () => ({
      title: 'Winter special',
      subtitle: 'Free site visit',
      priority: 2,
      linkUrl: '/providers?serviceType=cctv',
    }),
  },
  'PUT /api/admin/flash-ads/:id': {
    caller: 'admin',
    schema: FlashAdSchema,
    example: () => ({
      title: 'Spring special',
      subtitle: 'Two cameras free',
      displayDuration: 4000,
      linkUrl: 'https://example.co.za/spring',
    }),
    params: (f) => ({ id: f.flashAdId }),
  },
  'DELETE /api/admin/flash-ads/:id': {
    caller: 'admin',
    readsNoBody: 'deletion takes no input (an unknown ad: nothing to delete)',
  },
  'PUT /api/admin/enquiries/:id': {
    caller: 'admin',
    schema: EnquiryUpdateSchema,
    example: (f) => ({
      status: 'in_progress',
      adminNotes: 'Called the customer.',
      assignedProviderId: f.otherProviderId,
    }),
    params: (f) => ({ id: f.deskEnquiryId }),
  },
  'POST /api/admin/enquiries/:id/reassign': {
    caller: 'admin',
    schema: ReassignEnquirySchema,
    // Not a candidate (not verified): the example is refused, as are all near misses.
    example: (f) => ({ providerId: f.otherProviderId }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/admin/users': {
    caller: 'admin',
    schema: NewAdminSchema,
    example: () => ({
      email: 'fuzz-new-admin@test.example.co.za',
      firstName: 'Nomsa',
      lastName: 'Dube',
      password: 'admin password 3',
    }),
  },
  'POST /api/admin/users/:id/invitation': {
    caller: 'admin',
    readsNoBody: 'a new invitation takes no input',
    params: (f) => ({ id: f.otherAdminId }),
  },
  // A provider closes its own account (docs/decisions/0053).
  'POST /api/provider/my-data/close': {
    caller: 'closingProvider',
    readsNoBody: 'closing takes no input',
  },
  // The information officer's reply (no case: the id is one no row has).
  'POST /api/admin/privacy-cases/:id/reply': {
    caller: 'admin',
    schema: PrivacyCaseReplySchema,
    example: () => ({ reply: 'We corrected it as you asked.', close: true }),
  },
  'PUT /api/admin/users/:id': {
    caller: 'admin',
    schema: UpdateAdminSchema,
    example: () => ({ isActive: true }),
    params: (f) => ({ id: f.otherAdminId }),
  },
  'PUT /api/admin/reviews/:id/hide': {
    caller: 'admin',
    schema: HideReviewSchema,
    example: () => ({ reason: 'Personal details in the text.' }),
    params: (f) => ({ id: f.reviewId }),
  },
  'PUT /api/admin/reviews/:id/show': {
    caller: 'admin',
    readsNoBody: 'showing a review again takes no input',
    params: (f) => ({ id: f.reviewId }),
  },
  'PUT /api/admin/reviews/:id/release': {
    caller: 'admin',
    readsNoBody: 'releasing a held review takes no input',
    params: (f) => ({ id: f.reviewId }),
  },
  'POST /api/admin/mail/:id/resend': {
    caller: 'admin',
    readsNoBody: 'resending takes no input (an unknown mail: nothing to resend)',
  },

  // Provider sign-in and password links
  'POST /api/provider/login': {
    caller: 'anonymous',
    schema: LoginSchema,
    example: (f) => ({ email: f.providerEmail, password: 'not the password' }),
  },
  'POST /api/provider/forgot-password': {
    caller: 'anonymous',
    schema: ForgotPasswordSchema,
    example: (f) => ({ email: f.providerEmail }),
  },
  'POST /api/provider/set-password': {
    caller: 'anonymous',
    schema: ResetPasswordSchema,
    example: () => ({ resetToken: LINK_TOKEN, newPassword: 'provider password 2' }),
  },

  // The signed-in provider
  'POST /api/provider/logout': { caller: 'provider', readsNoBody: 'signs out; takes no input' },
  'PUT /api/provider/password': {
    caller: 'provider',
    schema: ChangePasswordSchema,
    example: () => ({ currentPassword: 'not the password', newPassword: 'provider password 3' }),
  },
  'PUT /api/provider/enquiries/:id{[0-9]+}/response': {
    caller: 'provider',
    schema: EnquiryResponseSchema,
    example: () => ({ providerResponse: 'We can come on Tuesday.', status: 'in_progress' }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/provider/enquiries/:id{[0-9]+}/messages': {
    caller: 'provider',
    schema: MessageSchema,
    example: () => ({ text: 'We can come on Tuesday at nine. Is the gate code the same?' }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/provider/messages/upload': {
    caller: 'provider',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/provider/enquiries/seen': {
    caller: 'provider',
    schema: SeenRequestsSchema,
    example: (f) => ({ ids: [f.providerEnquiryId] }),
  },
  'PUT /api/provider/reviews/:id/reply': {
    caller: 'provider',
    schema: ReviewReplySchema,
    example: () => ({ reply: 'Thank you for having us.' }),
    params: (f) => ({ id: f.reviewId }),
  },
  'POST /api/provider/profile/confirm': {
    caller: 'provider',
    schema: ConfirmFactsSchema,
    example: () => ({ facts: ['price', 'description'] }),
  },
  'PUT /api/provider/profile': {
    caller: 'provider',
    schema: ProviderProfileSchema,
    example: (f) => ({
      name: 'Fuzz Camera Works',
      email: f.providerEmail,
      phone: '+27115550199',
      location: 'Johannesburg',
      province: 'gauteng',
      services: ['cctv', 'network'],
      description: 'Cameras and networks for homes and shops.',
      ...PROFILE_EXTRAS,
    }),
  },
  'PUT /api/provider/profile-image': {
    caller: 'provider',
    schema: ProfileImageSchema,
    example: () => ({ profileImageURL: `/api/uploads/${UNKNOWN_TICKET}` }),
  },
  'POST /api/objects/upload': {
    caller: 'provider',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/provider/work-photos/upload': {
    caller: 'provider',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/provider/work-photos': {
    caller: 'provider',
    schema: WorkPhotoSchema,
    example: () => ({ imageURL: `/api/uploads/${UNKNOWN_TICKET}` }),
  },
  'DELETE /api/provider/work-photos/:id': {
    caller: 'provider',
    readsNoBody: 'removal takes no input (an unknown photo: nothing to remove)',
  },
  'POST /api/provider/documents/upload': {
    caller: 'provider',
    readsNoBody: 'makes an upload address; takes no input',
  },
  'POST /api/provider/checks/:type/renewals': {
    caller: 'provider',
    schema: RenewalSchema,
    example: () => ({
      document: { upload: `/api/uploads/${UNKNOWN_TICKET}`, fileName: 'policy-2027.pdf' },
      validUntil: addDays(saToday(), 365),
      reference: 'POL-88123',
    }),
    params: () => ({ type: 'insurance' }),
  },

  // Quotes (docs/decisions/0051): the provider's on its own copy, the customer's by token.
  'POST /api/provider/enquiries/:id{[0-9]+}/quotes': {
    caller: 'provider',
    schema: QuoteSchema,
    example: () => quoteBody(),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/provider/enquiries/:id{[0-9]+}/preparation-fee': {
    caller: 'provider',
    schema: PreparationFeeSchema,
    example: () => ({ feeCents: 35_000 }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/requests/quotes/:id{[0-9]+}/accept': {
    caller: 'anonymous',
    schema: CustomerTokenSchema,
    example: () => ({ token: STATUS_TOKEN }),
  },
  'POST /api/requests/quotes/:id{[0-9]+}/decline': {
    caller: 'anonymous',
    schema: CustomerDeclineSchema,
    example: () => ({ token: STATUS_TOKEN, reason: 'Too dear for us.' }),
  },
  'POST /api/provider/enquiries/:id{[0-9]+}/variations': {
    caller: 'provider',
    schema: VariationSchema,
    // No agreed job on the copy: the example is refused (409), as are all near misses.
    example: () => ({ reason: 'A longer cable run.', lines: quoteBody().lines }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/provider/enquiries/:id{[0-9]+}/job/complete': {
    caller: 'provider',
    schema: CompleteJobSchema,
    example: () => ({ finalTotalCents: 100_000 }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/requests/variations/:id{[0-9]+}/approve': {
    caller: 'anonymous',
    schema: CustomerTokenSchema,
    example: () => ({ token: STATUS_TOKEN }),
  },
  'POST /api/requests/variations/:id{[0-9]+}/decline': {
    caller: 'anonymous',
    schema: CustomerDeclineSchema,
    example: () => ({ token: STATUS_TOKEN, reason: 'Not needed.' }),
  },
  'POST /api/provider/enquiries/:id{[0-9]+}/job/dispute': {
    caller: 'provider',
    schema: DisputeSchema,
    // No agreed job on the copy: the example is refused (409), as are all near misses.
    example: () => ({ reason: 'The customer will not pay the deposit.' }),
    params: (f) => ({ id: f.providerEnquiryId }),
  },
  'POST /api/requests/job/dispute': {
    caller: 'anonymous',
    schema: CustomerDisputeSchema,
    example: () => ({ token: STATUS_TOKEN, reason: 'The price went up.' }),
  },
  'POST /api/requests/preparation-fee': {
    caller: 'anonymous',
    schema: CustomerPreparationFeeSchema,
    example: (f) => ({ token: STATUS_TOKEN, enquiryId: f.providerEnquiryId, agree: true }),
  },
};

// ---------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------

/** One request body and its content type (none: no Content-Type header at all). */
interface Sent {
  label: string;
  contentType: string | undefined;
  body: string | Uint8Array<ArrayBuffer>;
}

/** Keys that reach an object's prototype, or that a careless merge would trust. */
const TRAP_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isAdmin',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '0x1F',
  '١٢٣',
  '９９',
  '\uD800',
  'a\uDFFFb',
  '\uFEFF',
  '\u202Eevil',
  '\u2028\u2029',
  'İstanbul',
  'Straße',
  'ﬁx',
  'ǅ',
  "' OR '1'='1",
  '"; DROP TABLE service_providers; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\\u0000',
  'javascript:alert(1)',
  '😀'.repeat(60),
  'a'.repeat(201),
  'a'.repeat(2001),
  'a'.repeat(5001),
  'a@b.co',
  'A@B.CO ',
  '+27821234567',
  'https://example.com',
  '/objects/uploads/AAAAAAAAAAAAAAAA.png',
  `/api/uploads/${UNKNOWN_TICKET}`,
];

const NUMBERS = [
  '1e308',
  '-1e308',
  '1e309',
  '-1e309',
  '-0',
  '0',
  '0.0',
  '0.5',
  '-1',
  '1',
  '3',
  '999999',
  '1.0000000001',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e-400',
  '5e-324',
  '123456789012345678901234567890',
  '1E2',
];

/** A control character: C0 (NUL included), DEL and C1. */
const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));

/** A string of one repeated unit, from 1,000 characters to past the body limit. */
const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '😀', ' ', '"', '\\', '\u0000'),
    fc.integer({ min: 1_000, max: BODY_LIMIT + 6_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

const oddString = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), controlCharacter, fc.string({ maxLength: 10 }))
      .map(([before, control, after]) => before + control + after),
  },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: hugeString },
);

/** Nested arrays or objects, 20 to 2,000 levels (rawBodies go deeper, once each). */
const deepNesting = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A JSON value as text: raw, so numbers like 1e309 and -0 arrive as written. */
const oddValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: oddString.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.double().map((n) => (Number.isFinite(n) ? String(n) : 'null')) },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null', '[]', '{}', '[null]', '[[]]') },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 5 }).map((a) => JSON.stringify(a)) },
  { weight: 1, arbitrary: deepNesting },
);

const objectText = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

const json = (label: string) => (body: string) =>
  ({ label, contentType: 'application/json', body }) satisfies Sent;

/** Generated bodies for an endpoint with these field names and (maybe) this valid body. */
function bodies(
  fields: string[],
  example: Record<string, unknown> | undefined,
): fc.Arbitrary<Sent> {
  const key = fc.oneof(
    ...(fields.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...fields) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...TRAP_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.string({ maxLength: 5 }), controlCharacter).map(([a, c]) => a + c),
    },
  );
  const arbitraries: fc.WeightedArbitrary<Sent>[] = [
    {
      weight: 2,
      arbitrary: fc
        .jsonValue()
        .map((v) => JSON.stringify(v))
        .map(json('random JSON')),
    },
    { weight: 2, arbitrary: oddValue.map(json('a bare value')) },
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(key, oddValue), { maxLength: 12 })
        .map(objectText)
        .map(json('the fields, wrong')),
    },
  ];
  if (example) {
    const valid = Object.entries(example).map(
      ([name, value]) => [name, JSON.stringify(value)] as [string, string],
    );
    arbitraries.push(
      {
        // A near miss: the valid body with one or two fields wrong or left out, maybe a
        // prototype key on top.
        weight: 5,
        arbitrary: fc
          .tuple(
            fc.subarray(Object.keys(example), {
              minLength: 1,
              maxLength: Math.min(2, Object.keys(example).length),
            }),
            fc.array(fc.option(oddValue, { freq: 5 }), { minLength: 2, maxLength: 2 }),
            fc.option(fc.tuple(fc.constantFrom(...TRAP_KEYS), oddValue)),
          )
          .map(([broken, values, extra]) => {
            const entries = valid.flatMap(([name, value]): [string, string][] => {
              const index = broken.indexOf(name);
              if (index < 0) return [[name, value]];
              const replacement = values[index];
              return replacement === null || replacement === undefined ? [] : [[name, replacement]];
            });
            return objectText(extra ? [...entries, extra] : entries);
          })
          .map(json('a near miss')),
      },
      {
        // The valid body tucked under a prototype key, or the keys of one on top of it.
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...TRAP_KEYS), fc.boolean())
          .map(([name, wrapped]) =>
            wrapped
              ? objectText([[name, JSON.stringify(example)]])
              : objectText([...valid, [name, '{"isAdmin":true,"role":"admin"}']]),
          )
          .map(json('prototype keys')),
      },
    );
  }
  return fc.oneof(...arbitraries);
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Bodies that are not JSON, or not sent as JSON: the same for every endpoint. */
function rawBodies(example: Record<string, unknown> | undefined): Sent[] {
  const valid = JSON.stringify(example ?? { name: 'value' });
  return [
    { label: 'JSON sent as text/plain', contentType: 'text/plain', body: valid },
    { label: 'JSON with no Content-Type', contentType: undefined, body: utf8(valid) },
    {
      label: 'a form',
      contentType: 'application/x-www-form-urlencoded',
      body: 'email=a%40b.co&password=x&__proto__%5BisAdmin%5D=true',
    },
    {
      label: 'multipart',
      contentType: 'multipart/form-data; boundary=XyZ',
      body: '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--XyZ--\r\n',
    },
    { label: 'XML', contentType: 'application/xml', body: '<email>a@b.co</email>' },
    { label: 'empty', contentType: 'application/json', body: '' },
    { label: 'cut short', contentType: 'application/json', body: valid.slice(0, -1) },
    { label: 'single quotes', contentType: 'application/json', body: "{'email': 'a@b.co'}" },
    { label: 'trailing garbage', contentType: 'application/json', body: `${valid} x` },
    { label: 'NaN literal', contentType: 'application/json', body: '{"a": NaN}' },
    { label: 'byte-order mark', contentType: 'application/json', body: `\uFEFF${valid}` },
    {
      label: 'invalid UTF-8',
      contentType: 'application/json',
      body: new Uint8Array([...utf8('{"email":"'), 0xff, 0xfe, 0xc3, ...utf8('"}')]),
    },
    {
      label: 'UTF-16',
      contentType: 'application/json; charset=utf-16le',
      body: new Uint8Array(Buffer.from(valid, 'utf16le')),
    },
    { label: 'a JSON suffix type', contentType: 'application/merge-patch+json', body: valid },
    // Deep enough to overflow a recursive walk of the body, well within the size limit.
    {
      label: '9,000 nested arrays',
      contentType: 'application/json',
      body: '['.repeat(9_000) + ']'.repeat(9_000),
    },
    {
      label: '9,000 nested objects',
      contentType: 'application/json',
      body: `{"a":${'{"a":'.repeat(9_000)}1${'}'.repeat(9_001)}`,
    },
    {
      label: 'past the size limit',
      contentType: 'application/json',
      body: `[${'1,'.repeat(BODY_LIMIT / 2 + 1_000)}1]`,
    },
  ];
}

// ---------------------------------------------------------------------------------------
// The database as a whole
// ---------------------------------------------------------------------------------------

/**
 * A row trigger on every table but the rate-limit counters (every call counts) notes the
 * table of each row inserted, updated or deleted. A refused body must leave no note: a
 * write it made and rolled back leaves none either, since the note rolls back with it.
 * Stricter and far cheaper than comparing every table's rows before and after each body.
 */
async function watchWrites(): Promise<void> {
  const db = api.database.db;
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits'`,
  );
  await db.execute(
    sql`CREATE TABLE fuzz_writes (table_name text NOT NULL, operation text NOT NULL)`,
  );
  await db.execute(sql`
    CREATE FUNCTION fuzz_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$`);
  for (const { name } of tables) {
    await db.execute(
      sql`CREATE TRIGGER fuzz_note_write AFTER INSERT OR UPDATE OR DELETE ON ${sql.identifier(name)}
          FOR EACH ROW EXECUTE FUNCTION fuzz_note_write()`,
    );
  }
}

/**
 * The writes noted since the last call ("UPDATE providers"), and a clean slate: no notes
 * and no rate-limit counters, so that validation, not the limiter, answers the next body.
 * One statement, as it runs after every body.
 */
async function takeWrites(): Promise<string[]> {
  const rows = await queryRows<{ write: string }>(
    api.database.db,
    sql`WITH counters AS (DELETE FROM rate_limits)
        DELETE FROM fuzz_writes RETURNING operation || ' ' || table_name AS write`,
  );
  return [...new Set(rows.map(({ write }) => write))];
}

// ---------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------

// Every run of the upload endpoints makes a ticket nobody claims: the ceiling on
// unclaimed bytes, which a real site reaches only under a flood, is set out of reach.
const api = useTestApi({ UNCLAIMED_UPLOADS_MAX_MB: '1000000' });
let fixtures: Fixtures;

beforeAll(async () => {
  const db = api.database.db;
  const admin = await createTestAdmin(api);
  const otherAdmin = await createTestAdmin(api);
  const provider = await insertProvider(db, { isApproved: true, services: ['cctv'] });
  const otherProvider = await insertProvider(db, { isApproved: true, services: ['cctv'] });
  const closingProvider = await insertProvider(db, { isApproved: true, services: ['cctv'] });
  const flashAd = await insertFlashAd(db);
  const deskEnquiry = await insertEnquiry(db);
  const providerEnquiry = await insertEnquiry(db, {
    assignedProviderId: provider.id,
    status: 'assigned',
  });
  const application = await insertApplication(db, {
    businessName: 'Applying Installers',
    contactName: 'Sipho Mokoena',
    location: 'Durban',
    province: 'kwazulu-natal',
    physicalAddress: '1 Marine Parade, Durban',
    services: ['alarms'],
  });
  const [review] = await db
    .insert(reviews)
    .values({
      providerId: provider.id,
      customerName: 'Lerato M.',
      rating: 4,
      comment: 'Good work and a tidy site afterwards.',
      serviceType: 'cctv',
    })
    .returning({ id: reviews.id });
  const ticketAnswer = await api.request('/api/public/objects/upload', { method: 'POST' });
  const { uploadURL } = (await ticketAnswer.json()) as { uploadURL: string };
  fixtures = {
    adminId: admin.id,
    adminEmail: admin.email,
    otherAdminId: otherAdmin.id,
    providerId: provider.id,
    providerEmail: provider.email,
    otherProviderId: otherProvider.id,
    closingProviderId: closingProvider.id,
    flashAdId: flashAd.id,
    deskEnquiryId: deskEnquiry.id,
    providerEnquiryId: providerEnquiry.id,
    applicationId: application.id,
    reviewId: review!.id,
    ticket: uploadURL.split('/').at(-1)!,
  };
  await watchWrites();
});

/** A bearer token for the caller, minted afresh: a sign-out in the last call revoked the old. */
/**
 * The caller's session header, signed once and reused until a body is accepted (an
 * accepted body may change the account's session version, e.g. a new password).
 */
const sessions = new Map<Caller, Promise<Record<string, string>>>();
function authorization(caller: Caller): Promise<Record<string, string>> {
  let headers = sessions.get(caller);
  if (!headers) {
    headers = signedHeaders(caller);
    sessions.set(caller, headers);
  }
  return headers;
}

async function signedHeaders(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  if (caller === 'admin') {
    return { authorization: `Bearer ${await adminSession(api, fixtures.adminId)}` };
  }
  const providerId =
    caller === 'closingProvider' ? fixtures.closingProviderId : fixtures.providerId;
  return { authorization: `Bearer ${await providerSession(api, providerId)}` };
}

/** The Hono path with its parameters filled (patterns may nest braces: {[a-z]{16,64}}). */
function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_, name: string) =>
    String(params[name] ?? NOTHING),
  );
}

/** Whether the endpoint's schema takes the body as sent (and it holds no control character). */
function acceptable(target: Target, sent: Sent): boolean {
  if (!target.schema) return false;
  const text = typeof sent.body === 'string' ? sent.body : new TextDecoder().decode(sent.body);
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return false;
  }
  return z.safeParse(target.schema, value).success && findControlCharacter(value) === undefined;
}

function excerpt(sent: Sent): string {
  const text =
    typeof sent.body === 'string' ? sent.body : `bytes ${Buffer.from(sent.body).toString('hex')}`;
  const shown = text.length > 200 ? `${text.slice(0, 200)}... (${text.length} characters)` : text;
  return `${sent.label} [${sent.contentType ?? 'no content type'}] ${JSON.stringify(shown)}`;
}

interface Tally {
  sent: number;
  serverErrors: number;
  accepted: number;
  /** Kinds of write (e.g. "UPDATE providers") noted for accepted bodies: the watch works. */
  writes: number;
  failures: string[];
}
/**
 * The tally of each endpoint, fuzzed once for the file: by its own test, or by the summary
 * when that runs alone (`-t 'in all'`), so no test depends on another having run.
 */
const tallies = new Map<string, Promise<Tally>>();
function tallyOf(route: string, target: Target): Promise<Tally> {
  let tally = tallies.get(route);
  if (!tally) {
    tally = fuzz(route, target);
    tallies.set(route, tally);
  }
  return tally;
}

function fieldNames(target: Target, example: Record<string, unknown> | undefined): string[] {
  const shape = (target.schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return [...new Set([...Object.keys(shape ?? {}), ...Object.keys(example ?? {})])];
}

/**
 * What the app logs for a 5xx (the test API logs nothing): the same request once more
 * through an app on the same database that keeps the error, for the failure message.
 */
async function loggedError(url: string, init: RequestInit): Promise<string> {
  let logged = 'nothing logged';
  const app = createApp({
    db: api.database.db,
    env: api.env,
    logError: (error) => {
      logged =
        error instanceof Error
          ? `${error.name}: ${error.message} at ${error.stack?.split('\n')[1]?.trim().replace(/^at /, '') ?? '?'}`
          : String(error);
    },
  });
  await api.database.db.delete(rateLimits);
  await app.request(url, init);
  return logged;
}

async function fuzz(route: string, target: Target): Promise<Tally> {
  const [method, path] = route.split(' ') as [string, string];
  const url = fillPath(path, target.params?.(fixtures) ?? {});
  const example = target.example?.(fixtures);
  const generated = fc.sample(bodies(fieldNames(target, example), example), {
    // One seed per endpoint (its place in TARGETS): the same bodies every run.
    seed: SEED + Object.keys(TARGETS).indexOf(route),
    numRuns: target.readsNoBody ? RUNS_WITHOUT_BODY : RUNS,
  });
  const tally: Tally = { sent: 0, serverErrors: 0, accepted: 0, writes: 0, failures: [] };
  await takeWrites();
  for (const sent of [...generated, ...rawBodies(example)]) {
    // Validation must answer, not the limiter: the counters start afresh for every body
    // (takeWrites, the last statement before this body, emptied them).
    const init: RequestInit = {
      method,
      headers: {
        ...(await authorization(target.caller)),
        ...(sent.contentType !== undefined && { 'content-type': sent.contentType }),
      },
      body: sent.body,
    };
    tally.sent++;
    let response: Response;
    try {
      response = await api.request(url, init);
    } catch (error) {
      tally.failures.push(`the connection failed (${String(error)}) for ${excerpt(sent)}`);
      await takeWrites();
      continue;
    }
    const { status } = response;
    const text = await response.text();
    if (status >= 500) {
      tally.serverErrors++;
      tally.failures.push(
        `${status} ${text} for ${excerpt(sent)}; the app logged ${await loggedError(url, init)}`,
      );
    } else if (status >= 400) {
      const type = response.headers.get('content-type') ?? '';
      let message: unknown;
      try {
        message = (JSON.parse(text) as { message?: unknown }).message;
      } catch {
        message = undefined;
      }
      if (!type.includes('application/json') || typeof message !== 'string' || !message) {
        tally.failures.push(
          `${status} without a JSON error (${type}: ${text}) for ${excerpt(sent)}`,
        );
      }
    } else {
      tally.accepted++;
      if (!target.readsNoBody && !acceptable(target, sent)) {
        tally.failures.push(`${status} ${text} for a body its schema refuses: ${excerpt(sent)}`);
      }
    }
    if (status >= 400 && !target.readsNoBody) {
      const writes = await takeWrites();
      if (writes.length > 0) {
        tally.failures.push(
          `${status} ${text}, yet it wrote (${writes.join(', ')}) for ${excerpt(sent)}`,
        );
      }
    } else {
      // A change was allowed: its mail and clean-up run now, and the next body starts
      // from the state after them, with sessions signed afresh.
      tally.writes += (await takeWrites()).length;
      await api.runJobs();
      await takeWrites();
      sessions.clear();
    }
  }
  return tally;
}

describe('bad bodies for every write endpoint', () => {
  it('TARGETS names every write endpoint of the app, and nothing else', () => {
    const app = createApp({ db: api.database.db, env: api.env });
    const writes = [
      ...new Set(
        app.routes
          .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ];
    const missing = writes.filter((route) => !(route in TARGETS));
    const stale = Object.keys(TARGETS).filter((route) => !writes.includes(route));
    expect.soft(missing, `Write endpoints missing from TARGETS: ${missing.join(', ')}`).toEqual([]);
    expect
      .soft(stale, `TARGETS for endpoints the app no longer has: ${stale.join(', ')}`)
      .toEqual([]);
  });

  it.each(Object.entries(TARGETS))(
    '%s: no 5xx, JSON errors, nothing changed by a refusal',
    async (route, target) => {
      const tally = await tallyOf(route, target);
      expect(tally.failures, `${route}:\n${tally.failures.join('\n')}`).toEqual([]);
    },
    120_000,
  );

  it(
    'answers no 5xx to any body, in all',
    async () => {
      const rows: { endpoint: string; bodies: number; accepted: number; '5xx': number }[] = [];
      let writesNoted = 0;
      // One endpoint after the other: the writes noted after a body are that body's.
      for (const [route, target] of Object.entries(TARGETS)) {
        const tally = await tallyOf(route, target);
        writesNoted += tally.writes;
        rows.push({
          endpoint: route,
          bodies: tally.sent,
          accepted: tally.accepted,
          '5xx': tally.serverErrors,
        });
      }
      console.log(
        `Bad bodies per write endpoint (seed ${SEED}):\n${rows
          .map(
            (row) =>
              `${row.endpoint.padEnd(58)} ${String(row.bodies).padStart(5)} sent ${String(row.accepted).padStart(4)} 2xx ${String(row['5xx']).padStart(4)} 5xx`,
          )
          .join(
            '\n',
          )}\ntotal ${rows.reduce((sum, row) => sum + row.bodies, 0)} bodies, ${rows.reduce((sum, row) => sum + row['5xx'], 0)} 5xx`,
      );
      expect(rows).toHaveLength(Object.keys(TARGETS).length);
      // The watch on writes sees the accepted bodies' writes, so its silence on refusals counts.
      expect(writesNoted).toBeGreaterThan(0);
      expect(rows.reduce((sum, row) => sum + row['5xx'], 0)).toBe(0);
    },
    120_000 * Object.keys(TARGETS).length,
  );
});
