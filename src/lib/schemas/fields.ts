/** Field rules shared by the forms and the API: one place for each rule. */
// zod/mini, the same zod with functions instead of methods, in every shared schema: the
// browser's bundles get only the checks they use, and no default messages (each message a
// person reads is written here); the API adds zod's English messages (route-input.ts).
import * as z from 'zod/mini';
import { SERVICE_IDS, type ServiceId } from '../catalog/categories.ts';
import { PROVINCE_IDS } from '../catalog/provinces.ts';

/**
 * `schema` checks what `prepare` makes of the raw value: classic zod's `z.preprocess`,
 * which zod/mini lacks. Typed as classic's is, so that a field whose schema is optional
 * stays an optional key of the object's input.
 */
export const preprocess = <S extends z.core.$ZodType>(
  prepare: (value: unknown, ctx: z.core.ParsePayload) => unknown,
  schema: S,
) =>
  z.pipe(z.transform(prepare), schema) as unknown as z.ZodMiniType<
    z.output<S>,
    unknown,
    z.core.$ZodPreprocessInternals<S>
  >;

/** Spec: +27 or 0 followed by 9 digits (spaces are ignored). */
export const SA_PHONE = /^(\+27|0)\d{9}$/;
export const SA_PHONE_MESSAGE =
  'Please enter a valid South African phone number (e.g., +27123456789 or 0123456789)';

/**
 * A text that must be written: trimmed, at least `min` characters (one unless given; too
 * short, `tooShort` says so, `message` by default), at most `max` (`tooLong` says so,
 * "At most {max} characters" by default).
 */
export const requiredText = (
  message: string,
  max = 200,
  {
    min = 1,
    tooShort = message,
    tooLong = `At most ${max} characters`,
  }: { min?: number; tooShort?: string; tooLong?: string } = {},
) => z.string(message).check(z.trim(), z.minLength(min, tooShort), z.maxLength(max, tooLong));

export const optionalText = (max: number) =>
  preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`))),
  );

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** The one e-mail rule: trimmed, lower-cased, at most 254 characters, a valid address. */
export const emailField = (message = 'Please enter a valid email address') =>
  z.pipe(
    z.string(message).check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, message)),
    z.email(message),
  );

export const saPhoneField = z.pipe(
  z.pipe(
    z.string(SA_PHONE_MESSAGE),
    z.transform((v: string) => v.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(SA_PHONE, SA_PHONE_MESSAGE)),
);

export const provinceField = z.enum(PROVINCE_IDS, 'Please select a province');

export const servicesField = z.pipe(
  z
    .array(
      z.enum(SERVICE_IDS, 'Please select at least one service'),
      'Please select at least one service',
    )
    .check(z.minLength(1, 'Please select at least one service')),
  z.transform((services: ServiceId[]) => [...new Set(services)]),
);

/**
 * The fields of a provider's listing that the join form, the admin's forms and the
 * provider's own profile check with one rule each (spec section 5), whatever each form
 * calls the field.
 */
export const listingFields = {
  businessName: requiredText('Business name is required'),
  email: emailField(),
  phone: saPhoneField,
  province: provinceField,
  services: servicesField,
  /** A website address as typed in: http or https (the profile's own field is stricter). */
  website: z.url({
    protocol: /^https?$/,
    error: 'Please enter a valid website address (https://...)',
  }),
};
