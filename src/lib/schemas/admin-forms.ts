/**
 * The admin forms' text inputs, checked with the spec's rules (section 5) and turned into
 * the API bodies of admin-operations.ts.
 */
import * as z from 'zod/mini';
import { DayHoursSchema } from '../business-hours.ts';
import { isServiceId, serviceName } from '../catalog/categories.ts';
import { LEGAL_FORMS } from '../catalog/checks.ts';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_STARTING_PRICE,
  WEEKDAYS,
  type Weekday,
} from '../catalog/enquiry-options.ts';
import { currentYear, FLASH_AD_DEFAULTS, flashAdLinkField } from './admin-operations.ts';
import { listingFields, optionalText, preprocess, requiredText } from './fields.ts';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** A number typed into a field: blank is `fallback`; otherwise the number, or NaN. */
const typedNumber = (fallback: number | undefined) => (v: unknown) =>
  blank(v) ? fallback : Number(v);

const optionalWhole = (label: string, min: number, max?: number) =>
  preprocess(
    typedNumber(undefined),
    z.optional(
      z
        .number(`${label} must be a number`)
        .check(
          z.int(`${label} must be a whole number`),
          z.gte(min, `${label} must be at least ${min}`),
          z.lte(max ?? Number.MAX_SAFE_INTEGER, `${label} must be at most ${max}`),
        ),
    ),
  );

export const AddProviderFormSchema = z
  .object({
    name: listingFields.businessName,
    contactName: requiredText('Contact name is required', 120),
    email: listingFields.email,
    phone: listingFields.phone,
    location: requiredText('Location is required', 120),
    province: listingFields.province,
    // Spec: at least 0; anything that is not a number counts as 0.
    yearsExperience: preprocess(
      (v) => {
        const n = Number.parseInt(String(v), 10);
        return Number.isNaN(n) ? 0 : n;
      },
      z.number().check(z.gte(0, 'Years of experience must be 0 or greater'), z.lte(100)),
    ),
    description: requiredText('Description is required', 2000),
    // "cctv, alarms": comma-separated service ids.
    services: preprocess(
      (v) =>
        (typeof v === 'string' ? v : '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      listingFields.services,
    ),
    // Filled in with the spec's R1500 as a suggestion; emptied, no price ("Price on request").
    startingPrice: preprocess(
      (v) => (blank(v) ? null : Number(v)),
      z.nullable(
        z
          .number('Starting price must be a number')
          .check(
            z.int('Starting price must be a whole number of rand'),
            z.gte(0, 'Starting price must be 0 or more'),
          ),
      ),
    ),
    // "IP cameras, Gate motors": suggested from the services' names; emptied, none.
    specialties: preprocess(
      (v) =>
        (typeof v === 'string' ? v : '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      z
        .array(z.string().check(z.maxLength(120, 'A specialty has at most 120 characters')))
        .check(z.maxLength(30)),
    ),
    /** Whether the provider's hours are given; the days below are sent only then. */
    listHours: z.boolean(),
    // Each day as text ('8:00 AM - 5:00 PM' or 'Closed'), filled in with the spec's week.
    businessHours: z.object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, z.string()])) as Record<
        Weekday,
        z.ZodMiniString
      >,
    ),
    website: preprocess((v) => (blank(v) ? undefined : v), z.optional(listingFields.website)),
    completedJobs: optionalWhole('Completed jobs', 0),
    responseTime: optionalText(60),
    teamSize: optionalWhole('Team size', 1),
    insurance: optionalText(200),
    businessLicense: optionalText(100),
    establishedYear: preprocess(
      typedNumber(undefined),
      z.optional(
        z.number('Established year must be a number').check(
          z.int('Established year must be a whole number'),
          z.gte(1900, 'Established year must be 1900 or later'),
          z.refine((year) => year <= currentYear(), 'Established year cannot be in the future'),
        ),
      ),
    ),
    emergencyService: z.boolean(),
    legalForm: z.enum(LEGAL_FORMS),
    isPremium: z.boolean(),
  })
  .check(
    z.superRefine((values, ctx) => {
      // The days are checked only when they are sent, with the API's rule for a day.
      if (!values.listHours) return;
      for (const day of WEEKDAYS) {
        const result = DayHoursSchema.safeParse(values.businessHours[day]);
        if (!result.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['businessHours', day],
            message: result.error.issues[0]?.message ?? 'Check this day',
          });
        }
      }
    }),
  );

export type AddProviderForm = z.input<typeof AddProviderFormSchema>;
export type AddProviderValues = z.output<typeof AddProviderFormSchema>;

export const EMPTY_PROVIDER_FORM: AddProviderForm = {
  name: '',
  contactName: '',
  email: '',
  phone: '',
  location: '',
  province: 'gauteng',
  yearsExperience: '',
  description: '',
  services: '',
  // The spec's defaults, as suggestions the admin sees and may change or empty.
  startingPrice: String(DEFAULT_STARTING_PRICE),
  specialties: '',
  listHours: true,
  businessHours: { ...DEFAULT_BUSINESS_HOURS },
  website: '',
  completedJobs: '',
  responseTime: '',
  teamSize: '',
  insurance: '',
  businessLicense: '',
  establishedYear: '',
  emergencyService: false,
  legalForm: 'company',
  isPremium: false,
};

/** The specialties the form suggests for these services: their names (spec section 5). */
export function suggestedSpecialties(services: unknown): string {
  return (typeof services === 'string' ? services : '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(isServiceId)
    .map(serviceName)
    .join(', ');
}

/**
 * The POST /api/admin/providers body (spec section 7): what the admin's form holds. The
 * spec's defaults are in the form as suggestions (a price of R1500, the services' names
 * as specialties, the default week of hours); what the admin empties or unticks is sent
 * as not given, and the provider's page says so (docs/decisions/0041). Coverage is the
 * location unless given (src/api/providers/create-provider.ts).
 */
export function providerBody(values: AddProviderValues, profileImage: string | undefined) {
  const { listHours, businessHours, ...rest } = values;
  return {
    ...rest,
    profileImage: profileImage ?? null,
    ...(listHours && {
      businessHours: Object.fromEntries(
        WEEKDAYS.map((day) => [day, businessHours[day].trim()]),
      ) as Record<Weekday, string>,
    }),
  };
}

/**
 * Milliseconds (the API's and the spec's unit, `displayDuration`) as the form shows them:
 * seconds, '3' or '3.5'.
 */
export const durationSeconds = (ms: number) => String(ms / 1000);

/**
 * Seconds as typed ('3', '3.5', or '3,5' as South African locales write it) in
 * milliseconds; blank or not a number is the spec's fallback (3000).
 */
function typedSeconds(value: unknown): number {
  const seconds = blank(value) ? Number.NaN : Number.parseFloat(String(value).replace(',', '.'));
  return Number.isNaN(seconds) ? FLASH_AD_DEFAULTS.displayDuration : Math.round(seconds * 1000);
}

/**
 * Flash ad form: spec fallbacks (priority 1, duration 3000 ms) when a number is not
 * numeric. The duration is typed in seconds and sent in milliseconds; its bounds are the
 * API's (1 to 60 seconds in steps of half a second), told in seconds.
 */
export const FlashAdFormSchema = z.object({
  title: requiredText('Title and subtitle are required', 120),
  subtitle: requiredText('Title and subtitle are required', 300),
  /** The same rule as the API's (blank: no link). */
  linkUrl: flashAdLinkField,
  isActive: z.boolean(),
  priority: preprocess(
    (v) => {
      const n = Number.parseInt(String(v), 10);
      return Number.isNaN(n) ? FLASH_AD_DEFAULTS.priority : n;
    },
    z.number().check(z.int(), z.gte(1, 'Priority must be at least 1')),
  ),
  displayDuration: preprocess(
    typedSeconds,
    z
      .number()
      .check(
        z.gte(1000, 'Display duration must be at least 1 second'),
        z.lte(60_000, 'Display duration must be at most 60 seconds'),
        z.multipleOf(500, 'Display duration goes in steps of half a second (e.g. 3 or 3.5)'),
      ),
  ),
});

export type FlashAdForm = z.input<typeof FlashAdFormSchema>;

export const EMPTY_FLASH_AD_FORM: FlashAdForm = {
  title: '',
  subtitle: '',
  linkUrl: '',
  isActive: FLASH_AD_DEFAULTS.isActive,
  priority: String(FLASH_AD_DEFAULTS.priority),
  displayDuration: durationSeconds(FLASH_AD_DEFAULTS.displayDuration),
};
