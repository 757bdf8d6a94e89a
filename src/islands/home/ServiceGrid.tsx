import { ServiceIcon } from '../../components/ServiceIcon';
import { answer, api } from '../../lib/api-client';
import { SERVICE_CATEGORIES } from '../../lib/catalog/categories';
import { LoadFailure } from '../ui/LoadFailure';
import { useLoaded } from '../ui/use-loaded';

/**
 * The six category cards with '{n}+ Providers' from /api/service-stats. When the counts
 * cannot be loaded the cards stay (they are links) without a count, under a "Couldn't
 * load" alert with Retry, never "0+ Providers".
 */
function ServiceGrid() {
  const counts = useLoaded(() => answer(api['service-stats'].$get()));
  const isError = counts.status === 'failed';

  return (
    <>
      {counts.status === 'failed' && (
        <LoadFailure
          className="mb-4"
          heading="p"
          title="Couldn't load the number of providers per service"
          error={counts.error}
          onRetry={counts.retry}
        >
          <p className="text-sm">The services below still work: pick one to see its providers.</p>
        </LoadFailure>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICE_CATEGORIES.map((category) => (
          <li
            key={category.id}
            className="card border border-base-300 bg-base-100 shadow-sm motion-safe:transition hover:shadow-md"
          >
            <div className="card-body">
              <div className="flex items-start gap-3">
                <span className="rounded-box bg-primary/10 p-3 text-primary">
                  <ServiceIcon icon={category.icon} />
                </span>
                <div>
                  <h3 className="card-title text-lg">
                    <a
                      href={`/providers?serviceType=${category.id}`}
                      className="after:absolute after:inset-0"
                    >
                      {category.name}
                    </a>
                  </h3>
                  {!isError && (
                    <p
                      className="mt-1 text-sm font-semibold text-secondary"
                      data-testid={`count-${category.id}`}
                    >
                      {counts.status === 'done' ? (
                        `${counts.data[category.id]}+ Providers`
                      ) : (
                        <span className="skeleton inline-block h-4 w-24" />
                      )}
                    </p>
                  )}
                </div>
              </div>
              <p className="text-sm">{category.description}</p>
              <a href={`/services/${category.slug}`} className="link relative z-10 mt-2 text-sm">
                About {category.name}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export default ServiceGrid;
