import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AddToRequestButton } from '../../components/AddToRequestButton';
import type { Provider } from '../../lib/api-answers';
import { serviceName } from '../../lib/catalog/categories';
import { provinceName } from '../../lib/catalog/provinces';
import { formatSaPhone, telHref, whatsAppHref } from '../../lib/phone';
import { descriptionGiven } from '../../lib/provider-facts';
import { withQueryClient } from '../../lib/query-client';
import { Tabs } from '../ui/Tabs';
import { ContactLink } from './ContactLink';
import { LazyRequestServiceForm } from './LazyRequestServiceForm';
import { fetchProviderDetail, providerDetailKey } from './provider-detail-query';
import { Badge, PaidPlacementLabel } from './ProviderClaims';
import { ContactTab, CoverageTab, ProfileReviewsTab, ServicesTab } from './ProviderDetails';
import { ProviderLogo } from './ProviderLogo';
import { ProviderModalLoading } from './ProviderModalLoading';
import { RatingSummary } from './RatingSummary';
import { ResponsivenessNote } from './ResponsivenessNote';
import { VerificationSection } from './VerificationSection';
import { WorkGallery } from './WorkGallery';

/**
 * The provider modal of the list (spec section 2), inside the dialog that
 * LazyProviderModal opens at once: summary, contact buttons, the Verification section (the
 * checks behind the badge, fetched when it opens), then the spec's five tabs. On a phone a
 * bar at the bottom keeps Call, WhatsApp (mobile numbers) and Request in reach. Loaded when
 * a visitor first opens a provider (docs/decisions/0049). A provider not on the list's
 * page (a shared link, ?provider=12) is fetched by `id`; one that is gone closes the
 * dialog (`onMissing`).
 */
function ProviderModalBody({
  id,
  provider: listed,
  onLoaded,
  onMissing,
}: {
  id: number;
  provider: Provider | undefined;
  onLoaded: (provider: Provider) => void;
  onMissing: () => void;
}) {
  const [tab, setTab] = useState<string>();
  const [asked, setAsked] = useState(0);
  const tabs = useRef<HTMLDivElement>(null);
  const fetched = useQuery({
    queryKey: providerDetailKey(id),
    queryFn: () => fetchProviderDetail(id),
    enabled: listed === undefined,
    retry: false,
  });
  const provider = listed ?? fetched.data;
  useEffect(() => setTab(undefined), [id]);
  useEffect(() => {
    if (asked === 0 || !tabs.current) return;
    tabs.current.scrollIntoView({ block: 'center' });
    tabs.current.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [asked]);
  useEffect(() => {
    if (!listed && fetched.data) onLoaded(fetched.data);
  }, [listed, fetched.data, onLoaded]);
  // A shared link to a provider that is gone: the dialog closes rather than wait forever.
  const missing = listed === undefined && fetched.isError;
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);

  if (!provider) return <ProviderModalLoading />;
  return (
    <>
      {
        <div>
          <ProviderLogo
            provider={provider}
            className="aspect-[3/1] w-full bg-base-200 object-contain"
          />
          <div className="space-y-4 p-5 sm:p-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="text-sm">
                  {provider.location}, {provinceName(provider.province)}
                </p>
                <p className="mt-1 flex items-center gap-2 text-sm">
                  <RatingSummary provider={provider} />
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Badge provider={provider} />
                <PaidPlacementLabel provider={provider} />
              </div>
            </div>
            <ResponsivenessNote provider={provider} full />
            {descriptionGiven(provider.description) && (
              <p className="whitespace-pre-line">{provider.description}</p>
            )}
            <ul className="flex flex-wrap gap-1" aria-label="Services">
              {provider.services.map((s) => (
                <li key={s} className="badge badge-outline">
                  {serviceName(s)}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              {/* On a phone the bar at the bottom has the call button. */}
              <ContactLink
                className="btn btn-primary max-sm:hidden"
                href={provider.phone && telHref(provider.phone)}
              >
                Contact Provider
              </ContactLink>
              <ContactLink
                className="btn btn-outline"
                href={provider.email && `mailto:${provider.email}`}
              >
                Send Email
              </ContactLink>
              <a className="btn btn-ghost" href={`/provider/${provider.id}`}>
                View full profile
              </a>
              {provider.isVerified && <AddToRequestButton provider={provider} className="btn-md" />}
            </div>
            <WorkGallery photos={provider.workPhotos} providerName={provider.name} />
            <ProviderVerification providerId={provider.id} />
            <div ref={tabs}>
              <Tabs
                label="Provider details"
                selected={tab}
                onSelect={setTab}
                tabs={[
                  {
                    id: 'services',
                    label: 'Services',
                    content: <ServicesTab provider={provider} />,
                  },
                  {
                    id: 'reviews',
                    label: 'Reviews',
                    content: <ProfileReviewsTab provider={provider} />,
                  },
                  { id: 'contact', label: 'Contact', content: <ContactTab provider={provider} /> },
                  {
                    id: 'coverage',
                    label: 'Coverage',
                    content: <CoverageTab provider={provider} />,
                  },
                  {
                    id: 'request',
                    label: 'Request Service',
                    content: <LazyRequestServiceForm provider={provider} />,
                  },
                ]}
              />
            </div>
          </div>
          <PhoneActionBar
            phone={provider.phone}
            onRequest={() => {
              setTab('request');
              setAsked((n) => n + 1);
            }}
          />
        </div>
      }
    </>
  );
}

export default withQueryClient(ProviderModalBody);

/** The phone's bar at the bottom of the modal: Call (with the number), WhatsApp, Request. */
function PhoneActionBar({ phone, onRequest }: { phone: string; onRequest: () => void }) {
  const whatsApp = phone ? whatsAppHref(phone) : undefined;
  return (
    <div
      className="sticky bottom-0 z-10 flex gap-2 border-t border-base-300 bg-base-100 p-3 sm:hidden"
      role="group"
      aria-label="Contact"
      data-testid="phone-action-bar"
    >
      <ContactLink className="btn min-w-0 flex-1 px-3 btn-primary" href={phone && telHref(phone)}>
        Call {phone && formatSaPhone(phone)}
      </ContactLink>
      {whatsApp && (
        <a
          className="btn px-3 btn-outline"
          href={whatsApp}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <button type="button" className="btn px-3 btn-accent" onClick={onRequest}>
        Request
      </button>
    </div>
  );
}

/**
 * The modal's Verification section: the list row it opens from has no checks, so it
 * asks GET /api/providers/{id} when the modal opens (the key the provider page uses).
 */
export function ProviderVerification({ providerId }: { providerId: number }) {
  const { data, error, refetch } = useQuery({
    queryKey: providerDetailKey(providerId),
    queryFn: () => fetchProviderDetail(providerId),
  });
  return (
    <VerificationSection
      verification={data?.verification}
      error={error}
      onRetry={() => void refetch()}
      headingLevel={3}
    />
  );
}
