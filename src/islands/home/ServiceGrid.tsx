import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../lib/api-client';
import { SERVICE_CATEGORIES } from '../../lib/catalog/categories';
import { withQueryClient } from '../../lib/query-client';
import { ServiceIcon } from '../../components/ServiceIcon';

/** The six category cards with '{n}+ Providers' from /api/service-stats (0 on failure). */
function ServiceGrid() {
  const { data, isPending, isError } = useQuery({
    queryKey: ['/api/service-stats'],
    queryFn: async () => {
      try {
        return await answer(api['service-stats'].$get());
      } catch {
        throw new Error('Failed to fetch service statistics');
      }
    },
  });

  return (
    <>
      {isError && (
        <p className="mb-4 text-sm" role="status">
          Failed to fetch service statistics
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICE_CATEGORIES.map((category) => (
          <li
            key={category.id}
            className="card border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md"
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
                  <p
                    className="mt-1 text-sm font-semibold text-secondary"
                    data-testid={`count-${category.id}`}
                  >
                    {isPending ? (
                      <span className="skeleton inline-block h-4 w-24" />
                    ) : (
                      `${data?.[category.id] ?? 0}+ Providers`
                    )}
                  </p>
                </div>
              </div>
              <p className="text-sm">{category.description}</p>
              <a href={`/services/${category.slug}`} className="link relative z-10 mt-2 text-sm">
                About {category.name.toLowerCase()}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export default withQueryClient(ServiceGrid);
