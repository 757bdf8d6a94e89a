import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminProvider } from '../../lib/api-answers';
import { answer, answerPage, api } from '../../lib/api-client';
import { SERVICE_CATEGORIES } from '../../lib/catalog/categories';
import { serviceName } from '../../lib/catalog/categories';
import { provinceName } from '../../lib/catalog/provinces';
import { formatRating } from '../../lib/format';
import { descriptionGiven, startingPriceText } from '../../lib/provider-facts';
import { toast } from '../../lib/toast';
import { BusinessHours } from '../providers/ProviderDetails';
import { ProviderLogo } from '../providers/ProviderLogo';
import { reviewCountText } from '../providers/RatingSummary';
import { useConfirm } from '../ui/ConfirmDialog';
import { DetailList } from '../ui/DetailList';
import { Modal } from '../ui/Modal';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { AddProviderForm } from './AddProviderForm';
import { ADMIN_KEYS, refreshProviders, toastFailure } from './admin-queries';
import { BusinessCells } from './BusinessCells';
import { CsvDownload, ListHeading } from './ListHeading';
import { ProviderChecksModal } from './ProviderChecks';
import { PagedTable } from './QueryResult';
import { RowButton } from './RowButton';
import { useAdminPage, useListFilters, useSettledValue } from './use-admin-page';

type Change = Partial<Pick<AdminProvider, 'isApproved'>>;

/**
 * The table's and the modal's actions: toggle approval, delete, each asked in a dialog
 * first (render `dialog`). Verification is not a toggle: it follows from the check
 * records kept on the Verification screen.
 */
function useProviderActions() {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const update = useMutation({
    mutationFn: ({ provider, change }: { provider: AdminProvider; change: Change }) =>
      answer(api.admin.providers[':id'].$put({ param: { id: String(provider.id) }, json: change })),
    onSuccess: async (updated) => {
      toast({ title: 'Provider Updated', description: `${updated.name} was updated.` });
      await refreshProviders(queryClient);
    },
    onError: (error) => toastFailure('Update Failed', error, 'Failed to update provider'),
  });
  const remove = useMutation({
    mutationFn: (provider: AdminProvider) =>
      answer(api.admin.providers[':id'].$delete({ param: { id: String(provider.id) } })),
    onSuccess: async (_, provider) => {
      toast({ title: 'Provider Deleted', description: `${provider.name} was deleted.` });
      await refreshProviders(queryClient);
    },
    onError: (error) => toastFailure('Deletion Failed', error, 'Failed to delete provider'),
  });
  return {
    busy: update.isPending || remove.isPending,
    dialog,
    /** Approval on or off (the public list), once confirmed. Answers whether it changed. */
    toggleApproval: async (provider: AdminProvider) => {
      const approve = !provider.isApproved;
      const confirmed = await confirm(
        approve
          ? {
              title: `Approve ${provider.name}?`,
              body: <p>{provider.name} shows on the public list and on its own page.</p>,
              confirmLabel: 'Approve',
            }
          : {
              title: `Remove the approval of ${provider.name}?`,
              body: (
                <p>
                  {provider.name} is taken off the public list and its page until it is approved
                  again. Its account, reviews and checks stay.
                </p>
              ),
              confirmLabel: 'Remove Approval',
              tone: 'danger',
            },
      );
      if (!confirmed) return false;
      await update.mutateAsync({ provider, change: { isApproved: approve } });
      return true;
    },
    /** Spec: a confirmation first, in its words. Answers whether it was deleted. */
    remove: async (provider: AdminProvider) => {
      const confirmed = await confirm({
        title: `Delete ${provider.name}?`,
        body: (
          <>
            <p>Are you sure you want to delete this provider?</p>
            <p>
              {provider.name} is removed for good, with its reviews, photos and verification
              documents. Its enquiries stay, without a provider. This cannot be undone.
            </p>
          </>
        ),
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (!confirmed) return false;
      await remove.mutateAsync(provider);
      return true;
    },
  };
}

function StatusBadges({ provider }: { provider: AdminProvider }) {
  return (
    <div className="flex flex-wrap gap-1">
      {provider.isApproved ? (
        <span className="badge badge-success badge-sm">Approved</span>
      ) : (
        <span className="badge badge-ghost badge-sm">Not approved</span>
      )}
      {provider.isVerified && <span className="badge badge-info badge-sm">Verified</span>}
      {provider.isPremium && <span className="badge badge-secondary badge-sm">Premium</span>}
    </div>
  );
}

function ProviderDetail({
  provider,
  actions,
  onClose,
  onChecks,
}: {
  provider: AdminProvider;
  actions: ReturnType<typeof useProviderActions>;
  onClose: () => void;
  /** Opens the provider's Verification screen instead of this dialog. */
  onChecks: () => void;
}) {
  const rows: [string, React.ReactNode][] = [
    ['Contact', provider.contactName ?? 'Not recorded'],
    ['Email', provider.email],
    ['Phone', provider.phone],
    ['Location', `${provider.location}, ${provinceName(provider.province)}`],
    ['Description', descriptionGiven(provider.description) ? provider.description : 'None given'],
    [
      'Rating',
      provider.reviewCount === 0
        ? 'New (no reviews yet)'
        : `${formatRating(provider.rating)} ★ (${reviewCountText(provider.reviewCount)})`,
    ],
    ['Years experience', provider.yearsExperience],
    ['Services', provider.services.map(serviceName).join(', ')],
    ['Starting price', startingPriceText(provider.startingPrice)],
    ['Business hours', <BusinessHours key="h" hours={provider.businessHours} />],
    ...(provider.teamSize ? [['Team size', provider.teamSize] as [string, number]] : []),
    ...(provider.establishedYear
      ? [['Established', provider.establishedYear] as [string, number]]
      : []),
    ...(provider.businessLicense
      ? [['Business license', provider.businessLicense] as [string, string]]
      : []),
    ...(provider.insurance ? [['Insurance', provider.insurance] as [string, string]] : []),
  ];
  // Closes once the action went through; a failure the mutation's onError has told already.
  const closeOnceDone = (done: Promise<boolean>) =>
    void done.then((yes) => yes && onClose()).catch(() => undefined);
  return (
    <div className="space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3 pr-10">
        <ProviderLogo
          provider={provider}
          decorative
          className="h-16 w-16 rounded-box object-cover"
        />
        <h2 className="text-xl font-bold">{provider.name}</h2>
        <StatusBadges provider={provider} />
      </div>
      <DetailList rows={rows} />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={onChecks}>
          Verification checks
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={actions.busy}
          onClick={() => closeOnceDone(actions.toggleApproval(provider))}
        >
          {provider.isApproved ? 'Remove Approval' : 'Approve'}
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={actions.busy}
          onClick={() => closeOnceDone(actions.remove(provider))}
        >
          Delete
        </button>
      </div>
    </div>
  );
}

interface ProviderFilters {
  search: string;
  approved: string;
  serviceType: string;
}

export function ProvidersTab() {
  const id = useId();
  const { filters, field } = useListFilters<ProviderFilters>({
    search: '',
    approved: '',
    serviceType: '',
  });
  const search = useSettledValue(filters.search);
  const list = useAdminPage(
    ADMIN_KEYS.providers,
    (query) => answerPage(api.admin.providers.$get({ query })),
    { ...filters, search },
  );
  const actions = useProviderActions();
  const [viewing, setViewing] = useState<AdminProvider>();
  const [checking, setChecking] = useState<AdminProvider>();
  const [adding, setAdding] = useState(false);
  // Swallow: the mutation's onError has told the admin already.
  const run = (promise: Promise<unknown>) => void promise.catch(() => undefined);

  return (
    <div className="space-y-4">
      <ListHeading title="Providers">
        <div className="flex flex-wrap gap-2">
          <CsvDownload href="/api/admin/exports/providers.csv" />
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            Add Provider
          </button>
        </div>
      </ListHeading>
      <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter providers">
        <TextField
          id={`${id}-search`}
          label="Search name, town or service"
          type="search"
          maxLength={100}
          {...field('search')}
        />
        <SelectField id={`${id}-approved`} label="Approval" {...field('approved')}>
          <option value="">All providers</option>
          <option value="true">Approved</option>
          <option value="false">Not approved</option>
        </SelectField>
        <SelectField id={`${id}-service`} label="Service" {...field('serviceType')}>
          <Options
            none="All services"
            choices={SERVICE_CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
          />
        </SelectField>
      </div>
      <PagedTable
        list={list}
        label="Providers"
        columns={['Business', 'Contact', 'Location', 'Services', 'Status', 'Rating']}
        busy={list.isPlaceholderData || search !== filters.search}
        row={(provider) => (
          <tr key={provider.id}>
            <BusinessCells
              name={provider.name}
              contact={provider.contactName ?? 'No contact person'}
              business={provider}
            />
            <td>
              <StatusBadges provider={provider} />
            </td>
            <td className="whitespace-nowrap">
              {provider.reviewCount === 0 ? 'New' : `${formatRating(provider.rating)} ★`}
            </td>
            <td>
              <div className="flex flex-wrap gap-1">
                <RowButton label={`View ${provider.name}`} onClick={() => setViewing(provider)}>
                  View
                </RowButton>
                <RowButton
                  label={`Checks of ${provider.name}`}
                  onClick={() => setChecking(provider)}
                >
                  Checks
                </RowButton>
                <RowButton
                  disabled={actions.busy}
                  label={`${provider.isApproved ? 'Unapprove' : 'Approve'} ${provider.name}`}
                  onClick={() => run(actions.toggleApproval(provider))}
                >
                  {provider.isApproved ? 'Unapprove' : 'Approve'}
                </RowButton>
                <RowButton
                  className="btn-error"
                  disabled={actions.busy}
                  label={`Delete ${provider.name}`}
                  onClick={() => run(actions.remove(provider))}
                >
                  Delete
                </RowButton>
              </div>
            </td>
          </tr>
        )}
      />
      <Modal
        open={viewing !== undefined}
        onClose={() => setViewing(undefined)}
        label={viewing?.name ?? 'Provider'}
      >
        {viewing && (
          <ProviderDetail
            provider={viewing}
            actions={actions}
            onClose={() => setViewing(undefined)}
            onChecks={() => {
              setViewing(undefined);
              setChecking(viewing);
            }}
          />
        )}
      </Modal>
      <ProviderChecksModal provider={checking} onClose={() => setChecking(undefined)} />
      {actions.dialog}
      <Modal open={adding} onClose={() => setAdding(false)} label="Add Provider">
        <AddProviderForm onDone={() => setAdding(false)} />
      </Modal>
    </div>
  );
}
