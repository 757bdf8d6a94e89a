import type { ReactNode } from 'react';

interface LoadFailureProps {
  /** What could not be loaded, e.g. "Couldn't load providers". */
  title: string;
  /** The error behind it: its message is already a sentence in words (src/lib/api-client.ts). */
  error?: Error | null | undefined;
  /** Asks again; without it there is no Retry button. */
  onRetry?: (() => void) | undefined;
  /** The heading's tag, so the alert fits the page's outline. */
  heading?: 'h1' | 'h2' | 'h3' | 'p';
  className?: string;
  children?: ReactNode;
}

/**
 * What a screen shows when its data could not be loaded: what went
 * wrong in a sentence and a Retry button, never a status code, JSON or a row of zeros.
 */
export function LoadFailure({
  title,
  error,
  onRetry,
  heading: Heading = 'h2',
  className = '',
  children,
}: LoadFailureProps) {
  const sentence =
    error && !(error instanceof TypeError)
      ? error.message
      : "We couldn't reach the server. Check your connection and try again.";
  return (
    <div className={`alert alert-error flex flex-wrap items-center ${className}`} role="alert">
      <div className="min-w-0 flex-1">
        <Heading className="font-semibold">{title}</Heading>
        <p className="text-sm">{sentence}</p>
        {children}
      </div>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
