import { lazy, Suspense } from 'react';
import type { Provider } from '../../lib/api-answers';
import { serviceName } from '../../lib/catalog/categories';
import { WEEKDAYS } from '../../lib/catalog/enquiry-options';
import { formatRating } from '../../lib/format';
import { formatSaPhone, telHref } from '../../lib/phone';
import { HOURS_NOT_GIVEN, startingPriceText } from '../../lib/provider-facts';
import { NO_REVIEWS_TEXT, RatingSummary, reviewCountText } from './RatingSummary';

// The reviews load when the Reviews tab is first opened, with their query library.
const ReviewList = lazy(() => import('./ReviewList'));

/** The services a provider offers, as badges in a list the caller places and names. */
export function ServiceBadgeList({
  services,
  ...list
}: {
  services: string[];
  className: string;
  'aria-label'?: string;
}) {
  return (
    <ul {...list}>
      {services.map((s) => (
        <li key={s} className="badge badge-primary badge-outline">
          {serviceName(s)}
        </li>
      ))}
    </ul>
  );
}

/** The tab contents shared by the provider modal and the provider page. */

export function ServicesTab({
  provider,
  showExperience = false,
}: {
  provider: Provider;
  showExperience?: boolean;
}) {
  return (
    <div className="space-y-5">
      <section>
        <h3 className="font-semibold">Services Offered</h3>
        <ServiceBadgeList services={provider.services} className="mt-2 flex flex-wrap gap-2" />
      </section>
      {provider.specialties.length > 0 && (
        <section>
          <h3 className="font-semibold">Specialties</h3>
          <ul className="mt-2 list-inside list-disc text-sm">
            {provider.specialties.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h3 className="font-semibold">Starting Price</h3>
        <p className="mt-1 text-2xl font-bold text-primary">
          {startingPriceText(provider.startingPrice)}
        </p>
        {/* Not the spec's 'Free consultation and quotes available': no provider has told us
            that its consultations are free, and the site claims nothing the data does not show. */}
        <p className="mt-1 text-sm">
          {provider.startingPrice === null
            ? 'This provider has not given a starting price. Send a request to ask for a quote.'
            : 'Prices may vary based on specific requirements. Send a request to ask for a quote.'}
        </p>
      </section>
      {showExperience && (
        <section>
          <h3 className="font-semibold">Experience</h3>
          <p className="mt-1 text-sm">
            {provider.yearsExperience} {provider.yearsExperience === 1 ? 'year' : 'years'} of
            experience in the industry.
          </p>
        </section>
      )}
    </div>
  );
}

export function ProfileReviewsTab({ provider }: { provider: Provider }) {
  return (
    <div className="text-center">
      {provider.reviewCount === 0 ? (
        <>
          <p className="flex items-center justify-center gap-2 text-sm">
            <RatingSummary provider={provider} />
          </p>
          <p className="mt-2 text-sm">{NO_REVIEWS_TEXT}</p>
        </>
      ) : (
        <>
          <p className="text-4xl font-bold text-primary">
            {formatRating(provider.rating)}
            <span className="text-lg text-base-content"> / 5</span>
          </p>
          <p className="mt-1 text-sm">Based on {reviewCountText(provider.reviewCount)}</p>
        </>
      )}
      {provider.reviewCount > 0 && (
        <Suspense
          fallback={
            <p className="mt-4 text-sm" role="status">
              Loading reviews…
            </p>
          }
        >
          <ReviewList providerId={provider.id} />
        </Suspense>
      )}
    </div>
  );
}

export function BusinessHours({ hours }: { hours: Record<string, string> }) {
  if (!WEEKDAYS.some((day) => hours[day])) {
    return <p className="text-sm">{HOURS_NOT_GIVEN}</p>;
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
      {WEEKDAYS.filter((day) => hours[day]).map((day) => (
        <div key={day} className="contents">
          <dt className="capitalize">{day}</dt>
          <dd className={hours[day] === 'Closed' ? 'font-semibold' : ''}>{hours[day]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ContactTab({ provider }: { provider: Provider }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-semibold">Phone</dt>
        <dd>
          {provider.phone ? (
            <a className="link" href={telHref(provider.phone)}>
              {formatSaPhone(provider.phone)}
            </a>
          ) : (
            'Loading…'
          )}
        </dd>
        <dt className="font-semibold">Email</dt>
        <dd>
          {provider.email ? (
            <a className="link break-all" href={`mailto:${provider.email}`}>
              {provider.email}
            </a>
          ) : (
            'Loading…'
          )}
        </dd>
        {provider.website && (
          <>
            <dt className="font-semibold">Website</dt>
            <dd>
              {/* A provider's own link: not endorsed (nofollow), and the new tab gets no
                  hold on this page (noopener). */}
              <a
                className="link break-all"
                href={provider.website}
                target="_blank"
                rel="nofollow noopener noreferrer"
              >
                {provider.website.replace(/^https?:\/\//, '')}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        )}
        <dt className="font-semibold">Location</dt>
        <dd>{provider.location}</dd>
      </dl>
      <section>
        <h3 className="mb-2 font-semibold">Business Hours</h3>
        <BusinessHours hours={provider.businessHours} />
      </section>
    </div>
  );
}

export function CoverageTab({ provider }: { provider: Provider }) {
  const areas = provider.coverageAreas.length > 0 ? provider.coverageAreas : [provider.location];
  return (
    <section>
      <h3 className="font-semibold">Coverage Areas</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {areas.map((area) => (
          <li key={area} className="badge badge-outline">
            {area}
          </li>
        ))}
      </ul>
    </section>
  );
}
