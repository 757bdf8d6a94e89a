import { useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../lib/api-client';
import type { OwnChecks } from '../../lib/api-answers';
import { daysBetween, formatDay, saToday } from '../../lib/calendar-days';
import { readSignedIn } from './session';

const CHECKS_KEY = ['/api/provider/checks'] as const;

/** Days a pass has left before a renewal is worth a warning (the reminders' first mail). */
const RENEW_WITHIN_DAYS = 30;

const VERIFICATION_SUMMARY: Record<OwnChecks['status'], string> = {
  verified:
    'Your profile shows the Verified badge: every required check has passed and is in date.',
  unverified: 'Your profile does not show the Verified badge yet: a required check has not passed.',
  lapsed: 'Your Verified badge has lapsed: a required check has expired.',
};

function CheckLine({ check, today }: { check: OwnChecks['checks'][number]; today: string }) {
  const daysLeft = check.validUntil ? daysBetween(today, check.validUntil) : undefined;
  const renewSoon =
    check.status === 'passed' && daysLeft !== undefined && daysLeft <= RENEW_WITHIN_DAYS;
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 py-3 last:border-b-0">
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
    </li>
  );
}

/** The provider's own checks with their expiry, and how to renew one. */
export function DashboardVerificationTab() {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({
    queryKey: CHECKS_KEY,
    queryFn: () => readSignedIn(queryClient, answer(api.provider.checks.$get())),
  });
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
    <section
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="checks-title"
    >
      <div className="card-body gap-3">
        <h2 id="checks-title" className="text-lg font-semibold">
          Verification checks
        </h2>
        <p>{VERIFICATION_SUMMARY[data.status]}</p>
        <ul>
          {data.checks.map((check) => (
            <CheckLine key={check.type} check={check} today={today} />
          ))}
        </ul>
        <p className="text-sm">
          We e-mail you 30 and 7 days before a required check expires. To renew one, reply to that
          e-mail with the renewed document, or write to{' '}
          <a className="link" href="mailto:verification@verifiedproviders.co.za">
            verification@verifiedproviders.co.za
          </a>
          . The current check keeps counting until its last valid day.
        </p>
      </div>
    </section>
  );
}
