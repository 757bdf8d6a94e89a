import { ProviderResponses, Time } from './ProviderResponses';
import {
  STATUS_LABELS,
  statusBadgeClass,
  timelineTitle,
  type RequestStatus,
} from './request-status-words';
import { Section } from './Section';

type Copy = RequestStatus['copies'][number];

/** One provider's copy of the request: where it stands, its steps and its responses. */
function CopyProgress({ copy }: { copy: Copy }) {
  const name = copy.provider?.name;
  return (
    <li className="rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold">
          {copy.provider ? (
            <a className="link link-primary" href={`/provider/${copy.provider.id}`}>
              {name}
            </a>
          ) : (
            'A provider no longer listed (our team follows this part of your request)'
          )}
        </h3>
        <span className={`badge ${statusBadgeClass(copy.status)}`}>
          {STATUS_LABELS[copy.status]}
        </span>
      </div>
      <ol className="mt-3 space-y-1 text-sm" aria-label={`Progress${name ? ` with ${name}` : ''}`}>
        {copy.timeline.map((event, index) => (
          <li key={`${event.kind}-${index}`}>
            <span className="font-medium">{timelineTitle(event)}</span> · <Time at={event.at} />
          </li>
        ))}
      </ol>
      {copy.responses.length > 0 && (
        <div className="mt-3 space-y-2">
          <p className="text-sm font-semibold">Responses</p>
          <ProviderResponses responses={copy.responses} compact />
        </div>
      )}
    </li>
  );
}

/**
 * The status page of a request sent to several providers (docs/decisions/0050): each
 * provider's progress side by side on a wide screen, one after the other on a phone.
 * Each provider has a copy of its own, seen, answered and closed on its own.
 */
export function GroupProgress({ request }: { request: RequestStatus }) {
  return (
    <Section title="Your providers">
      <p>
        Your request went to {request.copies.length} providers, each with a copy of its own. None of
        them is told who else you asked.
      </p>
      <ul className="grid gap-3 md:grid-cols-2">
        {request.copies.map((copy) => (
          <CopyProgress key={copy.id} copy={copy} />
        ))}
      </ul>
    </Section>
  );
}
