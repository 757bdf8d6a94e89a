import { answer, api } from '../../lib/api-client';
import { verificationRate } from '../../lib/format';
import { LoadFailure, LoadingSkeleton } from '../ui/LoadFailure';
import { useLoaded } from '../ui/use-loaded';

/**
 * Spec section 4: three skeletons while loading; '+' on counts. When the figures cannot
 * be loaded the section says so, with Retry, rather than showing zeros.
 */
function PlatformStats() {
  const stats = useLoaded(() => answer(api.stats.$get()));

  if (stats.status === 'pending') {
    return (
      <LoadingSkeleton
        label="Loading statistics"
        className="grid gap-4 sm:grid-cols-3"
        bars={Array<string>(3).fill('h-28 w-full')}
      />
    );
  }
  if (stats.status === 'failed') {
    return (
      <section aria-labelledby="stats-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="stats-heading" className="text-center text-2xl font-bold md:text-3xl">
          Platform Statistics
        </h2>
        <LoadFailure
          className="mx-auto mt-8 max-w-2xl"
          heading="p"
          title="Couldn't load the platform statistics"
          error={stats.error}
          onRetry={stats.retry}
        />
      </section>
    );
  }

  const { data } = stats;
  const figures = [
    { label: 'Verified Providers', value: `${data.verifiedProviders}+` },
    { label: 'Service Requests', value: `${data.totalEnquiries}+` },
    {
      label: 'Verification Rate',
      value: verificationRate(data.verifiedProviders, data.totalProviders),
    },
  ];
  return (
    <section aria-labelledby="stats-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="stats-heading" className="text-center text-2xl font-bold md:text-3xl">
        Platform Statistics
      </h2>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm"
          >
            <dt className="text-sm font-semibold">{figure.label}</dt>
            <dd className="mt-2 text-4xl font-bold text-primary">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default PlatformStats;
