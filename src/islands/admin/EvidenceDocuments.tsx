import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AdminCheck } from '../../lib/api-answers';
import { formatDay } from '../../lib/calendar-days';
import { refreshQueries } from '../../lib/refresh-queries';
import { MB } from '../../lib/uploads';
import { dateTime } from './admin-queries';

/** An evidence document as the admin API lists it (a check's or an application's). */
export type EvidenceDocument = AdminCheck['documents'][number];

const UPLOADED_BY: Record<string, string> = {
  applicant: 'Applicant',
  provider: 'Provider',
  admin: 'Admin',
};

const FILE_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/**
 * The new expiry and reference a provider states with a renewal, until an admin records
 * an outcome for the check.
 */
function renewalLine({ reviewStatus, statedValidUntil, statedReference }: EvidenceDocument) {
  if (reviewStatus !== 'waiting' || (!statedValidUntil && !statedReference)) return undefined;
  const facts = [
    statedValidUntil && `new expiry ${formatDay(statedValidUntil)}`,
    statedReference && `reference ${statedReference}`,
  ].filter(Boolean);
  return `Renewal waiting for review: ${facts.join(', ')}`;
}

/**
 * A check's evidence documents, newest first: what each file is, who sent it and when,
 * a link that opens it (private: the server logs the view, then shows the file for a few
 * minutes), and who opened it so far.
 */
export function EvidenceDocuments({
  documents,
  label,
  queryKey,
  empty = 'No documents.',
}: {
  documents: readonly EvidenceDocument[];
  /** The check's label: names the list for screen readers. */
  label: string;
  /** The query that lists these documents, fetched again after one is opened. */
  queryKey: QueryKey;
  /** What shows when there are none. */
  empty?: string;
}) {
  const queryClient = useQueryClient();
  // The new tab asks the server for the document only after this click has run: the view
  // is logged then, so the list is fetched again a moment later, not at once.
  const refreshViews = () =>
    window.setTimeout(() => void refreshQueries(queryClient, queryKey), 1000);

  if (documents.length === 0) return <p className="text-sm">{empty}</p>;
  return (
    <ul className="space-y-2" aria-label={`Documents for ${label}`}>
      {documents.map((document) => {
        const renewal = renewalLine(document);
        return (
          <li
            key={document.id}
            className="rounded-box border border-base-300 bg-base-200 p-3 text-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{document.fileName}</p>
                <p>
                  {FILE_TYPES[document.contentType] ?? document.contentType} ·{' '}
                  {fileSize(document.size)} ·{' '}
                  {UPLOADED_BY[document.uploadedBy] ?? document.uploadedBy},{' '}
                  {dateTime(document.uploadedAt)}
                </p>
              </div>
              <a
                className="btn btn-sm btn-outline"
                href={`/api/admin/documents/${document.id}`}
                target="_blank"
                rel="noopener noreferrer"
                onClick={refreshViews}
              >
                View<span className="sr-only"> {document.fileName} (opens in a new tab)</span>
              </a>
            </div>
            {renewal && <p className="mt-1 font-semibold">{renewal}</p>}
            <ViewLog document={document} />
          </li>
        );
      })}
    </ul>
  );
}

/** Who opened the document: the count, the last admin, and the latest few on request. */
function ViewLog({ document: { views, viewCount } }: { document: EvidenceDocument }) {
  const [last] = views;
  if (viewCount === 0 || !last) return <p className="mt-1">Not viewed yet.</p>;
  const summary = `Viewed ${viewCount} ${viewCount === 1 ? 'time' : 'times'} · last by ${last.admin}, ${dateTime(last.viewedAt)}`;
  if (viewCount === 1) return <p className="mt-1">{summary}</p>;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer">{summary}</summary>
      <ul className="mt-1 list-inside list-disc" aria-label="Latest views">
        {views.map((view, index) => (
          <li key={index}>
            {view.admin}, {dateTime(view.viewedAt)}
          </li>
        ))}
      </ul>
    </details>
  );
}
