/**
 * Where a provider's photo is (spec section 3): shown as given when it is a URL or an
 * /objects/ path, otherwise a file name under /public-objects/; a default image if none.
 */
export const DEFAULT_PROVIDER_IMAGE = '/default-provider.svg';

export function providerImageUrl(profileImage: string | null | undefined): string {
  if (!profileImage) return DEFAULT_PROVIDER_IMAGE;
  if (profileImage.startsWith('/objects/') || /^https?:\/\//.test(profileImage))
    return profileImage;
  return `/public-objects/${encodeURIComponent(profileImage)}`;
}

/**
 * The Verified badge: while every required check is in date (the spec's 'Premium' in its
 * place is gone: Premium is paid placement and shows beside it, never instead of it,
 * decision 0039).
 */
export function providerBadge(provider: { isVerified: boolean }): 'Verified' | undefined {
  return provider.isVerified ? 'Verified' : undefined;
}
