import { formatSaDateTime, type RequestStatus } from './request-status-words';

/** A moment of the request, in South African time. */
export function Time({ at }: { at: string }) {
  return <time dateTime={at}>{formatSaDateTime(at)}</time>;
}

/**
 * What a provider responded, newest last, each with its time; `compact` in a provider's
 * column of a request sent to several.
 */
export function ProviderResponses({
  responses,
  compact = false,
}: {
  responses: RequestStatus['responses'];
  compact?: boolean;
}) {
  return (
    <ol className={compact ? 'space-y-2' : 'space-y-3'}>
      {responses.map((response, index) => (
        <li
          key={`${response.at}-${index}`}
          className={`rounded-box bg-base-200 ${compact ? 'p-3' : 'p-4'}`}
        >
          <p className="break-words whitespace-pre-line">{response.text}</p>
          <p className={`${compact ? 'mt-1' : 'mt-2'} text-sm`}>
            <Time at={response.at} />
          </p>
        </li>
      ))}
    </ol>
  );
}
