/** A card's shape while the list loads. */
export function SkeletonCard() {
  return (
    <div
      className="card border border-base-300 bg-base-100"
      data-testid="provider-skeleton"
      aria-hidden="true"
    >
      <div className="skeleton aspect-[3/2] w-full rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-5 w-3/4" />
        <div className="skeleton h-4 w-1/2" />
        <div className="skeleton h-4 w-2/3" />
      </div>
    </div>
  );
}
