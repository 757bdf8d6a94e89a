/**
 * The generated logo of a provider without a photo: its initials on a
 * colour of its main service, so that 33 of 40 cards no longer show the same placeholder.
 * Pure, so the page, the card and the modal draw the same monogram for the same provider.
 */

/** Words that say what kind of company it is, not which: skipped for the initials. */
const NOT_A_NAME = new Set(['the', 'and', 'of', 'pty', 'ltd', 'cc', 'inc', 'co']);

/** Up to two initials: the first letter of the first two words that name the company. */
export function monogramInitials(name: string): string {
  const words = name
    .split(/[\s\-&+,.()]+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '' && !NOT_A_NAME.has(word.toLowerCase()));
  const initials = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return initials.toLocaleUpperCase('en-ZA') || '?';
}

/**
 * One dark colour per service, each with white text at a contrast of at least 7:1
 * (WCAG AAA), so the initials stay readable at any size.
 */
export const MONOGRAM_COLOURS: Readonly<Record<string, string>> = {
  cctv: '#1e3a8a',
  alarms: '#9f1239',
  access: '#7c2d12',
  network: '#134e4a',
  wifi: '#4c1d95',
  ndi: '#365314',
};
/** A provider that lists no known service. */
export const MONOGRAM_FALLBACK_COLOUR = '#374151';
export const MONOGRAM_TEXT_COLOUR = '#ffffff';

/** The background of the monogram: the colour of the provider's main (first) service. */
export function monogramColour(services: readonly string[]): string {
  const main = services[0];
  return (main !== undefined && MONOGRAM_COLOURS[main]) || MONOGRAM_FALLBACK_COLOUR;
}

export interface Monogram {
  initials: string;
  background: string;
  foreground: string;
}

export function providerMonogram(provider: {
  name: string;
  services: readonly string[];
}): Monogram {
  return {
    initials: monogramInitials(provider.name),
    background: monogramColour(provider.services),
    foreground: MONOGRAM_TEXT_COLOUR,
  };
}
