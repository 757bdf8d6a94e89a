import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { AdminCheck, AdminChecks } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { addDays, formatDay } from '../../lib/calendar-days';
import { serviceName } from '../../lib/catalog/categories';
import { LEGAL_FORM_LABELS, type CheckType } from '../../lib/catalog/checks';
import { formatRand } from '../../lib/format';
import { CHECK_STATUS_LABELS, waitingRenewal } from '../../lib/schemas/check-form';
import { DetailList } from '../ui/DetailList';
import { Modal } from '../ui/Modal';
import { providerChecksKey } from './admin-queries';
import { CheckCard } from './CheckCard';
import { CheckNeedBadge } from './CheckNeedBadge';
import { CheckOutcomeForm } from './CheckOutcomeForm';
import { EvidenceDocuments } from './EvidenceDocuments';
import { QueryResult } from './QueryResult';

type CheckRecord = NonNullable<AdminCheck['record']>;

/** A provider the Verification screen is opened for: from the Providers tab or a queue. */
export interface CheckedProvider {
  id: number;
  name: string;
}

/** The Verification screen in its dialog, open while `provider` is set. */
export function ProviderChecksModal({
  provider,
  onClose,
}: {
  provider: CheckedProvider | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={provider !== undefined}
      onClose={onClose}
      label={provider ? `Verification of ${provider.name}` : 'Verification'}
    >
      {provider && <ProviderChecks provider={provider} />}
    </Modal>
  );
}

/**
 * One provider's Verification screen: its badge as the records make it, then every
 * check that applies to it, required ones first, each with its current record and a
 * form to record a new outcome.
 */
export function ProviderChecks({ provider }: { provider: CheckedProvider }) {
  const checks = useQuery({
    queryKey: providerChecksKey(provider.id),
    queryFn: () =>
      answer(api.admin.providers[':id'].checks.$get({ param: { id: String(provider.id) } })),
  });
  const { data } = checks;
  const id = useId();
  const [editing, setEditing] = useState<CheckType>();
  const toggles = useRef(new Map<CheckType, HTMLButtonElement | null>());
  const closeForm = (type: CheckType) => {
    setEditing(undefined);
    // Back to the button that opened the form, not the top of the dialog.
    window.setTimeout(() => toggles.current.get(type)?.focus());
  };

  return (
    <div className="space-y-4 p-4 sm:p-6">
      <header className="space-y-2 pr-10">
        <p className="text-sm font-semibold tracking-wide uppercase">Verification</p>
        <h2 className="text-xl font-bold break-words">{data?.provider.name ?? provider.name}</h2>
        {data && <BadgeStatus checks={data} />}
      </header>
      <QueryResult query={checks} loading="Loading checks..." failed="Failed to load the checks.">
        {(data) => (
          <ul className="space-y-3" aria-label="Checks">
            {data.checks.map((check) => {
              const open = editing === check.type;
              const formId = `${id}-${check.type}`;
              return (
                <CheckCard
                  key={check.type}
                  label={check.label}
                  heading="h3"
                  badges={
                    <div className="flex flex-wrap gap-1">
                      <CheckNeedBadge required={check.required} />
                      <RecordBadge record={check.record} />
                      {waitingRenewal(check.documents) && (
                        <span className="badge badge-sm badge-warning">Renewal waiting</span>
                      )}
                    </div>
                  }
                >
                  <RecordDetails check={check} />
                  {check.documents.length > 0 && (
                    <div className="mt-3 space-y-2">
                      <h4 className="text-sm font-semibold">Documents</h4>
                      <EvidenceDocuments
                        documents={check.documents}
                        label={check.label}
                        queryKey={providerChecksKey(provider.id)}
                      />
                    </div>
                  )}
                  <div className="mt-3">
                    <button
                      ref={(element) => {
                        toggles.current.set(check.type, element);
                      }}
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-expanded={open}
                      aria-controls={open ? formId : undefined}
                      onClick={() => (open ? closeForm(check.type) : setEditing(check.type))}
                    >
                      {open ? 'Close form' : 'Record outcome'}
                    </button>
                  </div>
                  {open && (
                    <div id={formId} className="mt-3">
                      <CheckOutcomeForm
                        providerId={provider.id}
                        check={check}
                        onDone={() => closeForm(check.type)}
                      />
                    </div>
                  )}
                </CheckCard>
              );
            })}
          </ul>
        )}
      </QueryResult>
    </div>
  );
}

/**
 * The badge as the records make it: verified until the earliest expiry of the required
 * checks; lapsed once one of them expired; otherwise not verified, with how far along.
 */
function BadgeStatus({ checks: { provider, checks } }: { checks: AdminChecks }) {
  const required = checks.filter((check) => check.required);
  const inDate = required.filter(
    ({ record }) => record?.status === 'passed' && !record.expired,
  ).length;
  const expired = required.filter(({ record }) => record?.status === 'passed' && record.expired);
  const facts = `${provider.services.map(serviceName).join(', ')} · ${LEGAL_FORM_LABELS[provider.legalForm]}`;
  return (
    <div className="space-y-1">
      {provider.status === 'verified' && provider.verifiedUntil ? (
        <p>
          <span className="badge badge-success">
            Verified until {formatDay(provider.verifiedUntil)}
          </span>
        </p>
      ) : provider.status === 'lapsed' && provider.verifiedUntil ? (
        <>
          <p>
            <span className="badge badge-error">
              Lapsed since {formatDay(addDays(provider.verifiedUntil, 1))}
            </span>
          </p>
          <p className="text-sm">
            Expired: {expired.map(({ label }) => label).join(', ') || 'a required check'}.
          </p>
        </>
      ) : (
        <p>
          <span className="badge badge-ghost">Not verified</span>
        </p>
      )}
      <p className="text-sm">
        {inDate} of {required.length} required checks passed and in date.
      </p>
      <p className="text-sm">{facts}</p>
    </div>
  );
}

const RECORD_BADGE: Record<CheckRecord['status'], string> = {
  pending: 'badge-warning',
  passed: 'badge-success',
  failed: 'badge-error',
  not_applicable: 'badge-ghost',
};

function RecordBadge({ record }: { record: AdminCheck['record'] }) {
  if (!record) return <span className="badge badge-sm badge-ghost">No record</span>;
  if (record.status === 'passed' && record.expired) {
    return <span className="badge badge-sm badge-error">Expired</span>;
  }
  return (
    <span className={`badge badge-sm ${RECORD_BADGE[record.status]}`}>
      {CHECK_STATUS_LABELS[record.status]}
    </span>
  );
}

/** The current record: what an admin saw, when, until when, and the notes. */
function RecordDetails({ check }: { check: AdminCheck }) {
  const { record } = check;
  if (!record) return <p className="mt-2 text-sm">Not checked yet.</p>;
  const rows: [string, string][] = [];
  if (record.reference) rows.push([check.referenceLabel ?? 'Reference', record.reference]);
  if (record.insurer) rows.push(['Insurer', record.insurer]);
  if (record.coverAmount !== null) rows.push(['Cover', formatRand(record.coverAmount)]);
  if (record.checkedOn) {
    rows.push([
      'Checked',
      `${formatDay(record.checkedOn)}${record.checkedBy ? ` by ${record.checkedBy}` : ''}`,
    ]);
  }
  if (record.validUntil) {
    rows.push([
      // A pending record's expiry is the one the application stated, not yet checked.
      record.status === 'pending' ? 'Stated expiry' : 'Valid until',
      `${formatDay(record.validUntil)}${record.expired ? ' (expired)' : ''}`,
    ]);
  }
  if (record.notes) rows.push(['Notes', record.notes]);
  if (rows.length === 0) return <p className="mt-2 text-sm">No details recorded.</p>;
  return (
    <div className="mt-2">
      <DetailList rows={rows} compact preserveLines />
    </div>
  );
}
