/**
 * South African phone numbers as people read and dial them: one rule for the whole site.
 *
 * Stored numbers follow the spec's form rule (+27 or 0 followed by 9 digits, see
 * SA_PHONE in schemas/fields.ts), so every number here has a 9-digit national significant
 * number (NSN). Shown in the national way, 3-3-4 ("082 123 4567", "011 555 0123");
 * dialled (tel:) and sent to WhatsApp in E.164 ("+27821234567", wa.me/27821234567).
 *
 * Mobile numbers (ICASA numbering plan) start 06x, 07x or 081-084. Not mobile, so no
 * WhatsApp button: 080 (toll-free), 086 (ShareCall/MaxiCall), 087 (VoIP, not a phone in a
 * pocket) and the geographic 01x-05x. 085, 088 and 089 are not allocated to mobile
 * networks, so they do not count either: a missing WhatsApp button costs less than one
 * that opens a chat with nobody.
 */

export interface SaPhone {
  /** The 9 digits after the 0 (or after +27). */
  nsn: string;
}

const MOBILE_PREFIX = /^(6\d|7\d|8[1-4])/;

/** The number if it is a South African one (spaces, dashes, brackets and dots ignored). */
export function parseSaPhone(value: string | null | undefined): SaPhone | undefined {
  if (!value) return undefined;
  const digits = value.replace(/[\s\-().]/g, '');
  const match = /^(?:\+27|0027|27|0)(\d{9})$/.exec(digits);
  if (!match?.[1] || match[1].startsWith('0')) return undefined;
  return { nsn: match[1] };
}

/** "082 123 4567"; a number that is not South African is shown as it was given. */
export function formatSaPhone(value: string): string {
  const phone = parseSaPhone(value);
  if (!phone) return value.trim();
  const national = `0${phone.nsn}`;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/** "+27821234567" for tel: links; a number that is not South African as it was given. */
export function toE164(value: string): string {
  const phone = parseSaPhone(value);
  return phone ? `+27${phone.nsn}` : value.replace(/\s/g, '');
}

/** tel: link in E.164. */
export function telHref(value: string): string {
  return `tel:${toE164(value)}`;
}

/** Whether the number is a South African mobile number (see the rule above). */
export function isSaMobile(value: string): boolean {
  const phone = parseSaPhone(value);
  return phone !== undefined && MOBILE_PREFIX.test(phone.nsn);
}

/** The WhatsApp chat link (https://wa.me/27...) of a mobile number, otherwise undefined. */
export function whatsAppHref(value: string, text?: string): string | undefined {
  const phone = parseSaPhone(value);
  if (!phone || !MOBILE_PREFIX.test(phone.nsn)) return undefined;
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/27${phone.nsn}${query}`;
}
