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
 * Spec: the badge reads 'Premium' if isPremium, else 'Verified' when isVerified. Premium
 * is given to verified providers only, so a premium provider whose verification has
 * lapsed shows no badge until it is verified again (no claim without data).
 */
export function providerBadge(provider: {
  isPremium: boolean;
  isVerified: boolean;
}): 'Premium' | 'Verified' | undefined {
  if (!provider.isVerified) return undefined;
  return provider.isPremium ? 'Premium' : 'Verified';
}
