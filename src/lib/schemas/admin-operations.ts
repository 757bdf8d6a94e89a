/**
 * The admin's calls beyond sign-in (spec sections 5 and 7): providers, flash ads, the
 * enquiry desk and admin users. The forms check with the same rules (admin-forms.ts turns
 * their text inputs into these bodies).
 */
import * as z from 'zod/mini';
import { DayHoursSchema, hoursText } from '../business-hours.ts';
import { LEGAL_FORMS } from '../catalog/checks.ts';
import { ENQUIRY_STATUSES, URGENCY_VALUES, WEEKDAYS } from '../catalog/enquiry-options.ts';
import { flashAdLinkProblem } from '../flash-ad-link.ts';
import { newPassword } from './account.ts';
import { emailField, listingFields, optionalText, preprocess, requiredText } from './fields.ts';
import { recordId } from './record-id.ts';

/** An image the admin uploaded and process-image turned into an object path. */
const OBJECT_PATH = /^\/objects\/uploads\/[A-Za-z0-9_-]{16,64}\.(jpg|png|gif|webp)$/;
const objectPath = preprocess(
  (v) => (v === '' ? null : v),
  z.optional(z.nullable(z.string().check(z.regex(OBJECT_PATH, 'Upload the image again')))),
);

const whole = (label: string, min: number, max: number) =>
  z
    .number(`${label} must be a number`)
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(min, `${label} must be at least ${min}`),
      z.lte(max, `${label} must be at most ${max}`),
    );

const optionalWhole = (label: string, min: number, max: number) =>
  z.optional(z.nullable(whole(label, min, max)));

const shortList = (label: string) =>
  z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(120)), `${label} must be a list`)
    .check(z.maxLength(30, `At most 30 ${label.toLowerCase()}`));

export const currentYear = () => new Date().getFullYear();

export const RATING_NOT_SETTABLE =
  'The rating cannot be set: it is the average of the visible reviews';

/**
 * Every field of a provider an admin sets (POST /api/admin/providers). No defaults here,
 * so the same object serves partial updates; createProvider leaves a price, specialties
 * and hours not given absent.
 */
export const AdminProviderFields = z.object({
  name: listingFields.businessName,
  contactName: optionalText(120),
  description: requiredText('Description is required', 2000),
  location: requiredText('Location is required', 120),
  province: listingFields.province,
  services: listingFields.services,
  profileImage: objectPath,
  legalForm: z.enum(LEGAL_FORMS, 'Business type must be company or sole_trader'),
  isPremium: z.boolean('isPremium must be true or false'),
  isApproved: z.boolean('isApproved must be true or false'),
  /** null: no starting price ("Price on request"). */
  startingPrice: z.nullable(whole('Starting price', 0, 10_000_000)),
  phone: listingFields.phone,
  email: listingFields.email,
  website: preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.optional(z.nullable(listingFields.website.check(z.maxLength(300)))),
  ),
  coverageAreas: shortList('Coverage areas'),
  specialties: shortList('Specialties'),
  yearsExperience: whole('Years of experience', 0, 100),
  /**
   * The days given, each as the provider's own form takes it (a text such as
   * '8:00 AM - 5:00 PM' or 'Closed', or the structured day): one rule for the field, since
   * the hours are stored structured (db/schema.ts) and a text the business clock cannot
   * read would be stored as closed.
   */
  businessHours: z.partialRecord(z.enum(WEEKDAYS), z.pipe(DayHoursSchema, z.transform(hoursText))),
  /**
   * Refused: a rating and its count are the average and number of the visible reviews
   * (src/api/reviews/recompute-rating.ts), never set by hand. A PUT that sends
   * back the stored rating unchanged does not reach this (UpdateProviderSchema).
   */
  rating: z.optional(z.undefined(RATING_NOT_SETTABLE)),
  completedJobs: optionalWhole('Completed jobs', 0, 1_000_000),
  responseTime: optionalText(60),
  teamSize: optionalWhole('Team size', 1, 100_000),
  insurance: optionalText(200),
  businessLicense: optionalText(100),
  establishedYear: z.optional(
    z.nullable(
      z.number('Established year must be a number').check(
        z.int('Established year must be a whole number'),
        z.gte(1900, 'Established year must be 1900 or later'),
        z.refine((year) => year <= currentYear(), 'Established year cannot be in the future'),
      ),
    ),
  ),
  emergencyService: z.boolean('emergencyService must be true or false'),
});

/** The fields an admin may set, for PUT's comparison with what GET answered. */
export const ADMIN_PROVIDER_FIELDS = Object.keys(AdminProviderFields.shape) as (keyof z.output<
  typeof AdminProviderFields
>)[];

const required = {
  name: true,
  description: true,
  location: true,
  province: true,
  services: true,
  phone: true,
  email: true,
} as const;

/**
 * POST: the required fields must be there; the rest take the spec's defaults. Picked
 * rather than `.partial().required()`: that wraps each field in a non-optional whose
 * message for a missing field is zod's generic one, not the field's own.
 */
export const CreateProviderSchema = z.extend(
  z.pick(AdminProviderFields, required),
  z.partial(z.omit(AdminProviderFields, required)).shape,
);

/**
 * PUT: any subset (at least one field), e.g. { isApproved: false }, or the provider as
 * GET /api/admin/providers/:id answered it with any field changed: the route sets aside
 * the fields sent back unchanged before checking the rest (docs/decisions/0034), so an
 * unchanged rating is not refused; the answer's read-only fields (id, isVerified,
 * createdAt...) are no fields here and are dropped. Verification is not a field: it
 * follows from the check records (src/api/verification).
 * A blank optional text parses to undefined ("not given"), so a body of only such fields
 * changes nothing: counted by value, not by key (an update with nothing to set fails).
 */
export const UpdateProviderSchema = z
  .partial(AdminProviderFields)
  .check(
    z.refine(
      (body) => Object.values(body).some((value) => value !== undefined),
      'Nothing to update',
    ),
  );

export const FLASH_AD_DEFAULTS = {
  priority: 1,
  displayDuration: 3000,
  isActive: true,
} as const;

/**
 * Where the banner leads: a page of this site or an https address (src/lib/flash-ad-link.ts
 * says what is refused and why); blank is no link.
 */
export const flashAdLinkField = preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z.optional(
    z.nullable(
      z.string('The link must be text').check(
        z.superRefine((link, ctx) => {
          const problem = flashAdLinkProblem(link);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      ),
    ),
  ),
);

export const FlashAdSchema = z.object({
  title: requiredText('Title and subtitle are required', 120),
  subtitle: requiredText('Title and subtitle are required', 300),
  imageUrl: objectPath,
  linkUrl: flashAdLinkField,
  isActive: z._default(z.boolean('isActive must be true or false'), FLASH_AD_DEFAULTS.isActive),
  priority: z._default(whole('Priority', 1, 1000), FLASH_AD_DEFAULTS.priority),
  displayDuration: z._default(
    z
      .number('Display duration must be a number')
      .check(
        z.int('Display duration must be a whole number of milliseconds'),
        z.gte(1000, 'Display duration must be at least 1000 ms'),
        z.lte(60_000, 'Display duration must be at most 60000 ms'),
        z.multipleOf(500, 'Display duration goes in steps of 500 ms'),
      ),
    FLASH_AD_DEFAULTS.displayDuration,
  ),
});

export const ENQUIRY_DESK_STATUSES = ENQUIRY_STATUSES;

export const EnquiryListQuerySchema = z.object({
  status: z.optional(z.enum(ENQUIRY_STATUSES, 'Unknown status')),
  urgency: z.optional(z.enum(URGENCY_VALUES, 'Unknown urgency')),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

/**
 * PUT /api/admin/enquiries/{id}: assign to a provider (verified, unless allowUnverified),
 * change status, write notes.
 */
export const EnquiryUpdateSchema = z
  .object({
    assignedProviderId: z.optional(
      z.nullable(recordId('Choose a provider', 'That provider does not exist.')),
    ),
    /**
     * Assign to a provider who is not verified today: only when the desk says so, after
     * "Show unverified providers" (docs/decisions/0042).
     */
    allowUnverified: z.optional(z.boolean('allowUnverified must be true or false')),
    status: z.optional(z.enum(ENQUIRY_STATUSES, 'Unknown status')),
    adminNotes: preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.optional(
        z.nullable(
          z.string().check(z.trim(), z.maxLength(2000, 'Notes must be at most 2000 characters')),
        ),
      ),
    ),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'Nothing to update'));

/**
 * POST /api/admin/users. The Team tab sends no password: the new admin is mailed a link to
 * choose one (docs/decisions/0048). A password given (an API client) is still taken, by
 * the same rule as every new password.
 */
export const NewAdminSchema = z.object({
  email: emailField('Invalid email address'),
  firstName: requiredText('First name is required', 80),
  lastName: requiredText('Last name is required', 80),
  password: z.optional(newPassword),
});

/** How long an invitation link works; afterwards "Forgot your password?" sends a new one. */
export const ADMIN_INVITATION_HOURS = 72;

/** The Team tab's Add Administrator form: name and e-mail, no password. */
export const InviteAdminSchema = z.omit(NewAdminSchema, { password: true });

export const UpdateAdminSchema = z.object({
  isActive: z.boolean('isActive must be true or false'),
});
