import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Provider } from '../../lib/api-answers';
import { answerPage, api } from '../../lib/api-client';
import type { ServiceId } from '../../lib/catalog/categories';
import { PROVIDER_PAGE_SIZE } from '../../lib/listing-limits';
import { scrollBehavior } from '../../lib/motion';
import {
  DEFAULT_FILTERS,
  activeFilterChips,
  effectiveSort,
  providersApiQuery,
  withoutFilters,
  type ProviderFilters,
} from '../../lib/provider-filters';
import { withQueryClient } from '../../lib/query-client';
import { LoadFailure } from '../ui/LoadFailure';
import { useHydrated } from '../ui/use-hydrated';
import { ActiveFilterChips } from './listing/ActiveFilterChips';
import { FilterFields } from './listing/FilterFields';
import { FilterSheet } from './listing/FilterSheet';
import { NearMeButton } from './listing/NearMeButton';
import { Pagination } from './listing/Pagination';
import { SearchReadingChips } from './listing/SearchReadingChips';
import { SkeletonCard } from './listing/SkeletonCard';
import { SortControl } from './listing/SortControl';
import { usePlaceNames } from './listing/use-place-names';
import { ProviderCard } from './ProviderCard';
import { ProviderModal } from './ProviderModal';
import { useOpenProvider } from './use-open-provider';
import { useUrlFilters } from './use-url-filters';
import { useVisitorPosition } from './use-visitor-position';

/** The cards of the widest grid's first row: their pictures load at once (ProviderCard). */
const FIRST_ROW_CARDS = 3;

export interface ProviderFinderProps {
  /** A category page shows one service: its filter is fixed and hidden. */
  serviceType?: ServiceId;
  /** A town page (/services/{slug}/{town}) shows one town: its filter is fixed and hidden. */
  location?: string;
  /**
   * The first page of the page's default list (no filter but the page's own), when the
   * page was built with it: shown at once, then refreshed.
   */
  initialPage?: { items: Provider[]; total: number };
}

/**
 * Find Providers (spec section 2): filters in the URL, in a card on wide screens
 * and in a sheet on phones, active ones as chips; a sort; nearest first on Near me.
 */
function ProviderFinder({ serviceType, location, initialPage }: ProviderFinderProps) {
  const locked = useMemo<Partial<ProviderFilters>>(
    () => ({ ...(serviceType && { serviceType }), ...(location && { location }) }),
    [serviceType, location],
  );
  const hydrated = useHydrated();
  const [filters, update, hrefFor] = useUrlFilters(locked);
  const nearMe = useVisitorPosition();
  const known = nearMe.state.status === 'on' ? nearMe.state.position : undefined;
  const sort = effectiveSort(filters.sort, known !== undefined);

  // Near me pressed: once the position is known the list is nearest first. (Kept on from
  // earlier in the session, the URL's own sort stays.)
  const pressed = useRef(false);
  useEffect(() => {
    if (known && pressed.current) {
      pressed.current = false;
      update({ sort: 'nearest' });
    }
  }, [known, update]);

  const query = providersApiQuery(filters, known);
  const isDefaultList = useMemo(
    () =>
      !known &&
      JSON.stringify(query) ===
        JSON.stringify(providersApiQuery({ ...DEFAULT_FILTERS, ...locked })),
    [known, query, locked],
  );
  const { data, dataUpdatedAt, isError, error, isPlaceholderData, refetch } = useQuery({
    queryKey: ['/api/providers', query],
    queryFn: () => answerPage(api.providers.$get({ query })),
    // Not while hydrating: that render shows the page's default list (the built one).
    enabled: hydrated,
    staleTime: 2 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    // A page built with its first page shows it at once and asks for a fresh one.
    ...(isDefaultList && initialPage && { initialData: initialPage, initialDataUpdatedAt: 0 }),
    // When a filter or the position changes, the previous list stays on screen meanwhile;
    // not the built one (never fetched here): a shared link with filters shows skeletons
    // rather than a list its filters do not match.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.state.dataUpdatedAt ? keepPreviousData(previous) : undefined,
  });

  // The cards follow the list at a lower priority: an answer that only refreshes the built
  // first page (or the first render after hydration) then re-renders them in slices the
  // browser can interrupt, not in one long task (Lighthouse: total blocking time).
  const shownItems = useDeferredValue(data?.items);
  // The built first page, not yet refreshed: its badges, responsiveness and count were
  // true on the day of the build, and a check may have lapsed since, so none is shown
  // until the API has answered (decision 0029). Deferred with the cards it goes with.
  const asBuilt = useDeferredValue(
    isDefaultList && initialPage !== undefined && dataUpdatedAt === 0,
  );
  const modal = useOpenProvider(data?.items);
  // The list's newer answer of the open provider: a built first page has no contact
  // details (decision 0011), the API's answer that replaces it does.
  const openProvider =
    modal.provider && (data?.items.find((p) => p.id === modal.provider?.id) ?? modal.provider);

  const [placeNames, onPlaceNamed] = usePlaceNames(filters.location, hydrated);
  const chips = activeFilterChips(filters, locked, placeNames);
  const clearAll = () => update(withoutFilters(...chips.map((chip) => chip.filter)));

  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  const countLine = useRef<HTMLParagraphElement>(null);

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PROVIDER_PAGE_SIZE));
  const fields = (idPrefix: string, className: string, inSheet = false) => (
    <FilterFields
      idPrefix={idPrefix}
      inSheet={inSheet}
      className={className}
      filters={filters}
      update={update}
      serviceLocked={serviceType !== undefined}
      locationLocked={location !== undefined}
      position={known}
      placeNames={placeNames}
      onPlaceNamed={onPlaceNamed}
    />
  );

  return (
    // data-hydrated: React has hydrated the list and answers input (the browser tests wait
    // for it: the built HTML shows the list before its controls work).
    <div data-hydrated={hydrated || undefined}>
      <div className="max-sm:hidden">
        {/* The filters apply as they change; the submit button, shown when a keyboard
            reaches it, takes the visitor on to the results (and makes Enter do so). */}
        <form
          className="card border border-base-300 bg-base-100 shadow-sm"
          onSubmit={(e) => {
            e.preventDefault();
            countLine.current?.focus();
          }}
          aria-label="Filter providers"
        >
          {fields(
            'filter',
            `card-body sm:grid-cols-2 ${LARGE_COLUMNS[4 - Object.keys(locked).length] ?? ''}`,
          )}
          <div className="sr-only focus-within:not-sr-only">
            <div className="px-6 pb-6">
              <button type="submit" className="btn btn-sm btn-primary">
                Show providers
              </button>
            </div>
          </div>
        </form>
      </div>

      <div className="relative mt-4 flex flex-wrap items-center gap-2">
        <FilterSheet
          open={sheetOpen}
          onOpen={() => setSheetOpen(true)}
          onClose={closeSheet}
          activeCount={chips.length}
          total={data && !isPlaceholderData ? data.total : undefined}
          onClearAll={clearAll}
        >
          {fields('sheet-filter', '', true)}
        </FilterSheet>
        <NearMeButton
          state={nearMe.state}
          notice={nearMe.notice}
          onTurnOn={() => {
            pressed.current = true;
            nearMe.turnOn();
          }}
          onTurnOff={() => {
            pressed.current = false;
            nearMe.turnOff();
            if (filters.sort === 'nearest') update({ sort: DEFAULT_FILTERS.sort });
          }}
        />
        <div className="ml-auto">
          <SortControl
            value={sort}
            positionKnown={known !== undefined}
            onChange={(next) => update({ sort: next })}
          />
        </div>
      </div>

      <div className="mt-3 flex flex-col gap-2">
        <ActiveFilterChips
          chips={chips}
          onRemove={(filter) => update(withoutFilters(filter))}
          onClearAll={clearAll}
          fallback={() => countLine.current}
        />
        <SearchReadingChips
          search={filters.search}
          enabled={hydrated}
          onSearch={(search) => update({ search })}
        />
      </div>

      <div className="mt-3">
        <p
          ref={countLine}
          tabIndex={-1}
          className="font-medium focus:outline-none"
          aria-live="polite"
          data-testid="provider-count"
        >
          {data && !asBuilt ? `Showing ${total} provider(s)` : '\u00a0'}
        </p>
        {/* Kept when empty: the text comes without moving the list. */}
        <div className="min-h-6 text-sm" role="status">
          {known && sort === 'nearest' && <p>Showing providers nearest to you first.</p>}
        </div>
      </div>

      {isError && data && (
        // The refresh of a list already shown (the built first page) failed: it stays.
        <LoadFailure
          className="mt-4"
          title="Couldn't refresh providers"
          error={error}
          onRetry={() => void refetch()}
        />
      )}
      {isError && !data ? (
        <LoadFailure
          className="mt-6"
          title="Couldn't load providers"
          error={error}
          onRetry={() => void refetch()}
        />
      ) : !data ? (
        <div
          className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading providers"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <div className="mt-4 rounded-box border border-dashed border-base-300 p-10 text-center">
          <h2 className="text-xl font-semibold">No providers found</h2>
          <p className="mt-2">
            Try adjusting your filters or search terms to find providers in your area.
          </p>
        </div>
      ) : (
        <>
          <ProviderList
            items={shownItems ?? data.items}
            onOpen={modal.open}
            dimmed={isPlaceholderData}
            asBuilt={asBuilt}
          />
          <Pagination
            page={filters.page}
            pages={pages}
            hrefOf={(page) => hrefFor({ page })}
            onPage={(page) => {
              update({ page });
              window.scrollTo({ top: 0, behavior: scrollBehavior() });
            }}
          />
        </>
      )}
      <ProviderModal provider={openProvider} onClose={modal.close} />
    </div>
  );
}

/**
 * The cards. Memoised: the list's other state (hydration, filters being typed, the sheet)
 * re-renders no card whose items did not change.
 */
const ProviderList = memo(function ProviderList({
  items,
  onOpen,
  dimmed,
  asBuilt,
}: {
  items: Provider[];
  onOpen: (provider: Provider) => void;
  dimmed: boolean;
  asBuilt: boolean;
}) {
  return (
    <ul className={`mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`}>
      {items.map((provider, index) => (
        <li key={provider.id} className="relative">
          <ProviderCard
            provider={provider}
            onOpen={onOpen}
            first={index < FIRST_ROW_CARDS}
            priority={index === 0}
            asBuilt={asBuilt}
          />
        </li>
      ))}
    </ul>
  );
});

/** The filter card's columns on a wide screen, by the number of fields it shows. */
const LARGE_COLUMNS: Record<number, string> = {
  2: 'lg:grid-cols-2',
  3: 'lg:grid-cols-3',
  4: 'lg:grid-cols-4',
};

export default withQueryClient(ProviderFinder);
