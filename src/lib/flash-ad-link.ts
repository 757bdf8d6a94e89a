/**
 * Where a flash ad may lead: a page of this site ('/providers?serviceType=cctv')
 * or a secure address of another site ('https://...'). Nothing else: no 'javascript:' or
 * 'data:', no plain 'http://', and no path a browser reads as another host ('//evil.com',
 * '/\evil.com': browsers treat a backslash as a slash). The database holds the same line
 * (flash_ads_link_url_check); this rule is stricter, so the check never has to refuse.
 * No zod here: the home banner reads isExternalLink and stays small.
 */

export const FLASH_AD_LINK_MAX_LENGTH = 500;

export const FLASH_AD_LINK_MESSAGES = {
  shape:
    'Enter a page of this site starting with / (e.g. /providers?serviceType=cctv) or an address starting with https://',
  http: 'Use a secure address starting with https://; http:// links are not accepted',
  otherHost: 'A link to another site must start with https://, not //',
  backslash: 'A link may not contain a backslash (\\)',
  spaces: 'A link may not contain spaces; use %20 instead',
  sitePath: 'After the first / comes a letter, a digit, ? or #',
  address: 'That is not a valid https:// address',
  credentials: 'A link may not carry a user name or password',
  tooLong: `At most ${FLASH_AD_LINK_MAX_LENGTH} characters`,
} as const;

/** An address of another site; anything else a link may be is a path of this one. */
export function isExternalLink(link: string): boolean {
  return /^https:\/\//i.test(link);
}

/**
 * Why `link` (trimmed, not blank) may not be a flash ad's link, or null when it may.
 * Each refusal names what to change.
 */
export function flashAdLinkProblem(link: string): string | null {
  const m = FLASH_AD_LINK_MESSAGES;
  if (link.length > FLASH_AD_LINK_MAX_LENGTH) return m.tooLong;
  if (link.includes('\\')) return m.backslash;
  // Spaces, tabs, line breaks and other control characters: a browser strips or
  // re-reads them ('java\nscript:'), so none may be in a link at all.
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(link)) return m.spaces;
  if (link.startsWith('//')) return m.otherHost;
  if (link.startsWith('/')) {
    // The database's own line: '/' alone, or followed by a letter, digit, ? or #.
    if (!/^\/([a-z0-9#?]|$)/i.test(link)) return m.sitePath;
    return new URL(link, 'https://site.invalid').origin === 'https://site.invalid'
      ? null
      : m.otherHost;
  }
  if (/^http:/i.test(link)) return m.http;
  if (!isExternalLink(link)) return m.shape;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return m.address;
  }
  if (url.username || url.password) return m.credentials;
  // A host with a dot ('example.co.za'): 'https://localhost' or 'https://x' is a typo here.
  if (!url.hostname.includes('.') || url.hostname.endsWith('.')) return m.address;
  return null;
}
