import { useId } from 'react';
import type { PublicCheck, PublicVerification } from '../../lib/api-answers';
import {
  checkDefinition,
  PSIRA_VERIFICATION_HINT,
  PSIRA_VERIFICATION_URL,
} from '../../lib/catalog/checks';
import { LoadingSkeleton } from '../ui/LoadFailure';
import { CHECK_STATUS_WORDS, checkDates, verificationSummary } from './verification-words';

const STATUS_BADGE: Record<PublicCheck['status'], string> = {
  passed: 'badge-success',
  expired: 'badge-error',
  pending: 'badge-ghost',
};

const SUMMARY_TONE: Record<PublicVerification['status'], string> = {
  verified: 'border-success bg-success/10',
  lapsed: 'border-error bg-error/10',
  unverified: 'border-base-300 bg-base-200',
};

/**
 * The PSIRA number with a way to confirm it on PSIRA's own site: the one piece of the
 * evidence a customer can check for themselves.
 */
function PsiraReference({ reference }: { reference: string }) {
  return (
    <div className="mt-1 space-y-1 text-sm">
      <p>
        {checkDefinition('psira').referenceLabel}:{' '}
        <span className="font-mono font-semibold">{reference}</span>
      </p>
      <p>
        <a
          className="link link-primary font-medium"
          href={PSIRA_VERIFICATION_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          Confirm this number on PSIRA&apos;s website
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <p>There, choose {PSIRA_VERIFICATION_HINT}, and enter the number.</p>
    </div>
  );
}

function CheckRow({ check }: { check: PublicCheck }) {
  const dates = checkDates(check);
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <p className="font-medium">
          {check.label}
          {!check.required && <span className="ml-2 text-sm font-normal">(optional)</span>}
        </p>
        <span className={`badge shrink-0 ${STATUS_BADGE[check.status]}`}>
          {CHECK_STATUS_WORDS[check.status]}
        </span>
      </div>
      {dates && <p className="text-sm">{dates}</p>}
      {check.type === 'psira' && check.reference && <PsiraReference reference={check.reference} />}
    </li>
  );
}

export interface VerificationSectionProps {
  /** The API's answer; undefined while it loads (or when it failed). */
  verification: PublicVerification | undefined;
  error?: Error | null | undefined;
  onRetry?: () => void;
  /** h2 on the provider page, h3 in the modal (under the provider's name). */
  headingLevel: 2 | 3;
}

/**
 * A provider's Verification section, on the provider page and in the provider modal:
 * the overall status in plain words, then every check with its status and dates. It is
 * drawn from the API's answer only, never from data of the build: a check may have
 * expired since.
 */
export function VerificationSection({
  verification,
  error,
  onRetry,
  headingLevel,
}: VerificationSectionProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
      data-testid="verification-section"
    >
      <Heading id={headingId} className="text-lg font-semibold">
        Verification
      </Heading>
      {verification ? (
        <Verification verification={verification} />
      ) : error ? (
        <div role="alert" className="mt-2 text-sm">
          <p className="font-semibold">This provider&apos;s checks could not be loaded.</p>
          <p className="mt-1">{error.message}</p>
          {onRetry && (
            <button type="button" className="btn btn-outline btn-sm mt-3" onClick={onRetry}>
              Try again
            </button>
          )}
        </div>
      ) : (
        <LoadingSkeleton
          label="Loading the provider's checks"
          className="mt-3 space-y-3"
          bars={['h-12 w-full', 'h-5 w-3/4', 'h-5 w-2/3', 'h-5 w-3/4']}
        />
      )}
      <p className="mt-3 text-sm">
        <a className="link link-primary font-medium" href="/verification">
          How we check providers
        </a>
      </p>
    </section>
  );
}

function Verification({ verification }: { verification: PublicVerification }) {
  const summary = verificationSummary(verification);
  return (
    <>
      <div
        className={`mt-3 rounded-box border-l-4 px-3 py-2 ${SUMMARY_TONE[verification.status]}`}
        data-testid="verification-status"
      >
        <p className="font-semibold">{summary.title}</p>
        <p className="text-sm">{summary.detail}</p>
      </div>
      <ul className="mt-1 divide-y divide-base-300" aria-label="Checks">
        {verification.checks.map((check) => (
          <CheckRow key={check.type} check={check} />
        ))}
      </ul>
    </>
  );
}
