import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import type { SignedInAdmin } from '../../lib/api-answers';
import { answer, answerOrNullOn401, api } from '../../lib/api-client';
import { withQueryClient } from '../../lib/query-client';
import { DashboardHeader } from '../ui/DashboardHeader';
import { LazySection } from '../ui/LazySection';
import { PageLoading } from '../ui/PageLoading';
import { Tabs } from '../ui/Tabs';
import { AdminSignIn } from './AdminSignIn';

// Each section's code loads when the admin first opens its tab, not with the sign-in and
// the overview (the dashboards' JavaScript budget, docs/decisions/0049).
const ApplicationsTab = lazy(() =>
  import('./ApplicationsTab').then((m) => ({ default: m.ApplicationsTab })),
);
const ProvidersTab = lazy(() =>
  import('./ProvidersTab').then((m) => ({ default: m.ProvidersTab })),
);
const VerificationTab = lazy(() =>
  import('./VerificationTab').then((m) => ({ default: m.VerificationTab })),
);
const FlashAdsTab = lazy(() => import('./FlashAdsTab').then((m) => ({ default: m.FlashAdsTab })));
const EnquiryDeskTab = lazy(() =>
  import('./EnquiryDeskTab').then((m) => ({ default: m.EnquiryDeskTab })),
);
const AdminReviewsTab = lazy(() =>
  import('./AdminReviewsTab').then((m) => ({ default: m.AdminReviewsTab })),
);
const MailTab = lazy(() => import('./MailTab').then((m) => ({ default: m.MailTab })));
const AccessLogTab = lazy(() =>
  import('./AccessLogTab').then((m) => ({ default: m.AccessLogTab })),
);
const PrivacyDeskTab = lazy(() =>
  import('./PrivacyDeskTab').then((m) => ({ default: m.PrivacyDeskTab })),
);
const TeamTab = lazy(() => import('./TeamTab').then((m) => ({ default: m.TeamTab })));

function Overview() {
  const { data } = useQuery({
    queryKey: ['/api/admin/stats'],
    queryFn: () => answer(api.admin.stats.$get()),
  });
  const cards = [
    {
      title: 'Total Applications',
      value: data?.totalApplications,
      caption: `${data?.pendingApplications ?? 0} pending review`,
    },
    {
      title: 'Active Providers',
      value: data?.totalProviders,
      caption: `${data?.verifiedProviders ?? 0} verified`,
    },
    {
      title: 'Total Enquiries',
      value: data?.totalEnquiries,
      caption: `${data?.newEnquiries ?? 0} new today`,
    },
    {
      title: 'Premium Providers',
      value: data?.premiumProviders,
      caption: 'Approved providers marked Premium',
    },
    // Reviews whose request came from the provider's own network or session.
    { title: 'Held Reviews', value: data?.heldReviews, caption: 'Waiting for moderation' },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {cards.map((card) => (
        <section
          key={card.title}
          className="card border border-base-300 bg-base-100 shadow-sm"
          aria-label={card.title}
        >
          <div className="card-body">
            <h2 className="text-sm font-semibold">{card.title}</h2>
            <p className="text-3xl font-bold text-primary">
              {card.value ?? <span className="skeleton inline-block h-8 w-16" />}
            </p>
            <p className="text-sm">{card.caption}</p>
          </div>
        </section>
      ))}
    </div>
  );
}

function Dashboard({ admin }: { admin: SignedInAdmin }) {
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <DashboardHeader
        title="Admin Dashboard"
        logout={async () => {
          try {
            await answer(api.admin.logout.$post());
          } catch (error) {
            throw new Error('Logout failed', { cause: error });
          }
        }}
        // The signed-in check now answers null.
        clearSession={() => {
          queryClient.removeQueries({
            predicate: (query) => query.queryKey[0] !== '/api/admin/me',
          });
          queryClient.setQueryData(['/api/admin/me'], null);
        }}
      >
        Welcome, {admin.firstName} {admin.lastName}
      </DashboardHeader>
      <div className="mt-6">
        <Tabs
          label="Admin sections"
          tabs={[
            { id: 'overview', label: 'Overview', content: <Overview /> },
            {
              id: 'applications',
              label: 'Applications',
              content: (
                <LazySection>
                  <ApplicationsTab />
                </LazySection>
              ),
            },
            {
              id: 'providers',
              label: 'Providers',
              content: (
                <LazySection>
                  <ProvidersTab />
                </LazySection>
              ),
            },
            {
              id: 'verification',
              label: 'Verification',
              content: (
                <LazySection>
                  <VerificationTab />
                </LazySection>
              ),
            },
            {
              id: 'flash-ads',
              label: 'Flash Ads',
              content: (
                <LazySection>
                  <FlashAdsTab />
                </LazySection>
              ),
            },
            {
              id: 'enquiries',
              label: 'Enquiries',
              content: (
                <LazySection>
                  <EnquiryDeskTab />
                </LazySection>
              ),
            },
            {
              id: 'reviews',
              label: 'Reviews',
              content: (
                <LazySection>
                  <AdminReviewsTab />
                </LazySection>
              ),
            },
            {
              id: 'mail',
              label: 'Mail',
              content: (
                <LazySection>
                  <MailTab />
                </LazySection>
              ),
            },
            {
              id: 'privacy-desk',
              label: 'Privacy Desk',
              content: (
                <LazySection>
                  <PrivacyDeskTab />
                </LazySection>
              ),
            },
            {
              id: 'access-log',
              label: 'Access Log',
              content: (
                <LazySection>
                  <AccessLogTab />
                </LazySection>
              ),
            },
            {
              id: 'team',
              label: 'Team',
              content: (
                <LazySection>
                  <TeamTab currentEmail={admin.email} />
                </LazySection>
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}

/** /admin: signed out, the three sign-in modes; signed in, the dashboard. */
function AdminApp() {
  const { data, isPending } = useQuery({
    queryKey: ['/api/admin/me'],
    // Spec section 7: runs while signed out; a 401 means "not signed in", not an error.
    queryFn: () => answerOrNullOn401(api.admin.me.$get()),
  });
  if (isPending) return <PageLoading title="Admin" />;
  return data ? <Dashboard admin={data} /> : <AdminSignIn />;
}

export default withQueryClient(AdminApp);
