import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { VerificationQueueRow } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { daysBetween, formatDay, saToday } from '../../lib/calendar-days';
import { VERIFICATION_QUEUE_LIMIT, type VerificationQueue } from '../../lib/schemas/verification';
import { Tabs } from '../ui/Tabs';
import { ADMIN_KEYS, dateTime } from './admin-queries';
import { AdminTable } from './AdminTable';
import { ProviderChecksModal, type CheckedProvider } from './ProviderChecks';

const QUEUES: {
  id: VerificationQueue;
  label: string;
  empty: string;
  dayColumn: string;
}[] = [
  {
    id: 'expiring',
    label: 'Expiring in 30 days',
    empty: 'No passed check expires in the next 30 days.',
    dayColumn: 'Valid until',
  },
  {
    id: 'expired',
    label: 'Expired',
    empty: 'No passed check has expired.',
    dayColumn: 'Valid until',
  },
  {
    id: 'waiting',
    label: 'Waiting for review',
    empty: 'No check is waiting for review.',
    dayColumn: 'Waiting since',
  },
];

/** How far the day is from today, in words: "in 10 days", "today", "3 days ago". */
function fromToday(day: string, today: string): string {
  const days = daysBetween(today, day);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

function QueueDay({ queue, row }: { queue: VerificationQueue; row: VerificationQueueRow }) {
  if (queue === 'waiting') return <>{dateTime(row.updatedAt)}</>;
  if (!row.validUntil) return <>—</>;
  return (
    <>
      <div className="whitespace-nowrap">{formatDay(row.validUntil)}</div>
      <div className="text-sm">{fromToday(row.validUntil, saToday())}</div>
    </>
  );
}

/** A queue's length for its tab: at most VERIFICATION_QUEUE_LIMIT rows come, so a full one may hold more. */
const queueCount = (rows: VerificationQueueRow[]) =>
  rows.length >= VERIFICATION_QUEUE_LIMIT ? `${VERIFICATION_QUEUE_LIMIT}+` : String(rows.length);

function QueuePanel({
  queue,
  result,
  onOpen,
}: {
  queue: (typeof QUEUES)[number];
  result: UseQueryResult<VerificationQueueRow[]> | undefined;
  onOpen: (provider: CheckedProvider) => void;
}) {
  if (!result || result.isPending) return <p role="status">Loading the queue...</p>;
  if (result.isError) {
    return (
      <p role="alert" className="text-error">
        Failed to load the queue.
      </p>
    );
  }
  if (result.data.length === 0) return <p>{queue.empty}</p>;
  return (
    <AdminTable columns={['Provider', 'Check', queue.dayColumn]} actions={false}>
      {result.data.map((row) => (
        <tr key={`${row.providerId}-${row.type}`}>
          <td>
            {/* The name opens the screen: no column of buttons to scroll to on a phone. */}
            <button
              type="button"
              className="link text-left font-semibold"
              aria-label={`Open ${row.label} of ${row.providerName}`}
              onClick={() => onOpen({ id: row.providerId, name: row.providerName })}
            >
              {row.providerName}
            </button>
          </td>
          <td>{row.label}</td>
          <td>
            <QueueDay queue={queue.id} row={row} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * The verification work lists: passes that expire within 30 days,
 * passes that have expired, and checks waiting for review, the oldest deadline first.
 * Each row opens its provider's Verification screen.
 */
export function VerificationTab() {
  const queues = useQueries({
    queries: QUEUES.map(({ id }) => ({
      queryKey: [...ADMIN_KEYS.verification, id],
      queryFn: () => answer(api.admin.verification.$get({ query: { queue: id } })),
    })),
  });
  const [checking, setChecking] = useState<CheckedProvider>();

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Verification</h2>
        <p className="text-sm">
          The checks behind the Verified badge that need an admin: renew a pass before it expires,
          follow up an expired one, decide a pending one.
        </p>
      </div>
      <Tabs
        label="Verification queues"
        tabs={QUEUES.map((queue, index) => {
          const result = queues[index];
          return {
            id: queue.id,
            label: `${queue.label}${result?.data ? ` (${queueCount(result.data)})` : ''}`,
            content: <QueuePanel queue={queue} result={result} onOpen={setChecking} />,
          };
        })}
      />
      <ProviderChecksModal provider={checking} onClose={() => setChecking(undefined)} />
    </div>
  );
}
