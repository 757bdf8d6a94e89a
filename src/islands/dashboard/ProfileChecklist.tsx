import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileChecklist as Checklist } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { CHECKLIST_KEY } from '../../lib/provider-dashboard';
import {
  descriptionGiven,
  hoursGiven,
  HOURS_NOT_GIVEN,
  PROFILE_FACT_HINTS,
  PROFILE_FACT_LABELS,
  startingPriceText,
  type ProfileFact,
} from '../../lib/provider-facts';
import { toast } from '../../lib/toast';
import { DashboardCard } from './DashboardCard';
import { useSignedInQuery, toastFailure } from './session';

/** What the public page shows for a fact now, in a few words. */
function shownValue(fact: ProfileFact, profile: OwnProfile): string {
  switch (fact) {
    case 'startingPrice':
      return startingPriceText(profile.startingPrice);
    case 'businessHours':
      return hoursGiven(profile.businessHours) ? 'Given in your profile' : HOURS_NOT_GIVEN;
    case 'coverageAreas':
      return profile.coverageAreas.length > 0 ? profile.coverageAreas.join(', ') : 'None given';
    case 'description':
      return descriptionGiven(profile.description)
        ? `"${profile.description.length > 90 ? `${profile.description.slice(0, 90)}…` : profile.description}"`
        : 'None given';
  }
}

/**
 * "Complete your profile" (docs/decisions/0041): until the provider has confirmed its
 * starting price, business hours, coverage areas and description, the Overview lists
 * them with what the public page shows for each. A fact with a value can be confirmed
 * as shown ("Price on request" too); one without is given in the Profile tab, which
 * confirms it. The list is gone once all four are confirmed.
 */
export function ProfileChecklist({
  profile,
  onEdit,
}: {
  profile: OwnProfile;
  /** Opens the Profile tab. */
  onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const checklist = useSignedInQuery(CHECKLIST_KEY, () =>
    answer(api.provider.profile.checklist.$get()),
  );
  const confirm = useMutation({
    mutationFn: (fact: ProfileFact) =>
      answer(api.provider.profile.confirm.$post({ json: { facts: [fact] } })),
    onSuccess: (updated: Checklist, fact) => {
      queryClient.setQueryData(CHECKLIST_KEY, updated);
      toast({ title: 'Confirmed', description: `${PROFILE_FACT_LABELS[fact]} confirmed.` });
    },
    onError: (error) => toastFailure(queryClient, error, 'Failed to confirm. Please try again.'),
  });
  const data = checklist.data;
  if (!data || data.complete) return null;
  const waiting = data.facts.filter((f) => f.confirmedAt === null).length;
  return (
    <DashboardCard title="Complete your profile" headingId="profile-checklist-heading" warning>
      <p className="text-sm">
        Your public page shows only what you have given us. Check each of these: confirm what it
        shows, or change it in your profile. {waiting} of {data.facts.length} still{' '}
        {waiting === 1 ? 'waits' : 'wait'} for you.
      </p>
      <ul className="divide-y divide-base-300 rounded-box border border-base-300">
        {data.facts.map(({ fact, given, confirmedAt }) => {
          const label = PROFILE_FACT_LABELS[fact];
          // A missing price is a value too: "Price on request".
          const confirmable = given || fact === 'startingPrice';
          return (
            <li
              key={fact}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {label}:{' '}
                  <span className={confirmedAt ? 'badge badge-success' : 'badge badge-warning'}>
                    {confirmedAt ? 'Confirmed' : 'Waiting for you'}
                  </span>
                </p>
                <p className="text-sm break-words">Your page shows: {shownValue(fact, profile)}</p>
                {!confirmedAt && <p className="text-sm">{PROFILE_FACT_HINTS[fact]}</p>}
              </div>
              {!confirmedAt && (
                <div className="flex shrink-0 flex-wrap gap-2">
                  {confirmable && (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={`Confirm ${label.toLowerCase()}: ${shownValue(fact, profile)}`}
                      disabled={confirm.isPending}
                      onClick={() => confirm.mutate(fact)}
                    >
                      Confirm
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`${given ? 'Change' : 'Add'} ${label.toLowerCase()} in your profile`}
                    onClick={onEdit}
                  >
                    {given ? 'Change' : 'Add'}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </DashboardCard>
  );
}
