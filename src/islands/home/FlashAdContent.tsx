import { isExternalLink } from '../../lib/flash-ad-link';

/** What the banner and the admin's preview show of an ad. */
export interface FlashAdView {
  title: string;
  subtitle: string;
  imageUrl: string | null;
  linkUrl: string | null;
}

/** The host an external link leads to, for its call to action ("Visit example.co.za"). */
function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return 'their site';
  }
}

/**
 * One flash ad: its image in a fixed 3:2 box (the banner keeps its size whether the image
 * has arrived or not) and its text; the whole ad is a link when it has one. The image is
 * decorative (alt=""): the title beside it says what the ad is, and an admin's upload has
 * no description to read out. A link to another site carries rel="noopener noreferrer":
 * the other site gets neither a handle on this page nor the address it came from.
 */
export function FlashAdContent({
  ad,
  eager = false,
  asLink = true,
}: {
  ad: FlashAdView;
  eager?: boolean;
  /** false: the admin's preview, where a click must not leave the form. */
  asLink?: boolean;
}) {
  const external = ad.linkUrl !== null && isExternalLink(ad.linkUrl);
  const body = (
    <div className="flex min-h-40 items-center gap-4 p-6 md:p-8">
      {ad.imageUrl && (
        <div className="aspect-[3/2] w-24 shrink-0 overflow-hidden rounded-box sm:w-40">
          <img
            src={ad.imageUrl}
            alt=""
            width={600}
            height={400}
            loading={eager ? undefined : 'lazy'}
            className="h-full w-full object-cover"
            data-testid="flash-ad-image"
          />
        </div>
      )}
      <div className="min-w-0">
        <h2 className="text-xl font-bold break-words md:text-3xl">{ad.title}</h2>
        <p className="mt-2 text-lg">{ad.subtitle}</p>
        {ad.linkUrl && (
          <span className="mt-3 inline-flex items-center gap-1 font-semibold underline">
            {external ? `Visit ${hostOf(ad.linkUrl)}` : 'Find out more'}
            <span aria-hidden="true">→</span>
          </span>
        )}
      </div>
    </div>
  );
  if (!ad.linkUrl || !asLink) return body;
  return (
    <a
      href={ad.linkUrl}
      rel={external ? 'noopener noreferrer' : undefined}
      // Inside the banner (which clips what lies outside it): the ring is drawn within.
      className="block rounded-box focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-primary-content"
      data-testid="flash-ad-link"
    >
      {body}
    </a>
  );
}
