/** What the provider dialog shows while its code or the provider's details are on their way. */
export function ProviderModalLoading() {
  return (
    <div
      className="space-y-4 p-5 sm:p-6"
      role="status"
      aria-busy="true"
      aria-label="Loading the provider"
    >
      <div className="skeleton aspect-[3/1] w-full" />
      <div className="skeleton h-4 w-1/2" />
      <div className="skeleton h-4 w-1/3" />
      <div className="skeleton h-10 w-full" />
    </div>
  );
}
