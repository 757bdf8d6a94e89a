/** Names and texts used across the site's chrome. */
export const PRODUCT_NAME = 'Verified Providers';
export const TAGLINE = 'Technical Service Providers in South Africa, with Checks You Can See';
export const PAGE_TITLE = `${PRODUCT_NAME} - ${TAGLINE}`;
export const HOME_DESCRIPTION =
  'Find CCTV, alarm, access control, network, Wi-Fi and NDI installers across South Africa, with the dated checks behind every Verified badge. Compare providers near you and request a quote.';

export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/providers', label: 'Find Providers' },
  { href: '/about', label: 'About' },
] as const;

/** Spec 'Common chrome': Home is active only on '/', other links when the path starts with theirs. */
/**
 * A page's one address, as links, the canonical link and the sitemap write it: no
 * trailing slash (docs/decisions/0047). Astro names a page by its built file while it
 * renders (/about.html, /index.html).
 */
export function pageAddress(pathname: string): string {
  const bare = pathname
    .replace(/\.html$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
}

export function isActiveLink(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath.startsWith(href);
}

/**
 * A WhatsApp number as wa.me takes it (international format, digits only); none when
 * not set, so that the help button never offers a chat with a number nobody answers.
 */
export function whatsAppNumberOf(value: string | undefined): string | undefined {
  const digits = value?.replace(/\D/g, '');
  return digits ? digits : undefined;
}

/** The help button's WhatsApp number, set at build time with PUBLIC_WHATSAPP_NUMBER. */
export const WHATSAPP_NUMBER = whatsAppNumberOf(import.meta.env.PUBLIC_WHATSAPP_NUMBER);
export const WHATSAPP_GREETING =
  "Hi! I'm looking for a verified service provider. Can you help me find one?";
