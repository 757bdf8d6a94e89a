/** Field rules shared by the forms and the API: one place for each rule. */
import { z } from 'zod';
import { SERVICE_IDS } from '../catalog/categories.ts';
import { PROVINCE_IDS } from '../catalog/provinces.ts';

/** Spec: +27 or 0 followed by 9 digits (spaces are ignored). */
export const SA_PHONE = /^(\+27|0)\d{9}$/;
export const SA_PHONE_MESSAGE =
  'Please enter a valid South African phone number (e.g., +27123456789 or 0123456789)';

export const requiredText = (message: string, max = 200) =>
  z.string(message).trim().min(1, message).max(max, `At most ${max} characters`);

export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `At most ${max} characters`).optional(),
  );

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** The one e-mail rule: trimmed, lower-cased, at most 254 characters, a valid address. */
export const emailField = (message = 'Please enter a valid email address') =>
  z.string(message).trim().toLowerCase().max(EMAIL_MAX_LENGTH, message).pipe(z.email(message));

export const saPhoneField = z
  .string(SA_PHONE_MESSAGE)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(SA_PHONE, SA_PHONE_MESSAGE));

export const provinceField = z.enum(PROVINCE_IDS, 'Please select a province');

export const servicesField = z
  .array(
    z.enum(SERVICE_IDS, 'Please select at least one service'),
    'Please select at least one service',
  )
  .min(1, 'Please select at least one service')
  .transform((services) => [...new Set(services)]);
