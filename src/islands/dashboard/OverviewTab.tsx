import type { OwnProfile, ProviderEnquiry } from '../../lib/api-answers';
import { serviceName } from '../../lib/catalog/categories';
import { isOpenForProvider } from '../../lib/enquiry-display';
import { formatDate, formatRating } from '../../lib/format';
import { weeklyChange, weeklyChangeText } from '../../lib/weekly-change';
import { reviewCountText } from '../providers/RatingSummary';
import { DashboardCard } from './DashboardCard';
import { StatusBadge } from './EnquiryBadges';
import { ProfileChecklist } from './ProfileChecklist';

/** One of the three figures on top: a small card. */
function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <DashboardCard title={title} bodyClassName="gap-1" headingClassName="text-sm font-semibold">
      {children}
    </DashboardCard>
  );
}

/** Overview (spec section 2): new enquiries, rating, status, and the first three enquiries. */
export function OverviewTab({
  profile,
  enquiries,
  onView,
  onEditProfile,
}: {
  profile: OwnProfile;
  enquiries: ProviderEnquiry[] | undefined;
  onView: (enquiry: ProviderEnquiry) => void;
  /** Opens the Profile tab (from the "Complete your profile" list). */
  onEditProfile: () => void;
}) {
  const open = enquiries?.filter((e) => isOpenForProvider(e.status)).length;
  return (
    <div className="space-y-6">
      <ProfileChecklist profile={profile} onEdit={onEditProfile} />
      <div className="grid gap-4 md:grid-cols-3">
        <Card title="New Enquiries">
          <p className="text-3xl font-bold text-primary">
            {open ?? <span className="skeleton inline-block h-8 w-10" />}
          </p>
          {enquiries && <p className="text-sm">{weeklyChangeText(weeklyChange(enquiries))}</p>}
        </Card>
        <Card title="Rating">
          {profile.reviewCount === 0 ? (
            <>
              <p className="text-3xl font-bold text-primary">New</p>
              <p className="text-sm">No reviews yet</p>
            </>
          ) : (
            <>
              <p className="text-3xl font-bold text-primary">
                {formatRating(profile.rating)}
                <span className="text-base font-normal">/5</span>
              </p>
              <p className="text-sm">{reviewCountText(profile.reviewCount)}</p>
            </>
          )}
        </Card>
        <Card title="Status">
          <div className="flex flex-wrap gap-1">
            {profile.isVerified && <span className="badge badge-success badge-sm">Verified</span>}
            {profile.isPremium && <span className="badge badge-secondary badge-sm">Premium</span>}
            {profile.isApproved && <span className="badge badge-info badge-sm">Approved</span>}
          </div>
          <p className="text-sm">{profile.isApproved ? 'Active provider' : 'Pending approval'}</p>
        </Card>
      </div>
      <DashboardCard title="Recent Enquiries" bodyClassName="">
        {enquiries === undefined ? (
          <p role="status">Loading enquiries...</p>
        ) : enquiries.length === 0 ? (
          <p>No enquiries found</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {enquiries.slice(0, 3).map((enquiry) => (
              <li
                key={enquiry.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
              >
                <div>
                  <p className="font-medium">{enquiry.customerName}</p>
                  <p className="text-sm">
                    {serviceName(enquiry.serviceType)} · {enquiry.location} ·{' '}
                    {formatDate(enquiry.createdAt)}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge status={enquiry.status} />
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    onClick={() => onView(enquiry)}
                  >
                    View Details
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DashboardCard>
    </div>
  );
}
