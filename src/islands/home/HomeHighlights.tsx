import { useState, type ReactNode } from 'react';
import { answer, api, type ApiAnswer } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { formatDate, formatDistance } from '../../lib/format';
import { roundedPosition } from '../../lib/home-highlights';
import { ProviderLogo } from '../providers/ProviderLogo';
import { NO_REVIEWS_TEXT, RatingSummary } from '../providers/RatingSummary';
import { Stars } from '../providers/Stars';
import { LoadFailure } from '../ui/LoadFailure';
import { useLoaded } from '../ui/use-loaded';

type Highlights = ApiAnswer<typeof api.home.highlights.$get>;
type CardProvider =
  Highlights['recentlyVerified'][number] | Highlights['topRated']['providers'][number];

/** The visitor's position, asked for only when they press the button (never on load). */
type Locating =
  | { status: 'idle' }
  | { status: 'asking' }
  | { status: 'known'; lat: string; lng: string }
  | { status: 'refused'; notice: string };

const LOCATION_REFUSED =
  "We couldn't get your location, so these are the top rated providers across South Africa.";
const LOCATION_UNSUPPORTED =
  "This browser can't share a location, so these are the top rated providers across South Africa.";

function ProviderTile({ provider, children }: { provider: CardProvider; children: ReactNode }) {
  return (
    <li className="card relative border border-base-300 bg-base-100 shadow-sm motion-safe:transition hover:shadow-md">
      <ProviderLogo
        provider={provider}
        decorative
        loading="lazy"
        className="aspect-[3/2] w-full rounded-t-box object-cover"
      />
      <div className="card-body gap-2 p-4">
        <h3 className="font-semibold">
          <a href={`/provider/${provider.id}`} className="link-hover after:absolute after:inset-0">
            {provider.name}
          </a>
        </h3>
        <p className="text-sm">{provider.location}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <RatingSummary provider={provider} />
        </p>
        {children}
      </div>
    </li>
  );
}

function TileGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={label}>
      {children}
    </ul>
  );
}

/** A highlight's heading, named by `id` for its section, and the line that says what it lists. */
function Heading({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <>
      <h2 id={id} className="text-2xl font-bold md:text-3xl">
        {title}
      </h2>
      <p className="mt-1 text-sm">{children}</p>
    </>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-box bg-base-200 p-4 text-sm">{children}</p>;
}

function TopRated({
  topRated,
  locating,
  onLocate,
  onForget,
}: {
  topRated: Highlights['topRated'];
  locating: Locating;
  onLocate: () => void;
  onForget: () => void;
}) {
  const { nearYou, radiusKm, minReviews, providers } = topRated;
  return (
    <section aria-labelledby="top-rated-heading">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <Heading
            id="top-rated-heading"
            title={nearYou ? 'Top rated near you' : 'Top rated providers'}
          >
            Verified providers with at least {minReviews} reviews, by average rating
            {nearYou ? `, within ${radiusKm} km of you.` : ', across South Africa.'}
          </Heading>
        </div>
        {nearYou ? (
          <button type="button" className="btn btn-sm btn-ghost" onClick={onForget}>
            Show all of South Africa
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-primary"
            onClick={onLocate}
            disabled={locating.status === 'asking'}
          >
            {locating.status === 'asking' ? 'Finding you...' : 'Show providers near me'}
          </button>
        )}
      </div>
      {locating.status === 'refused' && (
        <p className="mt-2 text-sm" role="status">
          {locating.notice}
        </p>
      )}
      {providers.length === 0 ? (
        <Empty>
          {nearYou
            ? `No verified provider within ${radiusKm} km of you has ${minReviews} or more reviews yet. `
            : `No verified provider has ${minReviews} or more reviews yet. `}
          <a href={nearYou ? '/providers?sort=nearest' : '/providers'} className="link">
            Browse all providers
          </a>
        </Empty>
      ) : (
        <TileGrid label={nearYou ? 'Top rated near you' : 'Top rated providers'}>
          {providers.map((provider) => (
            <ProviderTile key={provider.id} provider={provider}>
              {provider.distanceKm !== null && (
                <p className="text-sm font-semibold">{formatDistance(provider.distanceKm)}</p>
              )}
            </ProviderTile>
          ))}
        </TileGrid>
      )}
    </section>
  );
}

function RecentlyVerified({ providers }: { providers: Highlights['recentlyVerified'] }) {
  return (
    <section aria-labelledby="recently-verified-heading">
      <Heading id="recently-verified-heading" title="Recently verified">
        Every check the badge needs has passed and is in date; the newest passes first.
      </Heading>
      {providers.length === 0 ? (
        <Empty>No provider has passed every check yet.</Empty>
      ) : (
        <TileGrid label="Recently verified">
          {providers.map((provider) => (
            <ProviderTile key={provider.id} provider={provider}>
              <p className="flex flex-col items-start gap-1 text-sm">
                <span className="badge badge-sm badge-success">Verified</span>
                <span>
                  Latest check passed{' '}
                  {/* A day, read at local noon: the same day in every time zone. */}
                  {formatDate(`${provider.lastCheckPassedOn}T12:00:00`)}
                </span>
              </p>
            </ProviderTile>
          ))}
        </TileGrid>
      )}
    </section>
  );
}

function RecentReviews({ reviews }: { reviews: Highlights['recentReviews'] }) {
  return (
    <section aria-labelledby="recent-reviews-heading">
      <Heading id="recent-reviews-heading" title="Recent reviews">
        The newest reviews customers have written about providers.
      </Heading>
      {reviews.length === 0 ? (
        <Empty>{NO_REVIEWS_TEXT}</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-3" aria-label="Recent reviews">
          {reviews.map((review) => (
            <li key={review.id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3 p-5">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Stars rating={String(review.rating)} />
                  {review.fromRequest && (
                    <span className="badge badge-sm badge-success">From a completed request</span>
                  )}
                </div>
                <blockquote>“{review.comment}”</blockquote>
                <p className="mt-auto text-sm">
                  <span className="font-semibold">{review.firstName}</span>,{' '}
                  {serviceName(review.serviceType)}, {formatDate(review.createdAt)}
                  <br />
                  Review of{' '}
                  <a href={`/provider/${review.provider.id}`} className="link">
                    {review.provider.name}
                  </a>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Loading() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading top rated providers and reviews">
      {[0, 1].map((row) => (
        <div key={row} className={row === 0 ? '' : 'mt-8'}>
          <div className="skeleton h-8 w-56" />
          <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="skeleton h-64 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The home page's highlights from GET /api/home/highlights: top rated
 * (near the visitor only once they press "Show providers near me"), recently verified and
 * recent reviews. Nothing here says more than the answer shows (docs/decisions/0024).
 */
function HomeHighlights() {
  const [locating, setLocating] = useState<Locating>({ status: 'idle' });
  const position = locating.status === 'known' ? locating : undefined;
  const highlights = useLoaded(
    () =>
      answer(
        api.home.highlights.$get({
          query: position ? { lat: position.lat, lng: position.lng } : {},
        }),
      ),
    position ? `${position.lat},${position.lng}` : '',
  );

  function locate() {
    if (!('geolocation' in navigator)) {
      setLocating({ status: 'refused', notice: LOCATION_UNSUPPORTED });
      return;
    }
    setLocating({ status: 'asking' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setLocating({
          status: 'known',
          lat: roundedPosition(coords.latitude),
          lng: roundedPosition(coords.longitude),
        }),
      () => setLocating({ status: 'refused', notice: LOCATION_REFUSED }),
      { timeout: 10_000, enableHighAccuracy: false, maximumAge: 5 * 60 * 1000 },
    );
  }

  if (highlights.status === 'pending') return <Loading />;
  if (highlights.status === 'failed') {
    return (
      <LoadFailure
        heading="h2"
        title="Couldn't load the top rated providers and recent reviews"
        error={highlights.error}
        onRetry={highlights.retry}
      />
    );
  }
  const { topRated, recentlyVerified, recentReviews } = highlights.data;
  return (
    <div className="space-y-8">
      <TopRated
        topRated={topRated}
        locating={locating}
        onLocate={locate}
        onForget={() => setLocating({ status: 'idle' })}
      />
      <RecentlyVerified providers={recentlyVerified} />
      <RecentReviews reviews={recentReviews} />
    </div>
  );
}

export default HomeHighlights;
