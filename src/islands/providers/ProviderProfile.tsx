import { useState } from 'react';
import { AddToRequestButton } from '../../components/AddToRequestButton';
import { ProviderNotFound } from '../../components/ProviderNotFound';
import type { Provider, ProviderDetail } from '../../lib/api-answers';
import { ApiError } from '../../lib/api-client';
import { provinceName } from '../../lib/catalog/provinces';
import { telHref, whatsAppHref } from '../../lib/phone';
import { descriptionGiven, startingPriceText } from '../../lib/provider-facts';
import { LoadFailure, LoadingSkeleton } from '../ui/LoadFailure';
import { Modal } from '../ui/Modal';
import { Tabs } from '../ui/Tabs';
import { useHydrated } from '../ui/use-hydrated';
import { useLoaded } from '../ui/use-loaded';
import { ContactLink } from './ContactLink';
import { LazyRequestServiceForm } from './LazyRequestServiceForm';
import { PriceRecordSection } from './PriceRecordSection';
import { fetchProviderDetail } from './provider-detail-query';
import { Badge, PaidPlacementLabel } from './ProviderClaims';
import {
  BusinessHours,
  ContactTab,
  CoverageTab,
  ProfileReviewsTab,
  ServiceBadgeList,
  ServicesTab,
} from './ProviderDetails';
import { ProviderLogo } from './ProviderLogo';
import { RatingSummary } from './RatingSummary';
import { ResponsivenessNote } from './ResponsivenessNote';
import { VerificationSection } from './VerificationSection';
import { WorkGallery } from './WorkGallery';

function Loading() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      {/* The page's heading while the provider's name is on its way. */}
      <h1 className="sr-only">Provider</h1>
      <LoadingSkeleton
        label="Loading provider"
        bars={['h-64 w-full', 'mt-6 h-8 w-1/2', 'mt-3 h-4 w-1/3']}
      />
    </div>
  );
}

/** What the page knows of the API's answer: the detail once it came, or why not. */
interface Freshness {
  detail: ProviderDetail | undefined;
  error: Error | null;
  onRetry: () => void;
}

function Profile({
  provider,
  freshness: { detail, error, onRetry },
}: {
  provider: Provider;
  freshness: Freshness;
}) {
  const [requesting, setRequesting] = useState(false);
  const hydrated = useHydrated();
  const whatsApp = provider.phone ? whatsAppHref(provider.phone) : undefined;
  return (
    // data-hydrated: the tabs and buttons answer a click (the built HTML shows them before).
    <article data-hydrated={hydrated || undefined}>
      <header className="bg-gradient-to-b from-primary to-secondary text-primary-content">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 md:flex-row md:items-center">
          <ProviderLogo
            provider={provider}
            priority
            className="aspect-[3/2] w-full rounded-box bg-base-100 object-contain md:w-80"
          />
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-3xl font-bold md:text-4xl">{provider.name}</h1>
              {/* The badge depends on today's date: from the API's answer only, never
                  from the build, which may predate an expiry. */}
              {detail ? (
                <Badge provider={detail} />
              ) : (
                !error && <span className="skeleton h-6 w-16" aria-hidden="true" />
              )}
              {/* Beside the badge, never in its place; not a claim of the day, so the
                  built page says it too. */}
              <PaidPlacementLabel provider={provider} />
            </div>
            <p className="mt-2 text-lg">
              {provider.location}, {provinceName(provider.province)}
            </p>
            <p className="mt-2 flex items-center gap-2 rounded-box bg-base-100 px-3 py-1 text-base-content md:inline-flex">
              <RatingSummary provider={provider} />
            </p>
          </div>
        </div>
      </header>
      {/* On a phone the contact card comes first, before the long text; on a
          desktop it heads the side column. */}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem] lg:grid-rows-[auto_1fr]">
        <section
          className="card self-start border border-base-300 bg-base-100 shadow-sm lg:col-start-2 lg:row-start-1"
          aria-label="Contact this provider"
        >
          <div className="card-body gap-3">
            <p className="text-2xl font-bold text-primary">
              {startingPriceText(provider.startingPrice)}
            </p>
            <button type="button" className="btn btn-accent" onClick={() => setRequesting(true)}>
              Request Service
            </button>
            {detail?.isVerified && <AddToRequestButton provider={provider} className="btn-md" />}
            {/* The built page carries no contact details (a removed provider's must not
                outlive its listing): they come with the API's answer. */}
            <ContactLink
              className="btn btn-primary"
              href={provider.phone && telHref(provider.phone)}
            >
              Call Provider
            </ContactLink>
            {whatsApp && (
              <a
                className="btn btn-outline"
                href={whatsApp}
                target="_blank"
                rel="noopener noreferrer"
              >
                WhatsApp <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
            <ContactLink
              className="btn btn-outline"
              href={provider.email && `mailto:${provider.email}`}
            >
              Send Email
            </ContactLink>
            {provider.website && (
              <a
                className="btn btn-ghost"
                href={provider.website}
                target="_blank"
                rel="nofollow noopener noreferrer"
              >
                Visit Website <span className="sr-only">(opens in a new tab)</span>
              </a>
            )}
          </div>
        </section>
        <div className="min-w-0 space-y-6 lg:row-span-2 lg:row-start-1">
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="text-xl font-semibold">
              About {provider.name}
            </h2>
            {descriptionGiven(provider.description) && (
              <p className="mt-2 whitespace-pre-line">{provider.description}</p>
            )}
            <ServiceBadgeList
              services={provider.services}
              className="mt-4 flex flex-wrap gap-2"
              aria-label="Services"
            />
          </section>
          <WorkGallery photos={provider.workPhotos} providerName={provider.name} heading="h2" />
          <VerificationSection
            verification={detail?.verification}
            error={detail ? null : error}
            onRetry={onRetry}
            headingLevel={2}
          />
          <Tabs
            label="Provider details"
            tabs={[
              {
                id: 'services',
                label: 'Services',
                content: <ServicesTab provider={provider} showExperience />,
              },
              {
                id: 'reviews',
                label: 'Reviews',
                content: <ProfileReviewsTab provider={provider} />,
              },
              { id: 'contact', label: 'Contact', content: <ContactTab provider={provider} /> },
              { id: 'coverage', label: 'Coverage', content: <CoverageTab provider={provider} /> },
            ]}
          />
        </div>
        <aside className="space-y-6 self-start lg:col-start-2 lg:row-start-2">
          <section
            className="card border border-base-300 bg-base-100 shadow-sm"
            aria-labelledby="responsiveness-heading"
          >
            <div className="card-body gap-2">
              <h2 id="responsiveness-heading" className="card-title text-lg">
                Responsiveness
              </h2>
              {/* Counted up to now: from the API's answer only, never from the build. */}
              {detail ? (
                <ResponsivenessNote provider={detail} full />
              ) : error ? (
                <p className="text-sm">Not available right now.</p>
              ) : (
                <div className="skeleton h-12 w-full" aria-hidden="true" />
              )}
            </div>
          </section>
          <PriceRecordSection record={detail?.priceRecord} failed={!detail && Boolean(error)} />
          <section
            className="card border border-base-300 bg-base-100 shadow-sm"
            aria-labelledby="hours-heading"
          >
            <div className="card-body">
              <h2 id="hours-heading" className="card-title text-lg">
                Business Hours
              </h2>
              <BusinessHours hours={provider.businessHours} />
            </div>
          </section>
        </aside>
      </div>
      <Modal
        open={requesting}
        onClose={() => setRequesting(false)}
        label={`Request service from ${provider.name}`}
      >
        <div className="p-5 sm:p-6">
          <h2 className="mb-4 pr-10 text-xl font-bold">Request Service from {provider.name}</h2>
          <LazyRequestServiceForm provider={provider} />
        </div>
      </Modal>
    </article>
  );
}

export interface ProviderProfileProps {
  /** The provider as it was at build time; absent on the page for providers added later. */
  initial?: Provider;
}

/** Provider id in /provider/{id}. */
function idFromPath(): number | undefined {
  if (typeof window === 'undefined') return undefined;
  const match = /^\/provider\/(\d+)\/?$/.exec(window.location.pathname);
  return match ? Number(match[1]) : undefined;
}

/**
 * The provider page (spec section 2). It shows the build-time data at once and then
 * refreshes from /api/providers/{id}, so it never disagrees with the listing; a provider
 * removed or unapproved since the build shows 'Provider Not Found'. The badge and the
 * Verification section wait for that answer.
 */
function ProviderProfile({ initial }: ProviderProfileProps) {
  const [id] = useState(() => initial?.id ?? idFromPath());
  // The build's provider shows at once; the API's answer replaces it and brings the badge
  // and the Verification section. (No query library on this page: its JavaScript at load
  // is budgeted, docs/decisions/0049.)
  const answer = useLoaded(() => fetchProviderDetail(id ?? 0), String(id), id !== undefined);
  const detail: ProviderDetail | undefined = answer.status === 'done' ? answer.data : undefined;
  const error = answer.status === 'failed' ? answer.error : null;
  const data: Provider | undefined = detail ?? initial;
  if (id === undefined) return typeof window === 'undefined' ? <Loading /> : <ProviderNotFound />;
  if (error instanceof ApiError && error.status === 404) return <ProviderNotFound />;
  if (data) {
    return <Profile provider={data} freshness={{ detail, error, onRetry: answer.retry }} />;
  }
  if (answer.status === 'pending') return <Loading />;
  return (
    <div className="mx-auto max-w-xl px-4 py-24">
      <LoadFailure
        heading="h1"
        title="Couldn't load this provider"
        error={error}
        onRetry={answer.retry}
      />
    </div>
  );
}

export default ProviderProfile;
