import type { Provider } from '../../lib/api-answers';
import { providerImageUrl } from '../../lib/provider-image';
import { Modal } from '../ui/Modal';
import { Badge, Stars } from './ProviderCard';
import { serviceName } from '../../lib/catalog/categories';
import { provinceName } from '../../lib/catalog/provinces';
import { ContactTab, CoverageTab, ProfileReviewsTab, ServicesTab } from './ProviderDetails';
import { LazyRequestServiceForm } from './LazyRequestServiceForm';
import { Tabs } from '../ui/Tabs';
import { ProviderVerification } from './VerificationSection';
import { ResponsivenessNote } from './ResponsivenessNote';

/**
 * The provider modal of the list (spec section 2): summary, contact buttons, the
 * Verification section (issue 13: the checks behind the badge, fetched when it opens),
 * then the spec's five tabs.
 */
export function ProviderModal({
  provider,
  onClose,
}: {
  provider: Provider | undefined;
  onClose: () => void;
}) {
  return (
    <Modal open={provider !== undefined} onClose={onClose} label={provider?.name ?? 'Provider'}>
      {provider && (
        <div>
          <img
            src={providerImageUrl(provider.profileImage)}
            alt={provider.name}
            width={600}
            height={400}
            className="aspect-[3/1] w-full object-cover"
          />
          <div className="space-y-4 p-5 sm:p-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 className="text-2xl font-bold">{provider.name}</h2>
                <p className="text-sm">
                  {provider.location}, {provinceName(provider.province)}
                </p>
                <p className="mt-1 flex items-center gap-2 text-sm">
                  <Stars rating={provider.rating} /> <span>({provider.reviewCount} reviews)</span>
                </p>
              </div>
              <Badge provider={provider} />
            </div>
            <ResponsivenessNote responsiveness={provider.responsiveness} full />
            <p>{provider.description}</p>
            <ul className="flex flex-wrap gap-1" aria-label="Services">
              {provider.services.map((s) => (
                <li key={s} className="badge badge-outline">
                  {serviceName(s)}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <a className="btn btn-primary" href={`tel:${provider.phone}`}>
                Contact Provider
              </a>
              <a className="btn btn-outline" href={`mailto:${provider.email}`}>
                Send Email
              </a>
              <a className="btn btn-ghost" href={`/provider/${provider.id}`}>
                View full profile
              </a>
            </div>
            <ProviderVerification providerId={provider.id} />
            <Tabs
              label="Provider details"
              tabs={[
                { id: 'services', label: 'Services', content: <ServicesTab provider={provider} /> },
                {
                  id: 'reviews',
                  label: 'Reviews',
                  content: <ProfileReviewsTab provider={provider} />,
                },
                { id: 'contact', label: 'Contact', content: <ContactTab provider={provider} /> },
                { id: 'coverage', label: 'Coverage', content: <CoverageTab provider={provider} /> },
                {
                  id: 'request',
                  label: 'Request Service',
                  content: <LazyRequestServiceForm provider={provider} />,
                },
              ]}
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
