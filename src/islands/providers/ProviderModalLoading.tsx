import { LoadingSkeleton } from '../ui/LoadFailure';

/** What the provider dialog shows while its code or the provider's details are on their way. */
export function ProviderModalLoading() {
  return (
    <LoadingSkeleton
      label="Loading the provider"
      className="space-y-4 p-5 sm:p-6"
      bars={['aspect-[3/1] w-full', 'h-4 w-1/2', 'h-4 w-1/3', 'h-10 w-full']}
    />
  );
}
