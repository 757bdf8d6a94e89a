import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Application } from '../../lib/api-answers';
import { answer, answerPage, api } from '../../lib/api-client';
import { APPLICATION_ACTIONS } from '../../lib/application-actions';
import { serviceName } from '../../lib/catalog/categories';
import type { ApplicationStatus } from '../../lib/catalog/enquiry-options';
import { provinceName } from '../../lib/catalog/provinces';
import { refreshQueries } from '../../lib/refresh-queries';
import { DEFAULT_RESET_NOTE } from '../../lib/schemas/admin';
import { toast } from '../../lib/toast';
import { useConfirm } from '../ui/ConfirmDialog';
import { DetailList } from '../ui/DetailList';
import { Modal } from '../ui/Modal';
import { TextAreaField } from '../ui/TextAreaField';
import { dateTime, toastFailure } from './admin-queries';
import { ApplicationChecklist } from './ApplicationChecklist';
import { BusinessCells } from './BusinessCells';
import { PagedTable } from './QueryResult';
import { useAdminPage } from './use-admin-page';

const STATUS_BADGE: Record<ApplicationStatus, string> = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
};

/**
 * Anyone can type a stranger's address into the join form: until the applicant opens the
 * link mailed to it, the admins see the application marked, and a rejection mails nobody
 * (docs/decisions/0046).
 */
const UNCONFIRMED = 'E-mail not confirmed';

function Detail({ application, onClose }: { application: Application; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(application.adminNotes ?? '');
  const refresh = () =>
    refreshQueries(queryClient, ['/api/admin/applications'], ['/api/admin/stats']);

  const review = useMutation({
    mutationFn: (status: 'rejected' | 'pending') =>
      answer(
        api.admin.applications[':id'].review.$put({
          param: { id: String(application.id) },
          json: {
            status,
            adminNotes: status === 'pending' ? notes.trim() || DEFAULT_RESET_NOTE : notes,
          },
        }),
      ),
    onSuccess: async () => {
      toast({
        title: 'Application Updated',
        description: `${application.businessName} was updated.`,
      });
      await refresh();
      onClose();
    },
    onError: (error) => toastFailure('Update Failed', error, 'Failed to update application'),
  });
  const approve = useMutation({
    mutationFn: () =>
      answer(
        api.admin.applications[':id'].approve.$post({ param: { id: String(application.id) } }),
      ),
    onSuccess: async () => {
      toast({
        title: 'Application Approved',
        description: `${application.businessName} is now a listed provider.`,
      });
      await refresh();
      onClose();
    },
    onError: (error) => toastFailure('Approval Failed', error, 'Failed to approve application'),
  });

  const rows: [string, React.ReactNode][] = [
    ['Contact person', application.contactName],
    [
      'Email',
      <span key="e">
        <a className="link" href={`mailto:${application.email}`}>
          {application.email}
        </a>
        {application.emailConfirmedAt === null && ` (${UNCONFIRMED.toLowerCase()})`}
      </span>,
    ],
    ['Phone', application.phone],
    ['Location', `${application.location}, ${provinceName(application.province)}`],
    ['Physical address', application.physicalAddress],
    ['Years of experience', application.yearsExperience],
    ['Services offered', application.services.map(serviceName).join(', ')],
    ['Business license', application.businessLicense ?? 'Not provided'],
    // The join form asks for the insurer, cover and expiry now (the checklist below shows
    // them); older applications carry the free-text answer.
    ...(application.insurance
      ? ([['Insurance', application.insurance]] as [string, React.ReactNode][])
      : []),
    ['Business description', application.description ?? 'Not provided'],
    ['Previous work and references', application.previousWork ?? 'Not provided'],
    [
      'Website',
      application.website ? (
        <a
          key="w"
          className="link break-all"
          href={application.website}
          target="_blank"
          rel="noopener noreferrer"
        >
          {application.website}
        </a>
      ) : (
        'Not provided'
      ),
    ],
    ['Submitted', dateTime(application.createdAt)],
  ];
  const actions = APPLICATION_ACTIONS[application.status];
  const busy = review.isPending || approve.isPending;
  // Every decision asks first: each mails the applicant or changes the public list.
  const { confirm, dialog } = useConfirm();
  const name = application.businessName;
  const ask = async (question: Parameters<typeof confirm>[0], act: () => void): Promise<void> => {
    if (await confirm(question)) act();
  };
  const askApprove = () =>
    ask(
      {
        title: `Approve the application of ${name}?`,
        body: (
          <p>
            {name} is listed on the site as a provider, and {application.email} is e-mailed a link
            to choose a password for the provider dashboard.
          </p>
        ),
        confirmLabel: 'Approve',
      },
      () => approve.mutate(),
    );
  const askReject = () =>
    ask(
      {
        title: `Reject the application of ${name}?`,
        body: (
          <p>
            {application.contactName} is e-mailed at {application.email} that the application is not
            approved
            {notes.trim() ? ', with your admin notes' : ''}.
          </p>
        ),
        confirmLabel: 'Reject',
        tone: 'danger',
      },
      () => review.mutate('rejected'),
    );
  const askReset = () =>
    ask(
      {
        title: `Reset the application of ${name} to pending?`,
        body: (
          <p>
            {application.status === 'approved'
              ? `${name} is taken off the public list until the application is approved again.`
              : 'The application goes back to pending for another review.'}
          </p>
        ),
        confirmLabel: 'Reset to Pending',
        tone: application.status === 'approved' ? 'danger' : 'primary',
      },
      () => review.mutate('pending'),
    );

  return (
    <div className="space-y-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3 pr-10">
        <h2 className="text-xl font-bold">{application.businessName}</h2>
        <span className={`badge ${STATUS_BADGE[application.status]}`}>{application.status}</span>
      </div>
      {application.profileImage && (
        <img
          src={application.profileImage}
          alt={`${application.businessName} profile`}
          className="h-24 w-24 rounded-box object-cover"
        />
      )}
      <DetailList rows={rows} />
      <ApplicationChecklist applicationId={application.id} status={application.status} />
      <TextAreaField
        id="admin-notes"
        label="Admin notes"
        rows={3}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        maxLength={2000}
      />
      {application.emailConfirmedAt === null && application.status === 'pending' && (
        <p className="text-sm">
          The applicant has not opened the link mailed to this address, so it may not be theirs. A
          rejection mails nobody; an approval mails the password link to this address.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {actions.includes('approve') && (
          <button
            type="button"
            className="btn btn-success"
            disabled={busy}
            onClick={() => void askApprove()}
          >
            {approve.isPending ? 'Approving...' : 'Approve'}
          </button>
        )}
        {actions.includes('reject') && (
          <button
            type="button"
            className="btn btn-error"
            disabled={busy}
            onClick={() => void askReject()}
          >
            Reject
          </button>
        )}
        {actions.includes('reset') && (
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => void askReset()}
          >
            Reset to Pending
          </button>
        )}
      </div>
      {dialog}
    </div>
  );
}

export function ApplicationsTab() {
  const list = useAdminPage(['/api/admin/applications'], (query) =>
    answerPage(api.admin.applications.$get({ query })),
  );
  const [open, setOpen] = useState<Application>();

  return (
    <div className="space-y-4">
      <PagedTable
        list={list}
        label="Applications"
        columns={['Business', 'Contact', 'Location', 'Services', 'Status', 'Submitted']}
        row={(application) => (
          <tr key={application.id}>
            <BusinessCells
              name={application.businessName}
              contact={application.contactName}
              business={application}
            />
            <td>
              <span className={`badge ${STATUS_BADGE[application.status]}`}>
                {application.status}
              </span>
              {application.emailConfirmedAt === null && (
                <div className="mt-1 text-xs whitespace-nowrap">{UNCONFIRMED}</div>
              )}
            </td>
            <td className="whitespace-nowrap text-sm">{dateTime(application.createdAt)}</td>
            <td>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => setOpen(application)}
                aria-label={`View ${application.businessName}`}
              >
                View
              </button>
            </td>
          </tr>
        )}
      />
      <Modal
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        label={open?.businessName ?? 'Application'}
      >
        {open && <Detail application={open} onClose={() => setOpen(undefined)} />}
      </Modal>
    </div>
  );
}
