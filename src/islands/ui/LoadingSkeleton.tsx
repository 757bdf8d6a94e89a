/**
 * What a section shows while its content is on its way: grey bars in the content's shape
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
