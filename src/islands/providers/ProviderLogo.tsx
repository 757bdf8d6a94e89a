import { providerMonogram } from '../../lib/monogram';
import { providerImageUrl } from '../../lib/provider-image';

/**
 * A provider's photo, or, without one, its generated monogram (src/lib/monogram.ts) in the
 * same box: initials on the colour of its main service, never the generic placeholder.
 * The monogram has the same accessible name as the photo would: the provider's name, or
 * none where the photo is decorative (the card, whose heading already names it).
 */
export function ProviderLogo({
  provider,
  decorative = false,
  className,
  loading,
  priority = false,
  avatar = false,
}: {
  provider: { name: string; services: readonly string[]; profileImage: string | null };
  decorative?: boolean;
  className: string;
  loading?: 'lazy';
  /** The page's largest paint: fetched before the other pictures (fetchpriority="high"). */
  priority?: boolean;
  /**
   * Small, beside the name (a card): a photo keeps its own proportions at the box's width,
   * the monogram is a square of it.
   */
  avatar?: boolean;
}) {
  if (provider.profileImage) {
    return (
      <img
        src={providerImageUrl(provider.profileImage)}
        alt={decorative ? '' : provider.name}
        width={600}
        height={400}
        loading={loading}
        {...(priority && { fetchPriority: 'high' as const })}
        className={avatar ? `${className} h-auto object-contain` : className}
      />
    );
  }
  const monogram = providerMonogram(provider);
  const label = decorative ? {} : { role: 'img', 'aria-label': provider.name };
  return (
    // A 3:2 drawing cut to whatever box it fills (like object-cover): the initials stay
    // centred and whole from a 3:1 banner to a square.
    <svg
      viewBox="0 0 600 400"
      preserveAspectRatio="xMidYMid slice"
      className={avatar ? `${className} aspect-square` : className}
      data-testid="provider-monogram"
      aria-hidden={decorative ? true : undefined}
      {...label}
    >
      <rect width="600" height="400" fill={monogram.background} />
      {/* Soft rings like the sample photos' drawings; the initials sit in a medallion
          that stays whole inside a 3:1 banner (the middle 200 units). */}
      <circle cx="540" cy="40" r="170" fill="#ffffff" fillOpacity="0.07" />
      <circle cx="40" cy="380" r="150" fill="#ffffff" fillOpacity="0.05" />
      <circle cx="300" cy="200" r="92" fill="#ffffff" fillOpacity="0.12" />
      <circle
        cx="300"
        cy="200"
        r="92"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.35"
        strokeWidth="3"
      />
      <text
        x="300"
        y="200"
        dy="0.35em"
        textAnchor="middle"
        fontSize="84"
        fontWeight="700"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        letterSpacing="2"
        fill={monogram.foreground}
      >
        {monogram.initials}
      </text>
    </svg>
  );
}
