import { formatSaDateTime } from './request-status-words';

/** A message of a request's conversation, as every side's API answers it. */
export interface ThreadMessage {
  id: number;
  author: 'customer' | 'provider';
  text: string;
  at: string;
  /** The provider the message was written with (the customer's and the desk's view). */
  providerName?: string | null | undefined;
  files: { id: number; name: string; contentType: string; size: number; url: string }[];
}

const KB = 1024;
const sizeInWords = (bytes: number) =>
  bytes >= KB * KB
    ? `${(bytes / KB / KB).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / KB))} KB`;

function Files({ files }: { files: ThreadMessage['files'] }) {
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Files">
      {files.map((file) =>
        file.contentType.startsWith('image/') ? (
          <li key={file.id}>
            <a href={file.url} target="_blank" rel="noopener" className="block">
              <img
                src={file.url}
                alt={`Photo: ${file.name}`}
                loading="lazy"
                className="h-24 w-24 rounded-box border border-base-300 object-cover"
              />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ) : (
          <li key={file.id}>
            <a
              href={file.url}
              target="_blank"
              rel="noopener"
              className="link inline-flex items-center gap-1 text-sm break-all"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-4 w-4 shrink-0 fill-none stroke-current stroke-2"
              >
                <path d="M14 3H6v18h12V7zM14 3v4h4" />
              </svg>
              {file.name} (PDF, {sizeInWords(file.size)})
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * A conversation's messages, oldest first: the reader's own on the right, the other
 * side's on the left, each with who wrote it, when, and its photos and PDFs.
 */
export function MessageThread({
  messages,
  reader,
  authorName,
  empty,
  label = 'Messages',
}: {
  messages: readonly ThreadMessage[];
  /** Whose view it is: their messages read "You". The desk is neither side. */
  reader: 'customer' | 'provider' | 'desk';
  /** The name of a message's author, for the other side's messages. */
  authorName: (message: ThreadMessage) => string;
  /** Said when there is no message yet. */
  empty: string;
  label?: string;
}) {
  if (messages.length === 0) return <p className="text-sm">{empty}</p>;
  return (
    <ol className="space-y-3" aria-label={label}>
      {messages.map((message) => {
        const own = message.author === reader;
        return (
          <li
            key={message.id}
            className={`max-w-[85%] rounded-box p-3 ${own ? 'ml-auto bg-primary/10' : 'bg-base-200'}`}
          >
            <p className="text-xs">
              <span className="font-semibold">{own ? 'You' : authorName(message)}</span> ·{' '}
              <time dateTime={message.at}>{formatSaDateTime(message.at)}</time>
            </p>
            {message.text && <p className="mt-1 break-words whitespace-pre-line">{message.text}</p>}
            <Files files={message.files} />
          </li>
        );
      })}
    </ol>
  );
}
