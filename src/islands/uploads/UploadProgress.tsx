/** An upload's progress bar, and its state in words for screen readers. */
export function UploadProgress({
  percent,
  label,
  done,
}: {
  percent: number;
  /** The bar's accessible name. */
  label: string;
  /** Shown in place of the percentage once the upload is done. */
  done: string | undefined;
}) {
  return (
    <div className="mt-2 flex items-center gap-3">
      <progress
        className="progress progress-primary w-56"
        value={percent}
        max={100}
        aria-label={label}
      />
      <span className="text-sm" role="status">
        {done ?? `${percent}%`}
      </span>
    </div>
  );
}
