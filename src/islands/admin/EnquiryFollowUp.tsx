/**
 * Nobody left waiting, on the enquiry desk: the badges of a request
 * left waiting on its provider, and the dialog that passes it to another verified
 * provider near the customer (an unverified one only behind "Show unverified providers",
 * decision 0042).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DeskEnquiry, ReassignCandidates } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { formatDistance } from '../../lib/format';
import { requestReference } from '../../lib/request-reference';
import { responsivenessWords } from '../../lib/responsiveness';
import { toast } from '../../lib/toast';
import { Checkbox } from '../ui/Checkbox';
import { FormActions } from '../ui/FormActions';
import { ADMIN_KEYS, failure, refreshEnquiryDesk, toastFailure } from './admin-queries';

export const FOLLOW_UP_LABELS = {
  notSeen: 'Not seen within 4 business hours',
  notAnswered: 'Not answered within 1 business day',
} as const;

/** Whether the desk may pass the request on: it is open. */
export const canReassign = (enquiry: DeskEnquiry) =>
  enquiry.status !== 'completed' && enquiry.status !== 'cancelled';

/** The request's follow-up flags as badges; nothing when it is not late. */
export function FollowUpBadges({ enquiry }: { enquiry: DeskEnquiry }) {
  if (!enquiry.notSeenInTime && !enquiry.notAnsweredInTime) return null;
  return (
    <div className="mt-1 flex flex-col items-start gap-1">
      {enquiry.notSeenInTime && (
        <span className="badge h-auto badge-sm py-0.5 text-left badge-warning">
          {FOLLOW_UP_LABELS.notSeen}
        </span>
      )}
      {enquiry.notAnsweredInTime && (
        <span className="badge h-auto badge-sm py-0.5 text-left badge-error">
          {FOLLOW_UP_LABELS.notAnswered}
        </span>
      )}
    </div>
  );
}

type Candidate = ReassignCandidates['candidates'][number];

/** The label of "Show unverified providers", the control that lists them. */
export const SHOW_UNVERIFIED = 'Show unverified providers';

/** The candidates of a request, verified only unless `unverified`; `search` finds others. */
export function useReassignCandidates(
  enquiryId: number,
  { unverified, search = '' }: { unverified: boolean; search?: string },
) {
  const query = {
    ...(unverified && { unverified: 'true' }),
    ...(search.trim() && { search: search.trim() }),
  };
  return useQuery({
    queryKey: [...ADMIN_KEYS.enquiries, enquiryId, 'candidates', query],
    queryFn: () =>
      answer(
        api.admin.enquiries[':id'].candidates.$get({ param: { id: String(enquiryId) }, query }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Where a candidate is: its town, how far from the customer's place, and whether it
 * names the place (or its town) among the areas it covers.
 */
export function whereIs(candidate: Candidate): string {
  return [
    `${candidate.location}, ${candidate.province}`,
    candidate.distanceKm !== null && formatDistance(candidate.distanceKm),
    candidate.covers !== null && `covers ${candidate.covers}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** How quickly the candidate answers, in the words of its public figures. */
export function howQuickly(candidate: Candidate): string {
  const { headline, detail } = responsivenessWords(candidate.responsiveness, candidate.createdAt);
  return candidate.responsiveness.withinDayPercent === null ? headline : `${headline} · ${detail}`;
}

/** What the list holds and in what order: near the place, in the province, or every one. */
function listTitle(found: ReassignCandidates, service: string): string {
  const { place } = found;
  const who = found.unverifiedShown
    ? `Providers of ${service}, verified or not,`
    : `Verified providers of ${service}`;
  if (place.kind === 'town') {
    const area = place.town ? `${place.name} or ${place.town}` : place.name;
    return `${who} who cover ${area} first, then those within ${place.radiusKm} km of ${place.name}, nearest first`;
  }
  if (place.kind === 'province') return `${who} in ${place.name}`;
  return who;
}

/** How many unverified providers the list leaves out, or holds. */
function unverifiedNote(found: ReassignCandidates): string {
  const count = found.unverified;
  const providers = `${count} unverified ${count === 1 ? 'provider' : 'providers'}`;
  if (count === 0) return 'There are no unverified providers to show.';
  return found.unverifiedShown
    ? `${providers} listed, marked "Not verified".`
    : `${providers} not listed.`;
}

/** The dialog: who may take the request over, one to choose, and the confirmation. */
export function ReassignEnquiry({
  enquiry,
  onClose,
}: {
  enquiry: DeskEnquiry;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const reference = requestReference(enquiry.groupId ?? enquiry.id, enquiry.createdAt);
  const service = serviceName(enquiry.serviceType);
  const [chosen, setChosen] = useState<number>();
  const [showUnverified, setShowUnverified] = useState(false);
  const candidates = useReassignCandidates(enquiry.id, { unverified: showUnverified });
  const found = candidates.data;
  const choice = found?.candidates.find((candidate) => candidate.id === chosen);
  const reassign = useMutation({
    mutationFn: (to: Candidate) =>
      answer(
        api.admin.enquiries[':id'].reassign.$post({
          param: { id: String(enquiry.id) },
          json: { providerId: to.id, ...(!to.verified && { allowUnverified: true }) },
        }),
      ),
    onSuccess: async ({ enquiry: updated, customerMailed }) => {
      toast({
        title: 'Request Reassigned',
        description: `${reference} is now with ${updated.assignedProviderName ?? 'the new provider'}. ${
          customerMailed
            ? 'The customer has been e-mailed.'
            : 'The customer was not e-mailed: the first e-mail of this request was never sent.'
        }`,
      });
      await refreshEnquiryDesk(queryClient);
      onClose();
    },
    onError: (error) => toastFailure('Reassign Failed', error, 'Failed to reassign the request'),
  });

  return (
    <div className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1 pr-10">
        <h2 className="text-xl font-bold">Reassign {reference}</h2>
        <p>
          {enquiry.customerName} asked for {service} in {enquiry.location}.{' '}
          {enquiry.assignedProviderName
            ? `It is with ${enquiry.assignedProviderName} now.`
            : 'No provider has it now.'}
        </p>
      </div>
      {candidates.isPending ? (
        <p role="status">Finding providers near the customer...</p>
      ) : candidates.isError ? (
        <p role="alert" className="text-error">
          {failure(candidates.error, 'Failed to find providers for this request.')}
        </p>
      ) : (
        found && (
          <>
            {found.note && (
              <p role="note" className="alert alert-warning text-sm">
                {found.note}
              </p>
            )}
            {found.candidates.length === 0 ? (
              <p>
                No other {found.unverifiedShown ? '' : 'verified '}provider of {service}{' '}
                {found.place.kind === 'town'
                  ? `covers ${found.place.name} or is within ${found.place.radiusKm} km of it`
                  : found.place.kind === 'province'
                    ? `works in ${found.place.name}`
                    : 'is listed'}
                .
              </p>
            ) : (
              <fieldset className="space-y-2" aria-describedby={`${id}-count`}>
                <legend className="mb-2 font-semibold">{listTitle(found, service)}</legend>
                <ul className="space-y-2">
                  {found.candidates.map((candidate) => (
                    <li key={candidate.id}>
                      <label
                        className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${
                          chosen === candidate.id
                            ? 'border-primary bg-primary/5'
                            : 'border-base-300'
                        }`}
                      >
                        <input
                          type="radio"
                          className="radio mt-0.5 radio-sm radio-primary"
                          name={`${id}-provider`}
                          value={candidate.id}
                          checked={chosen === candidate.id}
                          onChange={() => setChosen(candidate.id)}
                        />
                        <span className="min-w-0">
                          <span className="block font-semibold break-words">
                            {candidate.name}
                            {!candidate.verified && (
                              <>
                                {' '}
                                <span className="ml-2 badge badge-sm align-middle badge-warning">
                                  Not verified
                                </span>
                              </>
                            )}
                          </span>
                          <span className="block text-sm">{whereIs(candidate)}</span>
                          <span className="block text-sm">{howQuickly(candidate)}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
                <p id={`${id}-count`} className="text-sm">
                  {found.total > found.candidates.length
                    ? `The first ${found.candidates.length} of ${found.total.toLocaleString('en-ZA')}.`
                    : `${found.total} ${found.total === 1 ? 'provider' : 'providers'}.`}
                </p>
              </fieldset>
            )}
            <div>
              <Checkbox
                className="flex cursor-pointer items-center gap-2 text-sm"
                checked={showUnverified}
                aria-describedby={`${id}-unverified`}
                onChange={(event) => {
                  setShowUnverified(event.target.checked);
                  if (!event.target.checked && choice && !choice.verified) setChosen(undefined);
                }}
              >
                {SHOW_UNVERIFIED}
              </Checkbox>
              <p id={`${id}-unverified`} className="mt-1 text-sm">
                {unverifiedNote(found)}
              </p>
            </div>
          </>
        )
      )}
      {choice && !choice.verified && (
        <p role="note" className="alert alert-warning text-sm">
          {choice.name} is not verified: its checks are not all passed and in date. Pass the request
          to it only when no verified provider can take it.
        </p>
      )}
      <p className="text-sm">
        The new provider is e-mailed the request; the customer is told by e-mail and on the
        request&apos;s page.
      </p>
      <FormActions
        onCancel={onClose}
        label={
          choice
            ? `Reassign to ${choice.name}${choice.verified ? '' : ' (not verified)'}`
            : 'Choose a provider'
        }
        busy={reassign.isPending && 'Reassigning...'}
        disabled={!choice}
        onAct={() => choice && reassign.mutate(choice)}
      />
    </div>
  );
}
