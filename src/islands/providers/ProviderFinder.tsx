import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LoadFailure } from '../ui/LoadFailure';
import { useEffect, useMemo, useRef, useState } from 'react';
import { answerPage, api } from '../../lib/api-client';
import { SERVICE_CATEGORIES, type ServiceId } from '../../lib/catalog/categories';
import { TOWNS } from '../../lib/catalog/towns';
import { DEFAULT_TOWN_VALUES, nearestTowns } from '../../lib/geo';
import { providersApiQuery, type ProviderFilters } from '../../lib/provider-filters';
import { withQueryClient } from '../../lib/query-client';
import { PROVIDER_PAGE_SIZE } from '../../lib/listing-limits';
import { ProviderCard } from './ProviderCard';
import { ProviderModal } from './ProviderModal';
import { useUrlFilters } from './use-url-filters';
import { useOpenProvider } from './use-open-provider';
import { useVisitorPosition } from './use-visitor-position';

const NEAREST_TOWN_COUNT = 12;
/** Spec section 9, in the spec's order. */
const DEFAULT_TOWNS = TOWNS.filter((t) =>
  (DEFAULT_TOWN_VALUES as readonly string[]).includes(t.value),
).sort(
  (a, b) =>
    DEFAULT_TOWN_VALUES.indexOf(a.value as (typeof DEFAULT_TOWN_VALUES)[number]) -
    DEFAULT_TOWN_VALUES.indexOf(b.value as (typeof DEFAULT_TOWN_VALUES)[number]),
);

function SkeletonCard() {
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

function SearchInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const timer = useRef(0);
  useEffect(() => setDraft(value), [value]);
  return (
    <input
      id="filter-search"
      type="search"
      className="input w-full"
      placeholder="Name, service or town"
      maxLength={100}
      value={draft}
      onChange={(event) => {
        const next = event.target.value;
        setDraft(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => onChange(next), 350);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          window.clearTimeout(timer.current);
          onChange(draft);
        }
      }}
    />
  );
}

function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="mt-8 flex items-center justify-center gap-2" aria-label="Pages">
      <button
        type="button"
        className="btn btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="px-2 text-sm" aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

export interface ProviderFinderProps {
  /** A category page shows one service: its filter is fixed and hidden. */
  serviceType?: ServiceId;
}

/** Find Providers (spec section 2): filters in the URL, nearest first when the visitor allows it. */
function ProviderFinder({ serviceType }: ProviderFinderProps) {
  const locked = useMemo<Partial<ProviderFilters>>(
    () => (serviceType ? { serviceType } : {}),
    [serviceType],
  );
  const [filters, update] = useUrlFilters(locked);
  const position = useVisitorPosition();
  const known = position.status === 'known' ? position.position : undefined;

  const query = providersApiQuery(filters, known);
  const { data, isError, error, isPlaceholderData, refetch } = useQuery({
    queryKey: ['/api/providers', query],
    queryFn: () => answerPage(api.providers.$get({ query })),
    // The list shows at once; when the visitor's position arrives it is fetched again,
    // nearest first (the previous list stays on screen meanwhile).
    staleTime: 2 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
  });

  const modal = useOpenProvider(data?.items);

  const towns = known ? nearestTowns(known, NEAREST_TOWN_COUNT) : DEFAULT_TOWNS;
  const locationOptions =
    towns.some((t) => t.value === filters.location) || filters.location === 'all'
      ? towns
      : [...towns, ...TOWNS.filter((t) => t.value === filters.location)];
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROVIDER_PAGE_SIZE));

  return (
    <div>
      <form
        className="card border border-base-300 bg-base-100 shadow-sm"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter providers"
      >
        <div
          className={`card-body grid gap-4 sm:grid-cols-2 ${serviceType ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}
        >
          {!serviceType && (
            <div>
              <label
                className="label text-sm font-medium text-base-content"
                htmlFor="filter-service"
              >
                Service Type
              </label>
              <select
                id="filter-service"
                className="select w-full"
                value={filters.serviceType}
                onChange={(e) =>
                  update({ serviceType: e.target.value as ProviderFilters['serviceType'] })
                }
              >
                <option value="all">All Services</option>
                {SERVICE_CATEGORIES.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.filterLabel}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label
              className="label text-sm font-medium text-base-content"
              htmlFor="filter-location"
            >
              Location
            </label>
            <select
              id="filter-location"
              className="select w-full"
              value={filters.location}
              onChange={(e) => update({ location: e.target.value })}
            >
              <option value="all">All Locations</option>
              {locationOptions.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label
              className="label text-sm font-medium text-base-content"
              htmlFor="filter-verification"
            >
              Verification
            </label>
            <select
              id="filter-verification"
              className="select w-full"
              value={filters.verification}
              onChange={(e) =>
                update({ verification: e.target.value as ProviderFilters['verification'] })
              }
            >
              <option value="all">All Providers</option>
              <option value="verified">Verified Only</option>
              <option value="premium">Premium Verified</option>
            </select>
          </div>
          <div>
            <label className="label text-sm font-medium text-base-content" htmlFor="filter-search">
              Search
            </label>
            <SearchInput value={filters.search} onChange={(search) => update({ search })} />
          </div>
        </div>
      </form>

      <div className="mt-4 min-h-6 text-sm" role="status">
        {position.status === 'unavailable' && (
          <p data-testid="location-notice">{position.notice}</p>
        )}
        {known && filters.sort === 'recommended' && <p>Showing providers nearest to you first.</p>}
      </div>

      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="font-medium" aria-live="polite" data-testid="provider-count">
          {data ? `Showing ${total} provider(s)` : ' '}
        </p>
        <div className="flex items-center gap-2">
          <label className="text-sm font-medium" htmlFor="filter-sort">
            Sort by
          </label>
          <select
            id="filter-sort"
            className="select select-sm w-auto"
            value={filters.sort}
            onChange={(e) => update({ sort: e.target.value as ProviderFilters['sort'] })}
          >
            <option value="recommended">Recommended</option>
            <option value="quickest">Quickest to respond</option>
          </select>
        </div>
      </div>

      {isError && !data ? (
        <LoadFailure
          className="mt-6"
          title="Couldn't load providers"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : !data ? (
        <div
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading providers"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <div className="mt-6 rounded-box border border-dashed border-base-300 p-10 text-center">
          <h2 className="text-xl font-semibold">No providers found</h2>
          <p className="mt-2">
            Try adjusting your filters or search terms to find providers in your area.
          </p>
        </div>
      ) : (
        <>
          <ul
            className={`mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.items.map((provider) => (
              <li key={provider.id} className="relative">
                <ProviderCard provider={provider} onOpen={modal.open} />
              </li>
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pages={pages}
            onPage={(page) => {
              update({ page });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </>
      )}
      <ProviderModal provider={modal.provider} onClose={modal.close} />
    </div>
  );
}

export default withQueryClient(ProviderFinder);
