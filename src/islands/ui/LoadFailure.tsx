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

/**
 * What a section shows while its content is on its way (kept beside LoadFailure: the
 * public pages that show one load the other, and a file of its own would add a chunk to
 * their JavaScript budget, tests/build/size-budget.test.ts): grey bars in the content's shape
 * (each bar's size and place as classes), announced as one busy status named by `label`.
 */
export function LoadingSkeleton({
  label,
  className,
  bars,
}: {
  /** What is loading: "Loading the provider". */
  label: string;
  className?: string;
  bars: readonly string[];
}) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      {bars.map((bar, i) => (
        <div key={i} className={`skeleton ${bar}`} />
      ))}
    </div>
  );
}
