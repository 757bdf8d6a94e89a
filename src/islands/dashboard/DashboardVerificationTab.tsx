import { useId, useRef, useState } from 'react';
import type { OwnChecks } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { daysBetween, formatDay, saToday } from '../../lib/calendar-days';
import { renewsByCertificate, type CheckType } from '../../lib/catalog/checks';
import { CompanyEmail } from '../ui/CompanyEmail';
import { DashboardCard } from './DashboardCard';
import { RenewalForm } from './RenewalForm';
import { useSignedInQuery } from './session';

const CHECKS_KEY = ['/api/provider/checks'] as const;

/** Days a pass has left before a renewal is worth a warning (the reminders' first mail). */
const RENEW_WITHIN_DAYS = 30;

const VERIFICATION_SUMMARY: Record<OwnChecks['status'], string> = {
  verified:
    'Your profile shows the Verified badge: every required check has passed and is in date.',
  unverified: 'Your profile does not show the Verified badge yet: a required check has not passed.',
  lapsed: 'Your Verified badge has lapsed: a required check has expired.',
};

type OwnCheck = OwnChecks['checks'][number];
type WaitingRenewal = OwnChecks['renewals'][number];

/** South African day of an instant (a renewal's submittedAt), as the page writes days. */
const dayOf = (instant: string) => formatDay(saToday(new Date(instant)));

/** What counts meanwhile: the current record, until its own expiry. */
function untilReviewed(check: OwnCheck): string {
  if (check.status === 'passed' && check.validUntil) {
    return `Until it is reviewed, your current record counts until it expires on ${formatDay(check.validUntil)}.`;
  }
  if (check.status === 'expired') {
    return 'Until it is reviewed, the check shows as expired.';
  }
  return 'The check counts once our verification team has reviewed it.';
}

/**
 * A renewal the provider sent that waits for an admin. The badge follows the current
 * record meanwhile: a pass still in date counts until it expires (submit-renewal.ts).
 */
function WaitingRenewalNote({ check, renewal }: { check: OwnCheck; renewal: WaitingRenewal }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-200 p-3 text-sm">
      <p className="font-medium">
        Renewed certificate sent on {dayOf(renewal.submittedAt)}: waiting for review
        {renewal.validUntil && ` (new expiry ${formatDay(renewal.validUntil)})`}.
      </p>
      <p>{untilReviewed(check)}</p>
    </div>
  );
}

function CheckLine({
  check,
  renewals,
  today,
  open,
  onToggle,
  toggleRef,
}: {
  check: OwnCheck;
  renewals: readonly WaitingRenewal[];
  today: string;
  /** Whether its renewal form is open; undefined when the check takes no documents. */
  open: boolean | undefined;
  onToggle: () => void;
  toggleRef: (element: HTMLButtonElement | null) => void;
}) {
  const formId = `${useId()}-renewal`;
  const daysLeft = check.validUntil ? daysBetween(today, check.validUntil) : undefined;
  const renewSoon =
    check.status === 'passed' && daysLeft !== undefined && daysLeft <= RENEW_WITHIN_DAYS;
  return (
    <li
      aria-label={check.label}
      className="flex flex-col gap-1 border-b border-base-300 py-3 last:border-b-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {check.label}
          {!check.required && <span className="ml-2 text-sm font-normal">(optional)</span>}
        </span>
        <span
          className={`badge ${
            check.status === 'passed'
              ? renewSoon
                ? 'badge-warning'
                : 'badge-success'
              : check.status === 'expired'
                ? 'badge-error'
                : 'badge-neutral'
          }`}
        >
          {check.status === 'passed'
            ? renewSoon
              ? `Expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`
              : 'Passed'
            : check.status === 'expired'
              ? 'Expired'
              : 'Not yet confirmed'}
        </span>
      </div>
      {check.checkedAt && check.validUntil && (
        <p className="text-sm">
          {check.status === 'expired'
            ? `Expired on ${formatDay(check.validUntil)}`
            : `Checked ${formatDay(check.checkedAt)} · valid until ${formatDay(check.validUntil)}`}
        </p>
      )}
      {renewals.map((renewal) => (
        <WaitingRenewalNote
          key={`${renewal.submittedAt}-${renewal.fileName}`}
          check={check}
          renewal={renewal}
        />
      ))}
      {open !== undefined && (
        <div className="mt-1">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-sm btn-outline"
            aria-expanded={open}
            aria-controls={open ? formId : undefined}
            onClick={onToggle}
          >
            {open ? 'Close form' : 'Upload a renewed certificate'}
          </button>
          {open && (
            <div id={formId} className="mt-3">
              <RenewalForm type={check.type} checksKey={CHECKS_KEY} onDone={onToggle} />
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The provider's own checks with their expiry, renewals waiting for review, and a form
 * to send a renewed certificate for each check that keeps documents.
 */
export function DashboardVerificationTab() {
  const { data, isPending, isError } = useSignedInQuery(CHECKS_KEY, () =>
    answer(api.provider.checks.$get()),
  );
  const [renewing, setRenewing] = useState<CheckType>();
  const toggles = useRef(new Map<CheckType, HTMLButtonElement | null>());
  const toggle = (type: CheckType) => {
    if (renewing !== type) {
      setRenewing(type);
      return;
    }
    setRenewing(undefined);
    // Back to the button that opened the form, not the top of the page.
    window.setTimeout(() => toggles.current.get(type)?.focus());
  };
  if (isPending) {
    return (
      <p className="py-6" role="status">
        Loading your checks...
      </p>
    );
  }
  if (isError) {
    return (
      <p className="py-6 text-error" role="alert">
        Your checks could not be loaded. Please try again.
      </p>
    );
  }
  const today = saToday();
  return (
    <DashboardCard title="Verification checks" headingId="checks-title">
      <p>{VERIFICATION_SUMMARY[data.status]}</p>
      <ul aria-label="Checks">
        {data.checks.map((check) => (
          <CheckLine
            key={check.type}
            check={check}
            renewals={data.renewals.filter((renewal) => renewal.type === check.type)}
            today={today}
            open={renewsByCertificate(check.type) ? renewing === check.type : undefined}
            onToggle={() => toggle(check.type)}
            toggleRef={(element) => {
              toggles.current.set(check.type, element);
            }}
          />
        ))}
      </ul>
      <p className="text-sm">
        We e-mail you 30 and 7 days before a required check expires. To renew a check, upload its
        renewed certificate above: our verification team reviews it, and the current check keeps
        counting until its last valid day. Identity, references and the criminal record check need
        no upload: our team does them again. Questions? Write to <CompanyEmail />.
      </p>
    </DashboardCard>
  );
}
