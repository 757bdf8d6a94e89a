/** The provider dashboard's calls (spec sections 5 and 7): profile, photo and responses. */
import * as z from 'zod/mini';
import { BusinessHoursSchema } from '../business-hours.ts';
import { townValue } from '../catalog/town-value.ts';
import { formatRand } from '../format.ts';
import { PROFILE_FACTS } from '../provider-facts.ts';
import { UPLOAD_REFERENCE_MAX_LENGTH } from '../uploads.ts';
import { listingFields, optionalText, preprocess, requiredText } from './fields.ts';
import { recordId } from './record-id.ts';

/** The statuses a provider may set when responding (spec section 9). */
export const RESPONSE_STATUSES = ['in_progress', 'completed', 'cancelled'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const RESPONSE_STATUS_LABELS: Record<ResponseStatus, string> = {
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const EnquiryResponseSchema = z.object({
  providerResponse: requiredText('Response is required', 5000),
  providerNotes: optionalText(2000),
  status: z.enum(RESPONSE_STATUSES, 'Choose a status: in progress, completed or cancelled'),
});

/** The limits of the profile's lists and price. */
export const PROFILE_LIMITS = {
  priceMin: 50,
  priceMax: 1_000_000,
  coverageAreas: 30,
  townLength: 80,
  specialties: 12,
  specialtyLength: 60,
  websiteLength: 300,
} as const;

export const PROFILE_MESSAGES = {
  price: 'Enter the starting price in whole rand, e.g. 1500',
  priceWhole: 'Enter whole rand, without cents',
  priceMin: `The starting price must be at least ${formatRand(PROFILE_LIMITS.priceMin)}`,
  priceMax: `The starting price must be at most ${formatRand(PROFILE_LIMITS.priceMax)}`,
  coverageList: 'Coverage areas must be a list of towns',
  coverageEmpty: 'Choose a town',
  coverageMax: `You can list at most ${PROFILE_LIMITS.coverageAreas} coverage areas. Remove one first.`,
  townLength: `A town name has at most ${PROFILE_LIMITS.townLength} characters`,
  unknownTown: (town: string) => `"${town}" is not a town we know. Choose one from the list.`,
  specialtiesList: 'Specialties must be a list of short texts',
  specialtyEmpty: 'A specialty cannot be empty',
  specialtyLength: `A specialty has at most ${PROFILE_LIMITS.specialtyLength} characters`,
  specialtiesMax: `You can list at most ${PROFILE_LIMITS.specialties} specialties`,
  website: 'Enter your website address, e.g. https://www.example.co.za',
  websiteHttps: 'Your website address must start with https://',
} as const;

const startingPriceField = z
  .number(PROFILE_MESSAGES.price)
  .check(
    z.int(PROFILE_MESSAGES.priceWhole),
    z.gte(PROFILE_LIMITS.priceMin, PROFILE_MESSAGES.priceMin),
    z.lte(PROFILE_LIMITS.priceMax, PROFILE_MESSAGES.priceMax),
  );

/**
 * The towns a provider serves, by name; one town once (however it is written). The
 * server also checks each is a town it knows (check-coverage-towns.ts): that needs the
 * database, which a form does not have.
 */
const coverageAreasField = z.pipe(
  z
    .array(
      z
        .string(PROFILE_MESSAGES.coverageEmpty)
        .check(
          z.trim(),
          z.minLength(1, PROFILE_MESSAGES.coverageEmpty),
          z.maxLength(PROFILE_LIMITS.townLength, PROFILE_MESSAGES.townLength),
        ),
      PROFILE_MESSAGES.coverageList,
    )
    .check(z.maxLength(PROFILE_LIMITS.coverageAreas, PROFILE_MESSAGES.coverageMax)),
  z.transform((towns: string[]) => uniqueBy(towns, townValue)),
);

const specialtiesField = z.pipe(
  z
    .array(
      z.pipe(
        z
          .string(PROFILE_MESSAGES.specialtyEmpty)
          .check(
            z.trim(),
            z.minLength(1, PROFILE_MESSAGES.specialtyEmpty),
            z.maxLength(PROFILE_LIMITS.specialtyLength, PROFILE_MESSAGES.specialtyLength),
          ),
        // One line each: a line break or control character has no place in a chip.
        z.transform((text: string) => text.replace(/\s+/g, ' ')),
      ),
      PROFILE_MESSAGES.specialtiesList,
    )
    .check(z.maxLength(PROFILE_LIMITS.specialties, PROFILE_MESSAGES.specialtiesMax)),
  z.transform((items: string[]) => uniqueBy(items, (item) => item.toLowerCase())),
);

/** The first of each group of items with the same key, in order. */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A website address as stored and linked: https only (a javascript:, data: or http:
 * link never reaches a visitor), no user name or password, a host with a dot; a bare
 * "www.example.co.za" gets https:// in front; stored as the URL parser writes it
 * (lower-case host), without the lone trailing slash.
 */
export function normaliseWebsite(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  // A colon before digits is a port ("example.co.za:8080"), not a scheme.
  const withScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(url.hostname)) return undefined;
  const href = url.href;
  return url.pathname === '/' && !url.search && !url.hash ? href.slice(0, -1) : href;
}

/**
 * Empty or null means no website (null), so a provider can remove its link; absent (as
 * every field added to the profile after the spec) keeps the stored one.
 */
const websiteField = preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.optional(
    z.nullable(
      z.pipe(
        z
          .string(PROFILE_MESSAGES.website)
          .check(
            z.maxLength(
              PROFILE_LIMITS.websiteLength,
              `At most ${PROFILE_LIMITS.websiteLength} characters`,
            ),
          ),
        z.transform((text: string, ctx) => {
          const website = normaliseWebsite(text);
          if (website) return website;
          // zod/mini's transform has no ctx.addIssue (classic zod adds it): pushed.
          ctx.issues.push({
            code: 'custom',
            message: /^\s*(?!https:)[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)
              ? PROFILE_MESSAGES.websiteHttps
              : PROFILE_MESSAGES.website,
            input: text,
          });
          return z.NEVER;
        }),
      ),
    ),
  ),
);

/**
 * The person to speak to (the dashboard's Contact Name), apart from the business name:
 * empty or null removes it; absent keeps the stored one.
 */
const contactNameField = preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.optional(
    z.nullable(
      z
        .string('Contact name must be a text')
        .check(z.trim(), z.maxLength(120, 'At most 120 characters')),
    ),
  ),
);

/** The SARS VAT number: 10 digits, the first a 4. */
export const VAT_NUMBER_MESSAGE = 'A South African VAT number has 10 digits and starts with 4';
export const REGISTERED_NAME_MESSAGE =
  'Give the registered name your VAT number is issued to, or leave both empty';

/**
 * VAT registration (docs/decisions/0051): a VAT number and the registered name it is
 * issued to, both or neither; empty removes it, absent keeps the stored one.
 */
const vatNumberField = preprocess(
  (v) => (typeof v === 'string' ? (v.replace(/\s/g, '') === '' ? null : v.replace(/\s/g, '')) : v),
  z.optional(
    z.nullable(z.string(VAT_NUMBER_MESSAGE).check(z.regex(/^4\d{9}$/, VAT_NUMBER_MESSAGE))),
  ),
);
const registeredNameField = preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.optional(
    z.nullable(
      z.string(REGISTERED_NAME_MESSAGE).check(z.trim(), z.maxLength(200, 'At most 200 characters')),
    ),
  ),
);

/**
 * The profile as the spec's client sends it (spec section 7): always all seven. `name`
 * is the business name, as the public pages show it. The description may be empty: a
 * provider that has not written one has none (docs/decisions/0041), and can still save
 * the rest.
 */
const SpecProfileFields = z.object({
  name: listingFields.businessName,
  email: listingFields.email,
  phone: listingFields.phone,
  location: requiredText('City/area is required', 120),
  province: listingFields.province,
  services: listingFields.services,
  description: z
    .string('Business description is required')
    .check(z.trim(), z.maxLength(2000, 'At most 2000 characters')),
});

/**
 * The fields the profile gained after the spec. Each may be left out, and then keeps its
 * stored value: the spec's client knows nothing of them, and its seven-field body must
 * not wipe them.
 */
const ProfileExtraFields = z.object({
  contactName: contactNameField,
  /** null: no starting price, shown as "Price on request". */
  startingPrice: z.optional(z.nullable(startingPriceField)),
  coverageAreas: z.optional(coverageAreasField),
  businessHours: z.optional(BusinessHoursSchema),
  website: websiteField,
  specialties: z.optional(specialtiesField),
  vatNumber: vatNumberField,
  registeredName: registeredNameField,
});

/** The fields a profile body may leave out (they then keep their stored values). */
export const PROFILE_EXTRA_FIELDS = Object.keys(ProfileExtraFields.shape) as (keyof z.output<
  typeof ProfileExtraFields
>)[];

/**
 * PUT /api/provider/profile: the profile as the dashboard's Profile tab edits it, or as
 * the spec's client sends it (the first seven fields alone), or as GET /api/provider/me
 * answered it (read-only fields such as id, rating or isVerified are dropped, not
 * refused). Business Name edits `name`, Contact Name `contactName`. The business hours arrive
 * per day as the stored text or as open/close times (src/lib/business-hours.ts) and are
 * stored as the texts business_minutes() reads, so the responsiveness clock follows
 * them.
 */
export const ProviderProfileSchema = z.extend(SpecProfileFields, ProfileExtraFields.shape).check(
  z.superRefine((profile, context) => {
    // Both given (as the dashboard sends them): a number needs its name and a name its number.
    if (profile.vatNumber === undefined || profile.registeredName === undefined) return;
    if (profile.vatNumber !== null && profile.registeredName === null) {
      context.addIssue({
        code: 'custom',
        path: ['registeredName'],
        message: REGISTERED_NAME_MESSAGE,
      });
    }
    if (profile.vatNumber === null && profile.registeredName !== null) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: VAT_NUMBER_MESSAGE });
    }
  }),
);

/** What the form and other clients send (the schema's input: the hours not yet stored texts). */
export type ProviderProfileInput = z.input<typeof ProviderProfileSchema>;

/** POST /api/provider/profile/confirm: the facts the provider confirms as shown. */
export const ConfirmFactsSchema = z.object({
  facts: z.pipe(
    z
      .array(
        z.enum(PROFILE_FACTS, `A fact is one of ${PROFILE_FACTS.join(', ')}`),
        'Facts are a list',
      )
      .check(
        z.minLength(1, 'Name at least one fact to confirm'),
        z.maxLength(PROFILE_FACTS.length),
      ),
    z.transform((facts: (typeof PROFILE_FACTS)[number][]) => [...new Set(facts)]),
  ),
});

/** Where an image the provider just uploaded went: the profile photo or a work photo. */
const uploadedImageField = z
  .string('The uploaded image is required')
  .check(
    z.minLength(1, 'The uploaded image is required'),
    z.maxLength(UPLOAD_REFERENCE_MAX_LENGTH),
  );

export const ProfileImageSchema = z.object({ profileImageURL: uploadedImageField });

/** The requests the dashboard has shown (POST /api/provider/enquiries/seen). */
export const SeenRequestsSchema = z.object({
  ids: z
    .array(recordId('Request ids are numbers'), 'Request ids are a list')
    .check(z.maxLength(200, 'At most 200 requests at once')),
});

/** A photo of past work to add (POST /api/provider/work-photos). */
export const WorkPhotoSchema = z.object({ imageURL: uploadedImageField });

export const WORK_PHOTO_MESSAGES = {
  limit: (limit: number) => `You can show at most ${limit} work photos. Remove one first.`,
  notFound: 'Photo not found',
} as const;
