/**
 * A section's sentence when its data could not be loaded, e.g. "The quotes could not be
 * loaded.", and a Try again button that asks once more. A file of its own: the public
 * pages load LoadFailure.tsx, and this would add to their JavaScript budget.
 */
export function TryAgain({
  children,
  onRetry,
  className,
}: {
  children: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <p role="alert" className={className}>
      {children}{' '}
      <button type="button" className="link" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
