import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DeskEnquiry, ReassignCandidates } from '../../lib/api-answers';
import { answer, answerPage, api } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import {
  BUDGETS,
  ENQUIRY_STATUSES,
  URGENCIES,
  type EnquiryStatus,
} from '../../lib/catalog/enquiry-options';
import { statusLabel } from '../../lib/enquiry-display';
import { formatDate } from '../../lib/format';
import { requestReference } from '../../lib/request-reference';
import { toast } from '../../lib/toast';
import { StatusBadge, UrgencyBadge } from '../dashboard/EnquiryBadges';
import { BriefDetails } from '../request/BriefDetails';
import { Checkbox } from '../ui/Checkbox';
import { DetailList } from '../ui/DetailList';
import { FormActions } from '../ui/FormActions';
import { Modal } from '../ui/Modal';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { ADMIN_KEYS, dateTime, refreshEnquiryDesk, toastFailure } from './admin-queries';
import { DeskJobs } from './DeskJobs';
import {
  canReassign,
  FollowUpBadges,
  ReassignEnquiry,
  SHOW_UNVERIFIED,
  useReassignCandidates,
  whereIs,
} from './EnquiryFollowUp';
import { EnquiryMessages } from './EnquiryMessages';
import { CsvDownload, ListHeading } from './ListHeading';
import { PagedTable } from './QueryResult';
import { useAdminPage, useListFilters, useSettledValue } from './use-admin-page';

interface Filters {
  status: string;
  urgency: string;
  search: string;
  /** 'true': only the requests left waiting (EnquiryFollowUp.tsx); '': all. */
  needsAttention: string;
}

/** What the provider list holds, under it. */
function providerHint(
  found: ReassignCandidates | undefined,
  service: string,
  search: string,
): string {
  if (!found) return `Providers who offer ${service}.`;
  const who = found.unverifiedShown
    ? `Providers who offer ${service}, verified or not`
    : `Verified providers who offer ${service}`;
  const which = search.trim()
    ? `${who}, named or placed like “${search.trim()}”`
    : found.place.kind === 'town'
      ? `${who}, those who cover ${found.place.name} first, then within ${found.place.radiusKm} km, nearest first`
      : found.place.kind === 'province'
        ? `${who} in ${found.place.name}`
        : `${who}, by name`;
  const shown = found.candidates.length;
  return found.total > shown
    ? `${which}: the first ${shown} of ${found.total.toLocaleString('en-ZA')}; search by name or town to find others.`
    : `${which}.`;
}

/** One enquiry in full: assign it to a provider who offers the service, set status, notes. */
function EnquiryDetail({ enquiry, onClose }: { enquiry: DeskEnquiry; onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  // Verified providers who offer the service, those who cover the customer's place first,
  // then nearest (the Reassign dialog's list); a search finds others by name or town, and
  // unverified ones only when asked for (decision 0042).
  const [providerSearch, setProviderSearch] = useState('');
  const [showUnverified, setShowUnverified] = useState(false);
  const candidateSearch = useSettledValue(providerSearch);
  const providers = useReassignCandidates(enquiry.id, {
    unverified: showUnverified,
    search: candidateSearch,
  });
  const found = providers.data?.candidates ?? [];
  // The provider assigned now stays a choice, whether or not the list holds it.
  const candidates: { id: number; label: string; verified: boolean }[] = found.map((p) => ({
    id: p.id,
    label: `${p.name}${p.verified ? '' : ' (not verified)'}: ${whereIs(p)}`,
    verified: p.verified,
  }));
  if (
    enquiry.assignedProviderId !== null &&
    !found.some((p) => p.id === enquiry.assignedProviderId)
  ) {
    candidates.unshift({
      id: enquiry.assignedProviderId,
      label: `${enquiry.assignedProviderName ?? 'Provider'} (assigned now)`,
      verified: true,
    });
  }
  const [providerId, setProviderId] = useState(String(enquiry.assignedProviderId ?? ''));
  const [status, setStatus] = useState(enquiry.status);
  const [notes, setNotes] = useState(enquiry.adminNotes ?? '');
  const save = useMutation({
    mutationFn: () =>
      answer(
        api.admin.enquiries[':id'].$put({
          param: { id: String(enquiry.id) },
          json: {
            ...(providerId && Number(providerId) !== enquiry.assignedProviderId
              ? {
                  assignedProviderId: Number(providerId),
                  // Listed only behind "Show unverified providers": the desk asked for it.
                  ...(candidates.some((p) => p.id === Number(providerId) && !p.verified) && {
                    allowUnverified: true,
                  }),
                }
              : {}),
            ...(status !== enquiry.status ? { status } : {}),
            adminNotes: notes,
          },
        }),
      ),
    onSuccess: async (updated) => {
      toast({
        title: 'Enquiry Updated',
        description: updated.assignedProviderName
          ? `Assigned to ${updated.assignedProviderName} (${statusLabel(updated.status)}).`
          : `Status: ${statusLabel(updated.status)}.`,
      });
      await refreshEnquiryDesk(queryClient);
      onClose();
    },
    onError: (error) => toastFailure('Update Failed', error, 'Failed to update the enquiry'),
  });
  const rows: [string, React.ReactNode][] = [
    ['Reference', requestReference(enquiry.groupId ?? enquiry.id, enquiry.createdAt)],
    ['Customer', enquiry.customerName],
    [
      'Email',
      <a key="e" className="link" href={`mailto:${enquiry.customerEmail}`}>
        {enquiry.customerEmail}
      </a>,
    ],
    ['Phone', enquiry.customerPhone ?? 'N/A'],
    ['Service', serviceName(enquiry.serviceType)],
    ['Location', enquiry.location],
    ['Budget', BUDGETS.find((b) => b.value === enquiry.budget)?.label ?? 'Not specified'],
    ['Urgency', <UrgencyBadge key="u" urgency={enquiry.urgency} />],
    ['Received', dateTime(enquiry.createdAt)],
    [
      'Description',
      <span key="d" className="whitespace-pre-line">
        {enquiry.description}
      </span>,
    ],
    ...(enquiry.brief || enquiry.photos.length > 0
      ? ([['Brief', <BriefDetails key="b" brief={enquiry.brief} photos={enquiry.photos} />]] as [
          string,
          React.ReactNode,
        ][])
      : []),
    ['Provider', enquiry.assignedProviderName ?? 'Not assigned'],
    ['Seen by the provider', enquiry.seenAt ? dateTime(enquiry.seenAt) : 'Not yet'],
    ...(enquiry.cancelReason
      ? ([['Cancelled by the customer', enquiry.cancelReason]] as [string, React.ReactNode][])
      : []),
    ...(enquiry.providerResponse
      ? [
          [
            'Provider response',
            <span key="r" className="whitespace-pre-line">
              {enquiry.providerResponse}
              {enquiry.respondedAt && ` (${formatDate(enquiry.respondedAt)})`}
            </span>,
          ] as [string, React.ReactNode],
        ]
      : []),
  ];
  return (
    <div className="space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3 pr-10">
        <h2 className="text-xl font-bold">Enquiry from {enquiry.customerName}</h2>
        <StatusBadge status={enquiry.status} />
      </div>
      <DetailList rows={rows} />
      <EnquiryMessages enquiryId={enquiry.id} customerName={enquiry.customerName} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            id={`${id}-provider-search`}
            label="Find a provider by name or town"
            type="search"
            maxLength={100}
            value={providerSearch}
            onChange={(e) => setProviderSearch(e.target.value)}
          />
        </div>
        <div>
          <SelectField
            id={`${id}-provider`}
            label="Assign to provider"
            aria-describedby={`${id}-provider-hint`}
            value={providerId}
            onChange={(e) => setProviderId(e.target.value)}
          >
            <option value="">
              {providers.isPending ? 'Loading providers...' : 'Not assigned'}
            </option>
            {candidates.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </SelectField>
          <p id={`${id}-provider-hint`} className="mt-1 text-sm">
            {providerHint(providers.data, serviceName(enquiry.serviceType), candidateSearch)}
          </p>
          <Checkbox
            className="mt-2 flex cursor-pointer items-center gap-2 text-sm"
            checked={showUnverified}
            onChange={(event) => setShowUnverified(event.target.checked)}
          >
            {SHOW_UNVERIFIED}
          </Checkbox>
        </div>
        <SelectField
          id={`${id}-status`}
          label="Status"
          value={status}
          // The options are ENQUIRY_STATUSES.
          onChange={(e) => setStatus(e.target.value as EnquiryStatus)}
        >
          <Options choices={ENQUIRY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
        </SelectField>
      </div>
      <TextAreaField
        id={`${id}-notes`}
        label="Admin notes (the provider sees them)"
        rows={3}
        maxLength={2000}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <FormActions
        onCancel={onClose}
        label="Save"
        busy={save.isPending && 'Saving...'}
        onAct={() => save.mutate()}
      />
    </div>
  );
}

/** The enquiry desk: every enquiry, newest first, with filters and search. */
export function EnquiryDeskTab() {
  const id = useId();
  const { filters, setFilters, field } = useListFilters<Filters>({
    status: '',
    urgency: '',
    search: '',
    needsAttention: '',
  });
  const [open, setOpen] = useState<DeskEnquiry>();
  const [reassigning, setReassigning] = useState<DeskEnquiry>();
  const list = useAdminPage(
    ADMIN_KEYS.enquiries,
    (query) => answerPage(api.admin.enquiries.$get({ query })),
    { ...filters },
  );
  const { isFetching } = list;

  return (
    <div className="space-y-4">
      <ListHeading title="Enquiries">
        <CsvDownload href="/api/admin/exports/enquiries.csv" />
      </ListHeading>
      <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter enquiries">
        <TextField
          id={`${id}-search`}
          label="Search customer or location"
          type="search"
          {...field('search')}
        />
        <SelectField id={`${id}-status`} label="Status" {...field('status')}>
          <Options
            none="All statuses"
            choices={ENQUIRY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          />
        </SelectField>
        <SelectField id={`${id}-urgency`} label="Urgency" {...field('urgency')}>
          <Options none="All urgencies" choices={URGENCIES} />
        </SelectField>
        <Checkbox
          className="flex cursor-pointer items-center gap-2 text-sm font-medium sm:col-span-3"
          checked={filters.needsAttention === 'true'}
          onChange={(e) =>
            setFilters((current) => ({
              ...current,
              needsAttention: e.target.checked ? 'true' : '',
            }))
          }
        >
          Needs attention: not seen within 4 business hours or not answered within 1 business day
        </Checkbox>
      </div>
      <PagedTable
        list={list}
        label="Enquiries"
        columns={['Customer', 'Service', 'Location', 'Urgency', 'Status', 'Provider', 'Received']}
        busy={isFetching}
        row={(enquiry) => (
          <tr key={enquiry.id}>
            <td>
              <div className="font-semibold">{enquiry.customerName}</div>
              <div className="text-sm">{enquiry.customerEmail}</div>
              {/* First in the row: on a phone the table scrolls, and this is what matters. */}
              <FollowUpBadges enquiry={enquiry} />
            </td>
            <td>{serviceName(enquiry.serviceType)}</td>
            <td>{enquiry.location}</td>
            <td className="whitespace-nowrap">
              <UrgencyBadge urgency={enquiry.urgency} />
            </td>
            <td>
              <StatusBadge status={enquiry.status} />
            </td>
            <td>{enquiry.assignedProviderName ?? '—'}</td>
            <td className="whitespace-nowrap text-sm">{dateTime(enquiry.createdAt)}</td>
            <td>
              <div className="flex flex-col gap-1">
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`Open enquiry from ${enquiry.customerName}`}
                  onClick={() => setOpen(enquiry)}
                >
                  Open
                </button>
                {canReassign(enquiry) && (
                  <button
                    type="button"
                    className={`btn btn-sm ${enquiry.notSeenInTime || enquiry.notAnsweredInTime ? 'btn-primary' : 'btn-ghost'}`}
                    aria-label={`Reassign enquiry from ${enquiry.customerName}`}
                    onClick={() => setReassigning(enquiry)}
                  >
                    Reassign
                  </button>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      <DeskJobs />
      <Modal open={open !== undefined} onClose={() => setOpen(undefined)} label="Enquiry">
        {open && <EnquiryDetail enquiry={open} onClose={() => setOpen(undefined)} />}
      </Modal>
      <Modal
        open={reassigning !== undefined}
        onClose={() => setReassigning(undefined)}
        label="Reassign enquiry"
      >
        {reassigning && (
          <ReassignEnquiry enquiry={reassigning} onClose={() => setReassigning(undefined)} />
        )}
      </Modal>
    </div>
  );
}
