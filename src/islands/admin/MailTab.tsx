import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ListedMail } from '../../lib/api-answers';
import { answer, answerPage, api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';
import {
  canResendMail,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  mailStatusLabel,
  WRITTEN_TO_FILE,
  type MailStatus,
} from '../../lib/schemas/admin-mail';
import { toast } from '../../lib/toast';
import { SelectField } from '../ui/SelectField';
import { ADMIN_KEYS, dateTime, toastFailure } from './admin-queries';
import { PagedTable } from './QueryResult';
import { RowButton } from './RowButton';
import { useAdminPage } from './use-admin-page';

const STATUS_BADGE: Record<MailStatus, string> = {
  queued: 'badge-warning',
  sending: 'badge-info',
  sent: 'badge-success',
  failed: 'badge-error',
  cancelled: 'badge-ghost',
};

const TOTALS_KEY = [...ADMIN_KEYS.mail, 'totals'] as const;

const SOON_AFTER_RESEND_MS = 2000;

const onItsWay = (mail: ListedMail[]) =>
  mail.some((m) => m.status === 'queued' || m.status === 'sending');

/**
 * Mail: what the outbox sent, is sending and failed to send, newest
 * first; a failed or sent mail can be sent again. Never the text: it may hold a link that
 * signs someone in. Mail only written to the outbox folder reads "Written to file".
 */
export function MailTab() {
  const id = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  // While mail on the page is on its way, the page and the counts follow its status.
  const list = useAdminPage(
    ADMIN_KEYS.mail,
    (query) => answerPage(api.admin.mail.$get({ query })),
    { status },
    { refreshWhile: onItsWay },
  );
  const { data } = list;
  const totals = useQuery({
    queryKey: TOTALS_KEY,
    queryFn: () => answer(api.admin.mail.totals.$get()),
    refetchInterval: data && onItsWay(data.items) ? 10_000 : false,
  });

  const resend = useMutation({
    mutationFn: (mail: ListedMail) =>
      answer(api.admin.mail[':id'].resend.$post({ param: { id: String(mail.id) } })),
    onSuccess: async (copy) => {
      toast({ title: 'Mail Queued', description: `The mail to ${copy.to} will be sent again.` });
      await refreshQueries(queryClient, ADMIN_KEYS.mail);
      // The server sends at once after the change: look again shortly to show it sent.
      window.setTimeout(
        () => void refreshQueries(queryClient, ADMIN_KEYS.mail),
        SOON_AFTER_RESEND_MS,
      );
    },
    onError: (error) => toastFailure('Resend Failed', error, 'Failed to resend the mail'),
  });

  const count = (s: MailStatus) => totals.data?.[s];
  // "Sent" in the filter holds the mail written to files too: it says so when there is any.
  const optionLabel = (s: MailStatus) =>
    s === 'sent' && (totals.data?.writtenToFile ?? 0) > 0
      ? `${MAIL_STATUS_LABELS.sent} or ${WRITTEN_TO_FILE.toLowerCase()}`
      : MAIL_STATUS_LABELS[s];
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Mail</h2>
        <p className="text-sm">
          Every e-mail the site sends, newest first. Mail that fails is tried again for a day, then
          marked failed here; resend it once the address or the mail server is fixed.
        </p>
        {totals.data?.mailServer === false && (
          <p className="alert alert-warning mt-3 text-sm" role="note">
            No mail server is configured (SMTP_URL), so mail is written to files in the
            server&apos;s outbox folder and reaches no one. Such mail reads &ldquo;{WRITTEN_TO_FILE}
            &rdquo; here.
          </p>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          id={`${id}-status`}
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">All mail</option>
          {MAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {optionLabel(s)}
              {count(s) === undefined ? '' : ` (${count(s)?.toLocaleString('en-ZA')})`}
            </option>
          ))}
        </SelectField>
      </div>
      {(count('failed') ?? 0) > 0 && (
        <p className="text-sm" role="status">
          <span className="badge badge-error badge-sm mr-2">{count('failed')} failed</span>
          {status === 'failed' ? null : (
            <button type="button" className="link" onClick={() => setStatus('failed')}>
              Show failed mail
            </button>
          )}
        </p>
      )}
      <PagedTable
        list={list}
        label="Mail"
        columns={[
          'To',
          'Subject',
          'Status',
          'Attempts',
          'Last error',
          'Created',
          optionLabel('sent'),
        ]}
        row={(mail) => (
          <tr key={mail.id}>
            {/* Wide enough to read on a phone: the table scrolls sideways instead. */}
            <td className="min-w-48 break-all">{mail.to}</td>
            <td className="min-w-48">{mail.subject}</td>
            <td>
              <span
                className={`badge badge-sm whitespace-nowrap ${mail.status === 'sent' && mail.sentVia === 'file' ? 'badge-ghost' : STATUS_BADGE[mail.status]}`}
              >
                {mailStatusLabel(mail)}
              </span>
            </td>
            <td>{mail.attempts}</td>
            <td className="max-w-xs text-sm break-words">{mail.lastError ?? '—'}</td>
            <td className="whitespace-nowrap text-sm">{dateTime(mail.createdAt)}</td>
            <td className="whitespace-nowrap text-sm">
              {mail.sentAt ? dateTime(mail.sentAt) : '—'}
            </td>
            <td>
              {canResendMail(mail.status) && (
                <RowButton
                  disabled={resend.isPending}
                  label={`Resend ${mail.subject} to ${mail.to}`}
                  onClick={() => resend.mutate(mail)}
                >
                  Resend
                </RowButton>
              )}
            </td>
          </tr>
        )}
      />
    </div>
  );
}
