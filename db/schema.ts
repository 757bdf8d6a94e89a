/**
 * The database schema (spec section 3). Rules the product depends on are enforced here
 * too (checks, unique indexes, foreign keys), so no code path can store a value the
 * product cannot show. The prototype's `users` and `sessions` tables are left out:
 * admins and providers sign in with their own records and stateless JWTs
 * (docs/decisions/0003-no-users-or-sessions-tables.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ACCESS_ACTIONS, type AccessAction } from '../src/lib/access-log.ts';
import { storedWeek, weekTexts, type StoredWeek } from '../src/lib/business-hours.ts';
import { SERVICE_IDS } from '../src/lib/catalog/categories.ts';
import {
  CHECK_STATUSES,
  CHECK_TYPES,
  LEGAL_FORMS,
  type CheckStatus,
  type CheckType,
  type LegalForm,
} from '../src/lib/catalog/checks.ts';
import { CONTACT_TOPIC_VALUES, type ContactTopic } from '../src/lib/catalog/contact-topics.ts';
import {
  APPLICATION_STATUSES,
  BUDGET_VALUES,
  ENQUIRY_STATUSES,
  URGENCY_VALUES,
  type ApplicationStatus,
  type EnquiryStatus,
} from '../src/lib/catalog/enquiry-options.ts';
import { PROVINCE_IDS, type ProvinceId } from '../src/lib/catalog/provinces.ts';
import { PLACE_KINDS, SOUTH_AFRICA_BOUNDS, type PlaceKind } from '../src/lib/places.ts';
import {
  CASE_KINDS,
  CASE_STATUSES,
  type CaseKind,
  type CaseStatus,
} from '../src/lib/privacy-cases.ts';
import { QUOTE_LINE_KINDS, VAT_PERCENT, type QuoteLineKind } from '../src/lib/quotes.ts';
import type { DocumentType } from '../src/lib/uploads.ts';

/**
 * A provider's business hours: the code reads and writes the spec's map of day to text
 * ('8:00 AM - 5:00 PM', 'Closed'); the column stores each day structured, as the business
 * clock reads it ({"opens": 480, "closes": 1020} in minutes from midnight, null when
 * closed; src/lib/business-hours.ts converts, decision 0035). The check
 * is_business_week() (db/sql/columns.sql) holds every stored week to that shape.
 */
const businessHours = customType<{ data: Record<string, string>; driverData: string }>({
  dataType: () => 'jsonb',
  toDriver: (texts) => JSON.stringify(storedWeek(texts)),
  fromDriver: (stored: unknown) =>
    weekTexts((typeof stored === 'string' ? JSON.parse(stored) : stored) as StoredWeek),
});

/** `column IN ('a', 'b', ...)` for a check constraint over a catalog list. */
function oneOf(column: SQL, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

/** At least one element, each from the list, none repeated (`has_distinct_elements`, 0000_extensions.sql). */
function someOf(column: SQL, values: readonly string[]): SQL {
  const list = sql.raw(values.map((v) => `'${v}'`).join(', '));
  return sql`cardinality(${column}) >= 1 AND ${column} <@ ARRAY[${list}]::text[] AND has_distinct_elements(${column})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const serviceCategories = pgTable('service_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  slug: text('slug').notNull().unique(),
});

export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** Null while an invited admin has not chosen a password yet (they cannot sign in). */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role').notNull().default('admin'),
    isActive: boolean('is_active').notNull().default(true),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Raised on logout and password change: tokens carrying an older value stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admin_users_email_lower_key').on(sql`lower(${t.email})`),
    check('admin_users_role_check', oneOf(sql`${t.role}`, ['admin'])),
  ],
);

/**
 * Stored with the listing's columns first (migration 0023, docs/decisions/0056): this
 * declaration's order is by meaning, and drizzle names every column it reads or writes.
 */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /**
     * The provider's own words, or '' when none were given (never a generated text).
     * Empty rather than null: the spec's answers carry a string, and search_text reads it.
     */
    description: text('description').notNull(),
    location: text('location').notNull(),
    province: text('province').notNull(),
    latitude: numeric('latitude', { precision: 10, scale: 8 }),
    longitude: numeric('longitude', { precision: 11, scale: 8 }),
    services: text('services').array().notNull(),
    profileImage: text('profile_image'),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0.0'),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * The last day every check its services require counts: the earliest expiry of those
     * checks when all have passed, else '-infinity'. Kept by triggers on provider_checks
     * and on this row (0011_verification_checks.sql), never written by the app. Verified
     * is `verified_until >= sa_today()`, decided at read time, so a badge lapses the day a
     * check expires with no job to run (docs/decisions/0014-derived-verification.md).
     */
    verifiedUntil: date('verified_until')
      .notNull()
      .default(sql`'-infinity'::date`),
    legalForm: text('legal_form').$type<LegalForm>().notNull().default('company'),
    isPremium: boolean('is_premium').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    /** Rand; null when nobody gave one: shown as "Price on request", never as a default. */
    startingPrice: integer('starting_price'),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    website: text('website'),
    coverageAreas: text('coverage_areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specialties: text('specialties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience').notNull().default(0),
    businessHours: businessHours('business_hours')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * The person to speak to: the applicant's contact person, or whom an admin or the
     * provider names; shown to admins and the provider, never on the public pages, which
     * show the business name (`name`).
     */
    contactName: text('contact_name'),
    // Details an admin records with Add Provider (spec section 5); shown to admins only.
    businessLicense: text('business_license'),
    insurance: text('insurance'),
    teamSize: integer('team_size'),
    establishedYear: integer('established_year'),
    completedJobs: integer('completed_jobs'),
    responseTime: text('response_time'),
    emergencyService: boolean('emergency_service').notNull().default(false),
    /**
     * VAT registration: the SARS VAT number (10 digits, starting with 4) and the registered
     * name it is issued to, both or neither. A registered provider's quotes add VAT at 15 %
     * and name both (docs/decisions/0051).
     */
    vatNumber: text('vat_number'),
    registeredName: text('registered_name'),
    /**
     * When the provider itself confirmed each of the facts its dashboard asks for
     * (src/lib/profile-checklist.ts): null until then, whoever gave the value.
     */
    priceConfirmedAt: timestamp('price_confirmed_at', { withTimezone: true }),
    hoursConfirmedAt: timestamp('hours_confirmed_at', { withTimezone: true }),
    coverageConfirmedAt: timestamp('coverage_confirmed_at', { withTimezone: true }),
    descriptionConfirmedAt: timestamp('description_confirmed_at', { withTimezone: true }),
    /** Set when the provider chooses a password (after approval); never leaves the server. */
    passwordHash: text('password_hash'),
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When the provider closed its account (docs/decisions/0053): unlisted then, erased by
     * the retention job RETENTION.closedProviderAccounts.days later.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Town values (see townValue) of the location and every coverage area, for the location filter. */
    areaValues: text('area_values')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`town_values(ARRAY[location] || coverage_areas)`),
    /** Lower-cased text the search filter looks in (trigram-indexed). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(name || ' ' || description || ' ' || location || ' ' || province || ' ' || replace(province, '-', ' ') || ' ' || text_join(services) || ' ' || text_join(specialties))`,
      ),
  },
  (t) => [
    uniqueIndex('service_providers_email_lower_key').on(sql`lower(${t.email})`),
    check('service_providers_rating_check', sql`${t.rating} BETWEEN 0 AND 5`),
    check('service_providers_review_count_check', sql`${t.reviewCount} >= 0`),
    check('service_providers_starting_price_check', sql`${t.startingPrice} >= 0`),
    check('service_providers_business_hours_check', sql`is_business_week(${t.businessHours})`),
    check('service_providers_years_experience_check', sql`${t.yearsExperience} >= 0`),
    check('service_providers_team_size_check', sql`${t.teamSize} >= 1`),
    check('service_providers_established_year_check', sql`${t.establishedYear} >= 1900`),
    check('service_providers_completed_jobs_check', sql`${t.completedJobs} >= 0`),
    check('service_providers_latitude_check', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('service_providers_longitude_check', sql`${t.longitude} BETWEEN -180 AND 180`),
    check(
      'service_providers_coordinates_check',
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)`,
    ),
    check('service_providers_province_check', oneOf(sql`${t.province}`, PROVINCE_IDS)),
    check('service_providers_services_check', someOf(sql`${t.services}`, SERVICE_IDS)),
    check('service_providers_legal_form_check', oneOf(sql`${t.legalForm}`, LEGAL_FORMS)),
    check('service_providers_vat_number_check', sql`${t.vatNumber} ~ '^4[0-9]{9}$'`),
    check(
      'service_providers_vat_registration_check',
      sql`(${t.vatNumber} IS NULL) = (${t.registeredName} IS NULL)`,
    ),
    // The listing's order without the verified key (it depends on the day): each of the
    // premium and verified groups is read from it in order (list-providers.ts).
    index('service_providers_ranking_idx')
      .on(t.isPremium.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.isApproved}`),
    // Finds the few providers outside the verified group, and the verified filter.
    index('service_providers_verified_until_idx')
      .on(t.isPremium, t.verifiedUntil)
      .where(sql`${t.isApproved}`),
    index('service_providers_services_idx').using('gin', t.services),
    // The places a provider is in or covers (the location filter, a search's places) and
    // its words' trigrams (a search's and the admin's LIKE '%word%') in one GIN index: a
    // search of a service in a place ('cctv pretoria') intersects the two inside the index
    // instead of reading every provider of the place (decision 0055).
    index('service_providers_area_search_idx').using(
      'gin',
      t.areaValues,
      t.searchText.op('gin_trgm_ops'),
    ),
    // Counting the rows that match a rating filter reads this index only.
    index('service_providers_rating_idx')
      .on(t.rating)
      .where(sql`${t.isApproved}`),
    // The admin's paged list: newest first, the id keeping pages stable.
    index('service_providers_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Nearest-first: KNN on the earth cube (same order as great-circle distance).
    index('service_providers_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}::float8, ${t.longitude}::float8)`)
      .where(sql`${t.isApproved}`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    customerName: text('customer_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    serviceType: text('service_type').notNull(),
    createdAt: createdAt(),
    /** The completed enquiry the review is for: one review per enquiry (the link's single use). */
    enquiryId: integer('enquiry_id').references((): AnyPgColumn => customerEnquiries.id, {
      onDelete: 'set null',
    }),
    /** The provider's one public reply. */
    providerReply: text('provider_reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Hidden by an admin (with the reason): no longer shown, no longer in the rating. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    /**
     * Held for moderation (something ties it to the provider: src/api/reviews/hold-reasons.ts):
     * not shown and not in the rating until an admin lets it through.
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    heldReason: text('held_reason'),
    /** The network the review was written from, to tie a provider's other reviews to it. */
    clientAddress: text('client_address'),
  },
  (t) => [
    index('reviews_held_idx')
      .on(t.heldAt)
      .where(sql`${t.heldAt} IS NOT NULL`),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
    uniqueIndex('reviews_enquiry_id_key').on(t.enquiryId),
    check('reviews_service_type_check', oneOf(sql`${t.serviceType}`, SERVICE_IDS)),
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst()),
    index('reviews_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const customerEnquiries = pgTable(
  'customer_enquiries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    serviceType: text('service_type').notNull(),
    location: text('location').notNull(),
    description: text('description').notNull(),
    budget: text('budget'),
    urgency: text('urgency').notNull().default('medium'),
    status: text('status').$type<EnquiryStatus>().notNull().default('new'),
    // An enquiry survives its provider: the history stays, the link is cleared.
    assignedProviderId: integer('assigned_provider_id').references(() => serviceProviders.id, {
      onDelete: 'set null',
    }),
    adminNotes: text('admin_notes'),
    providerResponse: text('provider_response'),
    providerNotes: text('provider_notes'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The customer opened the confirmation link mailed to customerEmail. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** When the assigned provider first had the request in front of it. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When it was completed or cancelled (kept by a trigger); its status page works 30 days on. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * The answers to the questions of the request's service, as
     * src/lib/schemas/request-brief.ts validates them; null for requests from before.
     */
    brief: jsonb('brief').$type<Record<string, unknown>>(),
    /** When the provider was reminded of a request left unanswered (once per assignment). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** SHA-256 of the customer's status-page token: the token itself is only in the mail. */
    statusTokenHash: text('status_token_hash').unique(),
    /** Where the request came from, to hold reviews a provider wrote for itself. */
    clientAddress: text('client_address'),
    /** A provider's session was present in the browser that sent the request. */
    senderProviderId: integer('sender_provider_id'),
    /** The network the customer confirmed the address from (the link or the status page). */
    confirmedFrom: text('confirmed_from'),
    /**
     * One brief sent to several providers at once is one request: each provider has a
     * copy (a row of its own), and every copy holds the id of the first in groupId. Null
     * for a request sent to one provider; `coalesce(group_id, id)` names a request's group.
     */
    groupId: integer('group_id').references((): AnyPgColumn => customerEnquiries.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('customer_enquiries_service_type_check', oneOf(sql`${t.serviceType}`, SERVICE_IDS)),
    check('customer_enquiries_budget_check', oneOf(sql`${t.budget}`, BUDGET_VALUES)),
    check('customer_enquiries_urgency_check', oneOf(sql`${t.urgency}`, URGENCY_VALUES)),
    check('customer_enquiries_status_check', oneOf(sql`${t.status}`, ENQUIRY_STATUSES)),
    index('customer_enquiries_provider_idx').on(
      t.assignedProviderId,
      t.createdAt.desc().nullsFirst(),
    ),
    index('customer_enquiries_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('customer_enquiries_group_idx')
      .on(t.groupId)
      .where(sql`${t.groupId} IS NOT NULL`),
    // A provider holds at most one copy of a request sent to several (docs/decisions/0050).
    uniqueIndex('customer_enquiries_group_provider_key')
      .on(t.groupId, t.assignedProviderId)
      .where(sql`${t.groupId} IS NOT NULL`),
  ],
);

export const providerApplications = pgTable(
  'provider_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    location: text('location').notNull(),
    province: text('province').notNull(),
    physicalAddress: text('physical_address').notNull(),
    services: text('services').array().notNull(),
    yearsExperience: integer('years_experience').notNull(),
    businessLicense: text('business_license'),
    insurance: text('insurance'),
    profileImage: text('profile_image'),
    previousWork: text('previous_work'),
    /** The applicant's own words about the business; the provider's description on approval. */
    description: text('description'),
    website: text('website'),
    /** What the applicant states for the checks; an admin checks it. */
    legalForm: text('legal_form').$type<LegalForm>(),
    cipcNumber: text('cipc_number'),
    psiraNumber: text('psira_number'),
    psiraValidUntil: date('psira_valid_until'),
    insurer: text('insurer'),
    insuranceCover: integer('insurance_cover'),
    insuranceValidUntil: date('insurance_valid_until'),
    /** The consent to the checks: the wording's version and when it was given. */
    consentVersion: text('consent_version'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    status: text('status').$type<ApplicationStatus>().notNull().default('pending'),
    adminNotes: text('admin_notes'),
    reviewedBy: integer('reviewed_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The provider created by approval; approving again reuses it. */
    providerId: integer('provider_id'),
    /**
     * When the applicant opened the link mailed to the address (anyone can type a
     * stranger's address into the form): until then the address gets only that link, and
     * the admins' digest leaves the application out (docs/decisions/0046).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** When the admins' hourly digest counted the application (send-application-digest.ts). */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('provider_applications_status_check', oneOf(sql`${t.status}`, APPLICATION_STATUSES)),
    check('provider_applications_province_check', oneOf(sql`${t.province}`, PROVINCE_IDS)),
    check('provider_applications_services_check', someOf(sql`${t.services}`, SERVICE_IDS)),
    check('provider_applications_years_experience_check', sql`${t.yearsExperience} >= 0`),
    check(
      'provider_applications_legal_form_check',
      sql`${t.legalForm} IS NULL OR ${oneOf(sql`${t.legalForm}`, LEGAL_FORMS)}`,
    ),
    check('provider_applications_insurance_cover_check', sql`${t.insuranceCover} > 0`),
    foreignKey({
      name: 'provider_applications_provider_id_fkey',
      columns: [t.providerId],
      foreignColumns: [serviceProviders.id],
    }).onDelete('set null'),
    uniqueIndex('provider_applications_provider_id_key').on(t.providerId),
    // One pending application per mailbox: Bob+x@ and b.o.b@gmail.com are Bob's
    // (mailbox_of, db/sql/columns.sql).
    uniqueIndex('provider_applications_pending_email_key')
      .on(sql`mailbox_of(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('provider_applications_created_idx').on(t.createdAt.desc().nullsFirst()),
    // The digest's last time, and its claim: confirmed applications not counted yet.
    index('provider_applications_digested_idx').on(t.digestedAt),
    index('provider_applications_undigested_idx')
      .on(t.emailConfirmedAt)
      .where(sql`${t.digestedAt} IS NULL AND ${t.emailConfirmedAt} IS NOT NULL`),
  ],
);

/**
 * The links mailed to confirm an application's e-mail address: only the SHA-256 of each
 * token is kept. A link works until it expires; using it twice answers "already
 * confirmed" (the application remembers when it was confirmed).
 */
export const applicationConfirmationLinks = pgTable(
  'application_confirmation_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => providerApplications.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('application_confirmation_links_application_idx').on(t.applicationId)],
);

export const flashAds = pgTable(
  'flash_ads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    imageUrl: text('image_url'),
    /** Where the banner leads: a path on this site or an https address. */
    linkUrl: text('link_url'),
    isActive: boolean('is_active').notNull().default(true),
    priority: integer('priority').notNull().default(1),
    displayDuration: integer('display_duration').notNull().default(3000),
    createdBy: integer('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('flash_ads_priority_check', sql`${t.priority} >= 1`),
    check('flash_ads_display_duration_check', sql`${t.displayDuration} >= 1000`),
    check(
      'flash_ads_link_url_check',
      // A path of this site ('/', '/providers?…') or an https address; never '//host'.
      sql`${t.linkUrl} IS NULL OR ${t.linkUrl} ~* '^(/([a-z0-9#?]|$)|https://)'`,
    ),
    check('flash_ads_title_check', sql`btrim(${t.title}) <> '' AND btrim(${t.subtitle}) <> ''`),
    index('flash_ads_active_idx')
      .on(t.priority, t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive}`),
  ],
);

/**
 * The words of the providers' texts (search_text) worth correcting a typo towards:
 * letters only, 4 or more. The trigram index finds the candidates of a misspelt word
 * ('survelance'); the API keeps the ones a typo or two away (docs/decisions/0028). Kept
 * by the triggers of db/sql/search.sql, which add a provider's new words and never
 * remove any: a word no provider uses any more only leads to a LIKE that matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * Approved providers per key: the services they offer (as stored), premium, and
 * verified_until. Kept by the statement-level triggers of db/sql/listing-counts.sql in
 * the same transaction as each change, so listing totals and statistics are exact
 * without counting every provider per request. A provider belongs to one key, so a write
 * that changes what is counted upserts at most its old and its new key's rows: no row is
 * shared by every provider (docs/decisions/0032).
 */
export const providerCounts = pgTable(
  'provider_counts',
  {
    services: text('services').array().notNull(),
    /** The providers' verified_until: verified today are the rows on or after today. */
    verifiedUntil: date('verified_until')
      .notNull()
      .default(sql`'-infinity'::date`),
    isPremium: boolean('is_premium').notNull(),
    approvedCount: integer('approved_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.services, t.isPremium, t.verifiedUntil] })],
);

/**
 * One record per check behind the badge (src/lib/catalog/checks.ts): its outcome, the
 * reference where it has one, who checked and when, and until when a pass counts.
 * Notes are for admins only. A pass always has its date and expiry.
 */
export const providerChecks = pgTable(
  'provider_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    checkType: text('check_type').$type<CheckType>().notNull(),
    status: text('status').$type<CheckStatus>().notNull().default('pending'),
    /** Free text: a register number as the register writes it, no invented format. */
    reference: text('reference'),
    /** Public liability insurance only. */
    insurer: text('insurer'),
    coverAmount: integer('cover_amount'),
    checkedBy: integer('checked_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** The last day the pass counts (a certificate's expiry, or the check's own term). */
    validUntil: date('valid_until'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('provider_checks_provider_type_key').on(t.providerId, t.checkType),
    check('provider_checks_type_check', oneOf(sql`${t.checkType}`, CHECK_TYPES)),
    check('provider_checks_status_check', oneOf(sql`${t.status}`, CHECK_STATUSES)),
    check(
      'provider_checks_passed_check',
      sql`${t.status} <> 'passed' OR (${t.checkedAt} IS NOT NULL AND ${t.validUntil} IS NOT NULL)`,
    ),
    check('provider_checks_cover_amount_check', sql`${t.coverAmount} > 0`),
    // The expiry queues and the renewal reminders read passes by their expiry.
    index('provider_checks_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'passed'`),
    // The home page's "Recently verified" reads the newest passes first.
    index('provider_checks_passed_checked_at_idx')
      .on(t.checkedAt.desc())
      .where(sql`${t.status} = 'passed'`),
  ],
);

/**
 * More links to a request's status page, one for each mail to its customer after the
 * first (whose token is customer_enquiries.status_token_hash): only each token's SHA-256
 * is kept, so a link can be put in a mail only when the mail is made.
 */
export const requestStatusLinks = pgTable(
  'request_status_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('request_status_links_enquiry_idx').on(t.enquiryId)],
);

/**
 * What happened to a request, in order, for the customer's status page:
 * written by triggers on customer_enquiries (db/sql/requests.sql), so
 * every path that changes a request leaves its mark. 'responded' carries the response.
 */
export const ENQUIRY_EVENT_KINDS = [
  'sent',
  'seen',
  'responded',
  'in_progress',
  'completed',
  'cancelled',
  'reassigned',
] as const;
export type EnquiryEventKind = (typeof ENQUIRY_EVENT_KINDS)[number];

export const enquiryEvents = pgTable(
  'enquiry_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EnquiryEventKind>().notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('enquiry_events_kind_check', oneOf(sql`${t.kind}`, ENQUIRY_EVENT_KINDS)),
    index('enquiry_events_enquiry_idx').on(t.enquiryId, t.at),
  ],
);

/**
 * Evidence behind a check: a certificate or registration, PDF or image, kept
 * privately under `private/` and shown to admins only through short-lived links. It
 * belongs to an application (joining) until approval hands it to the provider. A
 * provider's renewal waits for review with what it states (reference, expiry); an
 * admin's recorded outcome reviews it.
 */
export const evidenceDocuments = pgTable(
  'evidence_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id').references(() => serviceProviders.id, {
      onDelete: 'cascade',
    }),
    applicationId: integer('application_id').references(() => providerApplications.id, {
      onDelete: 'cascade',
    }),
    checkType: text('check_type').$type<CheckType>().notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type').$type<DocumentType>().notNull(),
    size: integer('size').notNull(),
    /** The name the uploader's browser gave the file. */
    fileName: text('file_name').notNull(),
    /** 'applicant', 'provider' or 'admin'. */
    uploadedBy: text('uploaded_by').notNull(),
    statedReference: text('stated_reference'),
    statedValidUntil: date('stated_valid_until'),
    reviewStatus: text('review_status')
      .$type<'waiting' | 'reviewed'>()
      .notNull()
      .default('waiting'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('evidence_documents_type_check', oneOf(sql`${t.checkType}`, CHECK_TYPES)),
    check(
      'evidence_documents_uploaded_by_check',
      oneOf(sql`${t.uploadedBy}`, ['applicant', 'provider', 'admin']),
    ),
    check(
      'evidence_documents_review_status_check',
      oneOf(sql`${t.reviewStatus}`, ['waiting', 'reviewed']),
    ),
    check(
      'evidence_documents_owner_check',
      sql`${t.providerId} IS NOT NULL OR ${t.applicationId} IS NOT NULL`,
    ),
    index('evidence_documents_provider_idx').on(t.providerId, t.checkType),
    index('evidence_documents_application_idx').on(t.applicationId),
    index('evidence_documents_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.reviewStatus} = 'waiting' AND ${t.providerId} IS NOT NULL`),
  ],
);

/** Every time an admin opened a document: who, when, which. */
export const documentViews = pgTable(
  'document_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => evidenceDocuments.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id')
      .notNull()
      .references(() => adminUsers.id),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_views_document_idx').on(t.documentId, t.viewedAt)],
);

/**
 * Messages written to the operator through the form on /contact: kept as written, mailed
 * to the company's e-mail address with the sender's copy in the same transaction
 * (src/api/contact/send-contact-message.ts). The reference is derived from id and
 * created_at (contactReference).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').$type<ContactTopic>().notNull(),
    message: text('message').notNull(),
    /** Where it came from, as for service requests (rate limits, abuse). */
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_messages_topic_check', oneOf(sql`${t.topic}`, CONTACT_TOPIC_VALUES)),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
);

/**
 * Fixed-window counters for rate limits (logins, public submissions). In the database so
 * that a limit holds across serverless instances.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

/**
 * Single-use upload addresses (DESIGN.md, storage). A ticket is made for one purpose
 * (its size limit), accepts one PUT before it expires, and its object is then taken
 * once by the operation that uses it (an application, a profile, a flash ad).
 */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    /** Random, unguessable; the upload URL carries it. */
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    maxBytes: integer('max_bytes').notNull(),
    /** Who asked: 'public', 'admin:<id>' or 'provider:<id>'. */
    owner: text('owner').notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type'),
    size: integer('size'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'upload_tickets_purpose_check',
      oneOf(sql`${t.purpose}`, [
        'application-image',
        'profile-image',
        'admin-image',
        'flash-ad-image',
        'evidence-document',
        'site-photo',
        'work-photo',
        'message-attachment',
      ]),
    ),
    index('upload_tickets_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Single-use links to choose a password: 'reset' (forgot password, 1 hour) and
 * 'set-password' (a newly approved provider). Only the SHA-256 of the token is stored.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    adminId: integer('admin_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => serviceProviders.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('password_tokens_purpose_check', oneOf(sql`${t.purpose}`, ['reset', 'set-password'])),
    check('password_tokens_owner_check', sql`(${t.adminId} IS NULL) <> (${t.providerId} IS NULL)`),
    index('password_tokens_admin_idx').on(t.adminId),
    index('password_tokens_provider_idx').on(t.providerId),
  ],
);

/**
 * Addresses a provider has signed in from (the last 90 days matter): a review whose
 * request came from one of them waits for moderation.
 */
export const providerSignIns = pgTable(
  'provider_sign_ins',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.address] })],
);

export const OUTBOX_KINDS = ['mail', 'delete-object', 'password-reset', 'privacy-link'] as const;
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
/** Where a sent mail went: a mail server, or only a file in the outbox folder (no SMTP). */
export const MAIL_DELIVERIES = ['smtp', 'file'] as const;

/**
 * Side effects written in the same transaction as the change that causes them (DESIGN.md,
 * Modes, side effects): mail, and deletion of stored objects. A sender claims due rows,
 * carries them out and retries with backoff for up to a day (src/api/jobs/).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** At most one row per key, ever: a reminder guarded by its key is written once. */
    onceKey: text('once_key'),
    /** A newer row of the same topic cancels a queued older one (e.g. an application's decision). */
    topic: text('topic'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row is due; for a row being sent, when its claim lapses. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A sent mail's delivery (MAIL_DELIVERIES); null for other kinds and mail sent before it was kept. */
    sentVia: text('sent_via'),
  },
  (t) => [
    check('outbox_kind_check', oneOf(sql`${t.kind}`, OUTBOX_KINDS)),
    check('outbox_status_check', oneOf(sql`${t.status}`, OUTBOX_STATUSES)),
    check('outbox_sent_via_check', oneOf(sql`${t.sentVia}`, MAIL_DELIVERIES)),
    uniqueIndex('outbox_once_key').on(t.onceKey),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    index('outbox_topic_idx')
      .on(t.topic)
      .where(sql`${t.status} = 'queued'`),
    index('outbox_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Who had a request, and when: a row per provider a request was assigned to,
 * written by a trigger on customer_enquiries (0015_request_follow_up.sql). The first
 * response within an assignment is stamped on it, with the business minutes it took
 * counted in that provider's hours (business_minutes()), so responsiveness is read
 * from these rows in SQL.
 */
export const enquiryAssignments = pgTable(
  'enquiry_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the request was taken from this provider (reassigned); null while it has it. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** Business minutes from assignedAt to firstResponseAt, in the provider's hours. */
    responseMinutes: integer('response_minutes'),
  },
  (t) => [
    index('enquiry_assignments_provider_idx').on(t.providerId, t.assignedAt),
    index('enquiry_assignments_enquiry_idx').on(t.enquiryId, t.assignedAt),
    check('enquiry_assignments_response_minutes_check', sql`${t.responseMinutes} >= 0`),
  ],
);

/** Up to three photos of the site with a request: private, like evidence. */
export const enquiryPhotos = pgTable(
  'enquiry_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [
    uniqueIndex('enquiry_photos_enquiry_position_key').on(t.enquiryId, t.position),
    check('enquiry_photos_position_check', sql`${t.position} BETWEEN 1 AND 3`),
  ],
);

/** Who wrote a message of a request's conversation. */
export const MESSAGE_AUTHORS = ['customer', 'provider'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

/**
 * The conversation of a request's copy between its customer (from the status page) and
 * its provider (from the dashboard), kept here so that neither needs the other's phone or
 * e-mail (docs/decisions/0050). `provider_id` is the provider the copy had when the
 * message was written: after the desk passes a request on, the new provider sees only its
 * own conversation, not the one before it.
 */
export const requestMessages = pgTable(
  'request_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => serviceProviders.id, {
      onDelete: 'set null',
    }),
    author: text('author').$type<MessageAuthor>().notNull(),
    /** May be empty when the message carries files. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('request_messages_author_check', oneOf(sql`${t.author}`, MESSAGE_AUTHORS)),
    check('request_messages_body_check', sql`char_length(${t.body}) <= 2000`),
    index('request_messages_enquiry_idx').on(t.enquiryId, t.createdAt),
    index('request_messages_provider_idx').on(t.providerId, t.createdAt),
  ],
);

/**
 * Photos and PDFs sent with a message (at most three): private like a request's site
 * photos, under `private/`, served only to the conversation's two sides and the desk.
 */
export const requestMessageFiles = pgTable(
  'request_message_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => requestMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    objectKey: text('object_key').notNull().unique(),
    contentType: text('content_type').$type<DocumentType>().notNull(),
    size: integer('size').notNull(),
    /** The name the sender's browser gave the file, cut to size. */
    fileName: text('file_name').notNull(),
  },
  (t) => [
    uniqueIndex('request_message_files_message_position_key').on(t.messageId, t.position),
    check('request_message_files_position_check', sql`${t.position} BETWEEN 1 AND 3`),
  ],
);

/**
 * Photos of a provider's past work, public on its page and modal: at
 * most WORK_PHOTO_LIMIT each (add-work-photo.ts), shown oldest first. The image is a
 * claimed upload (re-encoded, metadata stripped), deleted once its row is gone.
 */
export const providerWorkPhotos = pgTable(
  'provider_work_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    /** The /objects/ path the claim answered, or a seed file name under /public-objects/. */
    imagePath: text('image_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('provider_work_photos_provider_idx').on(t.providerId, t.id)],
);

/**
 * The towns, suburbs and townships of South Africa (decision 0027):
 * reference data, filled from db/places/places.tsv by loadPlaces (db/places/load-places.ts)
 * after the migrations, never written by the application. `value` is the location
 * filter's town value (townValue of the name, with the province when two places share a
 * name), so it matches `service_providers.area_values`.
 */
export const places = pgTable(
  'places',
  {
    value: text('value').primaryKey(),
    name: text('name').notNull(),
    province: text('province').$type<ProvinceId>().notNull(),
    kind: text('kind').$type<PlaceKind>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** As the source counts it; null when it gives none. Bigger places are offered first. */
    population: integer('population'),
    /**
     * A major town's place in their list (1, 2, ...; decision 0033): the towns a request's
     * location is placed on (reassign-candidates.ts) and the islands know without a
     * request. Null for every other place.
     */
    majorRank: smallint('major_rank').unique(),
    /** Other names people use (Gqeberha for Port Elizabeth, Tshwane for Pretoria, ...). */
    otherNames: text('other_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The city or town a suburb or township lies in. */
    parent: text('parent').references((): AnyPgColumn => places.value),
  },
  (t) => [
    check('places_value_check', sql`${t.value} = town_value(${t.value}) AND ${t.value} <> ''`),
    check('places_province_check', oneOf(sql`${t.province}`, PROVINCE_IDS)),
    check('places_kind_check', oneOf(sql`${t.kind}`, PLACE_KINDS)),
    check(
      'places_coordinates_check',
      sql.raw(
        `latitude BETWEEN ${SOUTH_AFRICA_BOUNDS.minLatitude} AND ${SOUTH_AFRICA_BOUNDS.maxLatitude} AND longitude BETWEEN ${SOUTH_AFRICA_BOUNDS.minLongitude} AND ${SOUTH_AFRICA_BOUNDS.maxLongitude}`,
      ),
    ),
    check('places_population_check', sql`${t.population} >= 0`),
    check('places_major_rank_check', sql`${t.majorRank} >= 1`),
    check('places_parent_check', sql`${t.parent} <> ${t.value}`),
    // Nearest places: KNN on the earth cube (same order as great-circle distance).
    index('places_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
  ],
);

/**
 * One row per name and other name of a place, for search and the town combobox: `key`
 * is placeKey(name) (src/lib/places.ts), `name` the name as written (to show which other
 * name matched). Filled with `places` by loadPlaces.
 */
export const placeNames = pgTable(
  'place_names',
  {
    key: text('key').notNull(),
    value: text('value')
      .notNull()
      .references(() => places.value, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.value] }),
    // Prefix search (`key LIKE 'port el%'`) whatever the database's collation.
    index('place_names_key_prefix_idx').on(t.key.op('text_pattern_ops')),
    // Small typos ('johannesbrug'): trigram similarity.
    index('place_names_key_trgm_idx').using('gin', t.key.op('gin_trgm_ops')),
    index('place_names_value_idx').on(t.value),
  ],
);

/**
 * Links to the privacy centre (/privacy/my-data), mailed to an address the data knows
 * (src/api/privacy/): only the SHA-256 of each token is kept, with the address it opens.
 * A link works until it expires; deleting the address's data deletes its links.
 */
export const privacyLinks = pgTable(
  'privacy_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_links_mailbox_idx').on(sql`mailbox_of(${t.email})`),
    index('privacy_links_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Who in our team looked (docs/decisions/0053): each view of a customer's contact details
 * or of a request's photos, and each CSV export, one row for each person it was about,
 * by the request or the provider rather than by an address (so a customer's deletion
 * leaves the record of the views without their address). Views of evidence documents
 * stay in document_views. Kept for RETENTION.accessLogs (src/lib/retention.ts).
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => adminUsers.id),
    action: text('action').$type<AccessAction>().notNull(),
    enquiryId: integer('enquiry_id').references(() => customerEnquiries.id, {
      onDelete: 'set null',
    }),
    providerId: integer('provider_id').references(() => serviceProviders.id, {
      onDelete: 'set null',
    }),
    /** What was opened: a request's reference, or the export's file name. */
    what: text('what').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('access_log_action_check', oneOf(sql`${t.action}`, ACCESS_ACTIONS)),
    index('access_log_enquiry_idx').on(t.enquiryId),
    index('access_log_provider_idx').on(t.providerId),
    index('access_log_at_idx').on(t.at),
  ],
);

/**
 * A request to the information officer that needs a person (docs/decisions/0053): a
 * correction the privacy centre cannot make, an objection, a complaint. Due CASE_DAYS
 * after it came in; the reply is mailed to the address and kept here, with who sent it.
 */
export const privacyCases = pgTable(
  'privacy_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<CaseKind>().notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<CaseStatus>().notNull().default('open'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => adminUsers.id),
  },
  (t) => [
    check('privacy_cases_kind_check', oneOf(sql`${t.kind}`, CASE_KINDS)),
    check('privacy_cases_status_check', oneOf(sql`${t.status}`, CASE_STATUSES)),
    check(
      'privacy_cases_reply_check',
      sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL) AND (${t.reply} IS NULL) = (${t.repliedBy} IS NULL)`,
    ),
    index('privacy_cases_mailbox_idx').on(sql`mailbox_of(${t.email})`),
    index('privacy_cases_open_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * An objection to further processing (POPIA s11(3)), by mailbox: only the SHA-256 of
 * mailbox_of(address) is kept, so the objection outlives a deletion of the address's data
 * without holding the address.
 */
export const privacyObjections = pgTable('privacy_objections', {
  mailboxHash: text('mailbox_hash').primaryKey(),
  objectedAt: timestamp('objected_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A provider's quote on its copy of a request (docs/decisions/0051): written once, never
 * changed but for the customer's decline; a revision is the next version, and the
 * earlier ones stay readable. The provider's names and VAT registration are kept as the
 * quote stated them. Amounts are whole cents; the totals are the lines' (quote_lines),
 * computed by the API and held to each other here.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => serviceProviders.id, {
      onDelete: 'set null',
    }),
    version: integer('version').notNull(),
    providerName: text('provider_name').notNull(),
    registeredName: text('registered_name'),
    vatNumber: text('vat_number'),
    vatPercent: integer('vat_percent').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The last day it can be accepted (South African calendar). */
    validUntil: date('valid_until').notNull(),
    earliestStart: date('earliest_start').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** The share of the total the deposit was given as; null for an amount or none. */
    depositPercent: integer('deposit_percent'),
    /** Repair or maintenance work: s15 and s57 of the Consumer Protection Act apply. */
    repairWork: boolean('repair_work').notNull(),
    warrantyMonths: integer('warranty_months').notNull(),
    /** The fee for preparing the quote the customer agreed before the visit; 0 for none. */
    preparationFeeCents: integer('preparation_fee_cents').notNull().default(0),
    note: text('note'),
    createdAt: createdAt(),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('quotes_enquiry_version_key').on(t.enquiryId, t.version),
    index('quotes_provider_idx').on(t.providerId),
    check('quotes_version_check', sql`${t.version} >= 1`),
    check('quotes_vat_percent_check', sql`${t.vatPercent} IN (0, ${sql.raw(String(VAT_PERCENT))})`),
    check(
      'quotes_vat_registration_check',
      sql`(${t.vatPercent} = 0) = (${t.vatNumber} IS NULL) AND (${t.vatNumber} IS NULL) = (${t.registeredName} IS NULL)`,
    ),
    check(
      'quotes_totals_check',
      sql`${t.subtotalCents} >= 0 AND ${t.vatCents} = round(${t.subtotalCents} * ${t.vatPercent} / 100.0) AND ${t.totalCents} = ${t.subtotalCents} + ${t.vatCents}`,
    ),
    check('quotes_deposit_check', sql`${t.depositCents} BETWEEN 0 AND ${t.totalCents}`),
    check('quotes_deposit_percent_check', sql`${t.depositPercent} BETWEEN 1 AND 100`),
    check(
      'quotes_warranty_check',
      sql`${t.warrantyMonths} >= 0 AND (NOT ${t.repairWork} OR ${t.warrantyMonths} >= 3)`,
    ),
    check('quotes_preparation_fee_check', sql`${t.preparationFeeCents} >= 0`),
    check('quotes_declined_check', sql`(${t.declinedAt} IS NULL) = (${t.declineReason} IS NULL)`),
  ],
);

/**
 * The agreed job: the one quote version a customer accepted in a request group, at most
 * one per group (group_id is the group's first copy: coalesce(group_id, id)), so a
 * second acceptance, from another click or device, finds the row taken. Its agreed
 * total is the quote's plus the approved variations; the provider completes it with a
 * final total no higher.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => serviceProviders.id, {
      onDelete: 'set null',
    }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    finalTotalCents: integer('final_total_cents'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Raised by either side with a reason; the desk sees it. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputedBy: text('disputed_by').$type<'customer' | 'provider'>(),
    disputeReason: text('dispute_reason'),
  },
  (t) => [
    uniqueIndex('jobs_group_key').on(t.groupId),
    uniqueIndex('jobs_enquiry_key').on(t.enquiryId),
    uniqueIndex('jobs_quote_key').on(t.quoteId),
    // The public record reads a provider's jobs completed in the last 12 months.
    index('jobs_provider_completed_idx').on(t.providerId, t.completedAt),
    check(
      'jobs_completion_check',
      sql`(${t.finalTotalCents} IS NULL) = (${t.completedAt} IS NULL) AND ${t.finalTotalCents} >= 0`,
    ),
    check(
      'jobs_dispute_check',
      sql`(${t.disputedAt} IS NULL) = (${t.disputeReason} IS NULL) AND (${t.disputedAt} IS NULL) = (${t.disputedBy} IS NULL)`,
    ),
    check('jobs_disputed_by_check', oneOf(sql`${t.disputedBy}`, ['customer', 'provider'])),
  ],
);

/**
 * A change of price after acceptance, in writing: the provider's lines and reason, the
 * customer's approval or decline. VAT at the accepted quote's rate.
 */
export const jobVariations = pgTable(
  'job_variations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    reason: text('reason').notNull(),
    vatPercent: integer('vat_percent').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('job_variations_job_number_key').on(t.jobId, t.number),
    check('job_variations_number_check', sql`${t.number} >= 1`),
    check(
      'job_variations_totals_check',
      sql`${t.subtotalCents} >= 0 AND ${t.vatCents} = round(${t.subtotalCents} * ${t.vatPercent} / 100.0) AND ${t.totalCents} = ${t.subtotalCents} + ${t.vatCents}`,
    ),
    check(
      'job_variations_decision_check',
      sql`NOT (${t.approvedAt} IS NOT NULL AND ${t.declinedAt} IS NOT NULL) AND (${t.declinedAt} IS NULL) = (${t.declineReason} IS NULL)`,
    ),
  ],
);

/** The lines of a quote or of a variation, in the order given. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    quoteId: integer('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    variationId: integer('variation_id').references(() => jobVariations.id, {
      onDelete: 'cascade',
    }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuoteLineKind>().notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull(),
    unit: text('unit').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [
    uniqueIndex('quote_lines_quote_position_key')
      .on(t.quoteId, t.position)
      .where(sql`${t.quoteId} IS NOT NULL`),
    uniqueIndex('quote_lines_variation_position_key')
      .on(t.variationId, t.position)
      .where(sql`${t.variationId} IS NOT NULL`),
    check('quote_lines_owner_check', sql`(${t.quoteId} IS NULL) <> (${t.variationId} IS NULL)`),
    check('quote_lines_kind_check', oneOf(sql`${t.kind}`, QUOTE_LINE_KINDS)),
    check('quote_lines_quantity_check', sql`${t.quantity} > 0`),
    check(
      'quote_lines_total_check',
      sql`${t.unitPriceCents} >= 0 AND ${t.totalCents} = round(${t.quantity} * ${t.unitPriceCents})`,
    ),
  ],
);

/**
 * A fee for preparing the quote (a site visit), which the Consumer Protection Act lets a
 * provider charge only when the customer agreed to it beforehand: the provider asks on
 * its copy, the customer agrees or declines on the status page, and only an agreed fee
 * may appear on a quote.
 */
export const quotePreparationFees = pgTable(
  'quote_preparation_fees',
  {
    enquiryId: integer('enquiry_id')
      .primaryKey()
      .references(() => customerEnquiries.id, { onDelete: 'cascade' }),
    feeCents: integer('fee_cents').notNull(),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (t) => [
    check('quote_preparation_fees_fee_check', sql`${t.feeCents} > 0`),
    check(
      'quote_preparation_fees_decision_check',
      sql`NOT (${t.agreedAt} IS NOT NULL AND ${t.declinedAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * Consents a person gave by address, each with the wording's version and when
 * (src/lib/consents.ts). Withdrawing stamps withdrawn_at; giving it again is a new row, so
 * the history stays. At most one standing consent per mailbox and purpose.
 */
export const consents = pgTable(
  'consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    wordingVersion: text('wording_version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    check('consents_purpose_check', oneOf(sql`${t.purpose}`, ['news'])),
    uniqueIndex('consents_standing_key')
      .on(sql`mailbox_of(${t.email})`, t.purpose)
      .where(sql`${t.withdrawnAt} IS NULL`),
  ],
);
