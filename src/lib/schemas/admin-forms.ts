/**
 * The admin forms' text inputs, checked with the spec's rules (section 5) and turned into
 * the API bodies of admin-operations.ts.
 */
import { z } from 'zod';
import { LEGAL_FORMS } from '../catalog/checks.ts';
import { DEFAULT_STARTING_PRICE } from '../catalog/enquiry-options.ts';
import { currentYear, FLASH_AD_DEFAULTS, flashAdLinkField } from './admin-operations.ts';
import {
  emailField,
  optionalText,
  provinceField,
  requiredText,
  saPhoneField,
  servicesField,
} from './fields.ts';

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** A number typed into a field: blank is `fallback`; otherwise the number, or NaN. */
const typedNumber = (fallback: number | undefined) => (v: unknown) =>
  blank(v) ? fallback : Number(v);

const optionalWhole = (label: string, min: number, max?: number) =>
  z.preprocess(
    typedNumber(undefined),
    z
      .number(`${label} must be a number`)
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max ?? Number.MAX_SAFE_INTEGER, `${label} must be at most ${max}`)
      .optional(),
  );

export const AddProviderFormSchema = z.object({
  name: requiredText('Business name is required'),
  contactName: requiredText('Contact name is required', 120),
  email: emailField(),
  phone: saPhoneField,
  location: requiredText('Location is required', 120),
  province: provinceField,
  // Spec: at least 0; anything that is not a number counts as 0.
  yearsExperience: z.preprocess((v) => {
    const n = Number.parseInt(String(v), 10);
    return Number.isNaN(n) ? 0 : n;
  }, z.number().min(0, 'Years of experience must be 0 or greater').max(100)),
  description: requiredText('Description is required', 2000),
  // "cctv, alarms": comma-separated service ids.
  services: z.preprocess(
    (v) =>
      (typeof v === 'string' ? v : '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    servicesField,
  ),
  startingPrice: z.preprocess(
    typedNumber(DEFAULT_STARTING_PRICE),
    z
      .number('Starting price must be a number')
      .int('Starting price must be a whole number of rand')
      .min(0, 'Starting price must be 0 or more'),
  ),
  website: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: 'Please enter a valid website address (https://...)' })
      .optional(),
  ),
  completedJobs: optionalWhole('Completed jobs', 0),
  responseTime: optionalText(60),
  teamSize: optionalWhole('Team size', 1),
  insurance: optionalText(200),
  businessLicense: optionalText(100),
  establishedYear: z.preprocess(
    typedNumber(undefined),
    z
      .number('Established year must be a number')
      .int('Established year must be a whole number')
      .min(1900, 'Established year must be 1900 or later')
      .refine((year) => year <= currentYear(), 'Established year cannot be in the future')
      .optional(),
  ),
  emergencyService: z.boolean(),
  legalForm: z.enum(LEGAL_FORMS),
  isPremium: z.boolean(),
});

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
  startingPrice: String(DEFAULT_STARTING_PRICE),
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

/**
 * The POST /api/admin/providers body (spec section 7). The provider's defaults (coverage
 * areas from the location, specialties from the services, business hours) are the
 * server's to compute (src/api/providers), so the form sends only what the admin typed.
 */
export function providerBody(values: AddProviderValues, profileImage: string | undefined) {
  return { ...values, profileImage: profileImage ?? null };
}

/** Flash ad form: spec fallbacks (priority 1, duration 3000) when a number is not numeric. */
export const FlashAdFormSchema = z.object({
  title: requiredText('Title and subtitle are required', 120),
  subtitle: requiredText('Title and subtitle are required', 300),
  /** The same rule as the API's (blank: no link). */
  linkUrl: flashAdLinkField,
  isActive: z.boolean(),
  priority: z.preprocess(
    (v) => {
      const n = Number.parseInt(String(v), 10);
      return Number.isNaN(n) ? FLASH_AD_DEFAULTS.priority : n;
    },
    z.number().int().min(1, 'Priority must be at least 1'),
  ),
  displayDuration: z.preprocess(
    (v) => {
      const n = Number.parseInt(String(v), 10);
      return Number.isNaN(n) ? FLASH_AD_DEFAULTS.displayDuration : n;
    },
    z
      .number()
      .int()
      .min(1000, 'Display duration must be at least 1000 ms')
      .max(60_000, 'Display duration must be at most 60000 ms')
      .multipleOf(500, 'Display duration goes in steps of 500 ms'),
  ),
});

export type FlashAdForm = z.input<typeof FlashAdFormSchema>;

export const EMPTY_FLASH_AD_FORM: FlashAdForm = {
  title: '',
  subtitle: '',
  linkUrl: '',
  isActive: FLASH_AD_DEFAULTS.isActive,
  priority: String(FLASH_AD_DEFAULTS.priority),
  displayDuration: String(FLASH_AD_DEFAULTS.displayDuration),
};
