import { useQuery } from '@tanstack/react-query';
import { answer, api, type ApiAnswer } from '../../lib/api-client';
import { formatDay } from '../../lib/calendar-days';
import { checkDefinition, keepsDocuments, LEGAL_FORM_LABELS } from '../../lib/catalog/checks';
import type { ApplicationStatus } from '../../lib/catalog/enquiry-options';
import { formatRand } from '../../lib/format';
import { DetailList } from '../ui/DetailList';
import { applicationChecklistKey, dateTime } from './admin-queries';
import { CheckCard } from './CheckCard';
import { CheckNeedBadge } from './CheckNeedBadge';
import { EvidenceDocuments } from './EvidenceDocuments';
import { QueryResult } from './QueryResult';

type Checklist = ApiAnswer<(typeof api.admin.applications)[':id']['checklist']['$get']>;
type ChecklistItem = Checklist['checks'][number];

/** What approval does with the checks, or did. */
const HAND_OVER: Record<ApplicationStatus, string> = {
  pending:
    'Approving creates the provider with these checks pending: each then waits for review on its Verification screen, with the documents.',
  approved:
    'These checks went to the provider as pending on approval: record them on its Verification screen.',
  rejected: 'Nothing is checked for a rejected application.',
};

/**
 * The application review's checklist: the checks the business would need, what the
 * applicant stated for each and the documents sent, and the consent to the checks.
 */
export function ApplicationChecklist({
  applicationId,
  status,
}: {
  applicationId: number;
  status: ApplicationStatus;
}) {
  const queryKey = applicationChecklistKey(applicationId);
  const checklist = useQuery({
    queryKey,
    queryFn: () =>
      answer(
        api.admin.applications[':id'].checklist.$get({ param: { id: String(applicationId) } }),
      ),
  });

  return (
    <section aria-labelledby={`checklist-${applicationId}`} className="space-y-3">
      <h3 id={`checklist-${applicationId}`} className="text-lg font-bold">
        Verification checks
      </h3>
      <QueryResult
        query={checklist}
        loading="Loading checks..."
        failed="Failed to load the checks."
      >
        {(data) => (
          <>
            <div className="space-y-1 text-sm">
              <p>
                <span className="font-semibold">Business type:</span>{' '}
                {data.legalForm ? LEGAL_FORM_LABELS[data.legalForm] : 'Not stated'}
              </p>
              <p>
                {data.consent
                  ? `Agreed to the checks on ${data.consent.at ? dateTime(data.consent.at) : 'an unknown date'} (wording ${data.consent.version}).`
                  : 'No consent recorded: the application was sent before consent to the checks was asked.'}
              </p>
              <p>{HAND_OVER[status]}</p>
            </div>
            <ul className="space-y-3" aria-label="Checklist">
              {data.checks.map((check) => (
                <CheckCard
                  key={check.type}
                  label={check.label}
                  heading="h4"
                  badges={<CheckNeedBadge required={check.required} />}
                >
                  <StatedFacts check={check} />
                  {keepsDocuments(check.type) ? (
                    <div className="mt-2">
                      <EvidenceDocuments
                        documents={check.documents}
                        label={check.label}
                        queryKey={queryKey}
                        empty="No documents sent."
                      />
                    </div>
                  ) : (
                    <p className="mt-2 text-sm">Only the outcome is kept: no documents.</p>
                  )}
                </CheckCard>
              ))}
            </ul>
          </>
        )}
      </QueryResult>
    </section>
  );
}

/** What the applicant stated for the check, not yet checked by anyone. */
function StatedFacts({ check }: { check: ChecklistItem }) {
  const { stated } = check;
  if (!stated) return null;
  const rows: [string, string][] = [];
  if (stated.reference) {
    rows.push([checkDefinition(check.type).referenceLabel ?? 'Reference', stated.reference]);
  }
  if (stated.insurer) rows.push(['Insurer', stated.insurer]);
  if (stated.coverAmount !== null) rows.push(['Cover', formatRand(stated.coverAmount)]);
  if (stated.validUntil) rows.push(['Expiry', formatDay(stated.validUntil)]);
  return (
    <div className="mt-2 text-sm">
      <p className="text-sm font-semibold">Stated by the applicant</p>
      <div className="mt-1">
        <DetailList rows={rows} compact />
      </div>
    </div>
  );
}
