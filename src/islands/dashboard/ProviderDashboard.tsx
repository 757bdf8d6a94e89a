import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import type { OwnProfile, ProviderEnquiry } from '../../lib/api-answers';
import { answer, answerOrNullOn401, api } from '../../lib/api-client';
import { ACCOUNT_CLOSED, LISTING_PAUSED } from '../../lib/listing-paused.ts';
import { ENQUIRIES_KEY, ME_KEY } from '../../lib/provider-dashboard';
import { withQueryClient } from '../../lib/query-client';
import { DashboardHeader } from '../ui/DashboardHeader';
import { LazySection } from '../ui/LazySection';
import { PageLoading } from '../ui/PageLoading';
import { Tabs } from '../ui/Tabs';
import { EnquiriesTab } from './EnquiriesTab';
import { OverviewTab } from './OverviewTab';
import { ProviderLogin } from './ProviderLogin';
import { ResponseDialog } from './ResponseDialog';
import { endSession, useSignedInQuery, useSessionNotice } from './session';

// The sections a provider opens now and then load when first opened; the overview and the
// requests (where a mailed link leads) come with the page (docs/decisions/0049).
const DashboardReviewsTab = lazy(() =>
  import('./DashboardReviewsTab').then((m) => ({ default: m.DashboardReviewsTab })),
);
const ProfileTab = lazy(() => import('./ProfileTab').then((m) => ({ default: m.ProfileTab })));
const DashboardVerificationTab = lazy(() =>
  import('./DashboardVerificationTab').then((m) => ({ default: m.DashboardVerificationTab })),
);
const YourDataTab = lazy(() => import('./YourDataTab').then((m) => ({ default: m.YourDataTab })));
const SettingsTab = lazy(() => import('./SettingsTab').then((m) => ({ default: m.SettingsTab })));

/**
 * The request a mail links to (`/dashboard?enquiry=<id>`): the dashboard opens
 * on the Enquiries tab with that request in view. Read once, when the signed-in dashboard
 * first renders (in the browser only: the page is pre-rendered signed out).
 */
function linkedEnquiryOf(search: string): number | undefined {
  const linked = Number(new URLSearchParams(search).get('enquiry'));
  return Number.isSafeInteger(linked) && linked > 0 ? linked : undefined;
}

function Dashboard({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const [responding, setResponding] = useState<ProviderEnquiry>();
  const [tab, setTab] = useState<string>();
  const [linkedEnquiry] = useState(() =>
    typeof window === 'undefined' ? undefined : linkedEnquiryOf(window.location.search),
  );
  const enquiries = useSignedInQuery(ENQUIRIES_KEY, () => answer(api.provider.enquiries.$get()));
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <DashboardHeader
        title="Provider Dashboard"
        logout={() => answer(api.provider.logout.$post())}
        clearSession={() => endSession(queryClient)}
      >
        {profile.name}
      </DashboardHeader>
      {!profile.isApproved && (
        <p className="alert alert-warning mt-4" role="status">
          {profile.closedAt ? ACCOUNT_CLOSED : LISTING_PAUSED}
        </p>
      )}
      <div className="mt-6">
        <Tabs
          label="Dashboard sections"
          initial={linkedEnquiry === undefined ? undefined : 'enquiries'}
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'overview',
              label: 'Overview',
              content: (
                <OverviewTab
                  profile={profile}
                  enquiries={enquiries.data}
                  onView={setResponding}
                  onEditProfile={() => {
                    setTab('profile');
                    window.scrollTo({ top: 0 });
                  }}
                />
              ),
            },
            {
              id: 'enquiries',
              label: 'Enquiries',
              content: (
                <EnquiriesTab
                  linkedEnquiry={linkedEnquiry}
                  enquiries={enquiries.data}
                  isPending={enquiries.isPending}
                  isError={enquiries.isError}
                  onRespond={setResponding}
                />
              ),
            },
            {
              id: 'reviews',
              label: 'Reviews',
              content: (
                <LazySection>
                  <DashboardReviewsTab />
                </LazySection>
              ),
            },
            {
              id: 'profile',
              label: 'Profile',
              content: (
                <LazySection>
                  <ProfileTab profile={profile} />
                </LazySection>
              ),
            },
            {
              id: 'verification',
              label: 'Verification',
              content: (
                <LazySection>
                  <DashboardVerificationTab />
                </LazySection>
              ),
            },
            {
              id: 'your-data',
              label: 'Your Data',
              content: (
                <LazySection>
                  <YourDataTab />
                </LazySection>
              ),
            },
            {
              id: 'settings',
              label: 'Settings',
              content: (
                <LazySection>
                  <SettingsTab isVerified={profile.isVerified} isApproved={profile.isApproved} />
                </LazySection>
              ),
            },
          ]}
        />
      </div>
      <ResponseDialog enquiry={responding} onClose={() => setResponding(undefined)} />
    </div>
  );
}

/** /dashboard: signed out, the Provider Login card; signed in, the dashboard. */
function ProviderDashboard() {
  const notice = useSessionNotice();
  const { data, isPending, isError } = useQuery({
    queryKey: ME_KEY,
    // A 401 means "not signed in" (or the session ended): the login card, not an error.
    queryFn: () => answerOrNullOn401(api.provider.me.$get()),
  });
  if (isPending) return <PageLoading title="Provider Dashboard" />;
  if (isError)
    return (
      <p className="alert alert-error mx-auto my-16 max-w-md" role="alert">
        The dashboard could not be loaded. Please reload the page.
      </p>
    );
  return data ? <Dashboard profile={data} /> : <ProviderLogin notice={notice} />;
}

export default withQueryClient(ProviderDashboard);
