import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Provider } from '../../lib/api-answers';
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
import { LoadFailure } from '../ui/LoadFailure';
import { useHydrated } from '../ui/use-hydrated';
import { stillAsBuilt } from './card-facts';
import { LazyProviderModal } from './LazyProviderModal';
import { ActiveFilterChips } from './listing/ActiveFilterChips';
import { FilterFields } from './listing/FilterFields';
import { FilterSheet } from './listing/FilterSheet';
import { FreshFacts } from './listing/FreshFacts';
import { NearMeButton } from './listing/NearMeButton';
import { Pagination } from './listing/Pagination';
import { SearchReadingChips } from './listing/SearchReadingChips';
import { SkeletonCard } from './listing/SkeletonCard';
import { SortControl } from './listing/SortControl';
import { usePlaceNames } from './listing/use-place-names';
import { useProviderList } from './listing/use-provider-list';
import type { ProviderList as ProviderListComponent } from './ProviderList';
import { useOpenProvider } from './use-open-provider';
import { useUrlFilters } from './use-url-filters';
import { useVisitorPosition } from './use-visitor-position';

type CardList = typeof ProviderListComponent;

/** The cards' code once loaded (ProviderList), for the list rendered by the island. */
let loadedCards: CardList | undefined;

/**
 * The cards as the island renders them, loaded when the list first changes (a filter, a
 * page, Near me, or an answer that differs from the built cards): until then the cards
 * are the build's HTML (docs/decisions/0049).
 */
function useCardList(wanted: boolean): CardList | undefined {
  const [cards, setCards] = useState<CardList | undefined>(() => loadedCards);
  useEffect(() => {
    if (!wanted || cards) return;
    let current = true;
    void import('./ProviderList').then((module) => {
      loadedCards = module.ProviderList;
      if (current) setCards(() => module.ProviderList);
    });
    return () => {
      current = false;
    };
  }, [wanted, cards]);
  return cards;
}

export interface ProviderFinderProps {
  /** A category page shows one service: its filter is fixed and hidden. */
  serviceType?: ServiceId;
  /** A town page (/services/{slug}/{town}) shows one town: its filter is fixed and hidden. */
  location?: string;
  /**
   * The first page of the page's default list (no filter but the page's own), when the
   * page was built with it: how many providers it counted (for the pages' links until the
   * API answers). Its cards are the island's children.
   */
  built?: { total: number };
  /** The built cards (ProviderList asBuilt, rendered by the page): built HTML. */
  children?: ReactNode;
}

/**
 * Find Providers (spec section 2): filters in the URL, in a card on wide screens
 * and in a sheet on phones, active ones as chips; a sort; nearest first on Near me.
 *
 * The built first page's cards are the page's HTML, passed in as children, which React
 * never renders: when the API's fresh answer states what they state, only the claims a
 * build leaves out (badge, responsiveness) are rendered into them (FreshFacts); the
 * island renders the cards itself only once the list changes (docs/decisions/0049). A
 * card's name opens its provider's dialog by event delegation (`data-open-provider`), so
 * built and rendered cards alike need no handler of their own.
 */
function ProviderFinder({ serviceType, location, built, children }: ProviderFinderProps) {
  const locked = useMemo<Partial<ProviderFilters>>(
    () => ({ ...(serviceType && { serviceType }), ...(location && { location }) }),
    [serviceType, location],
  );
  const hydrated = useHydrated();
  const [filters, update, hrefFor, settled] = useUrlFilters(locked);
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
  const { data, isPlaceholder, error, refetch } = useProviderList(query, {
    // Not while hydrating (that render shows the built list), nor while the URL is read.
    enabled: hydrated && settled,
  });

  // The built cards stay until the list changes; then the island renders the cards.
  const builtRoot = useRef<HTMLDivElement>(null);
  const [leftBuilt, setLeftBuilt] = useState(built === undefined);
  const [fresh, setFresh] = useState<readonly Provider[]>();
  useLayoutEffect(() => {
    if (leftBuilt) return;
    if (!isDefaultList) {
      setLeftBuilt(true);
      return;
    }
    if (!data || isPlaceholder || !builtRoot.current) return;
    // The API's answer to the page's default query: filled into the built cards when they
    // still say what it says, else rendered.
    if (stillAsBuilt(builtRoot.current, data.items)) setFresh(data.items);
    else setLeftBuilt(true);
  }, [leftBuilt, isDefaultList, data, isPlaceholder]);
  const Cards = useCardList(leftBuilt);

  const modal = useOpenProvider(data?.items);
  // A built card opened before the API's answer has come: the dialog asks for its
  // provider by id (the build carries no more than the card shows).
  const openFromCard = (event: MouseEvent<HTMLDivElement>) => {
    const opener =
      event.target instanceof Element ? event.target.closest('[data-open-provider]') : null;
    if (!opener || !event.currentTarget.contains(opener)) return;
    const id = Number(opener.getAttribute('data-open-provider'));
    modal.open(data?.items.find((provider) => provider.id === id) ?? id);
  };

  const [placeNames, onPlaceNamed] = usePlaceNames(filters.location, hydrated);
  const chips = activeFilterChips(filters, locked, placeNames);
  const clearAll = () => update(withoutFilters(...chips.map((chip) => chip.filter)));

  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  const countLine = useRef<HTMLParagraphElement>(null);

  const total = data?.total ?? built?.total ?? 0;
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

  // What the list shows: the built cards (dimmed while a change loads and the cards' code
  // is on its way), the cards rendered here, or a state of its own.
  const rendered = leftBuilt && Cards !== undefined;
  const showBuilt =
    built !== undefined &&
    !rendered &&
    (!leftBuilt || (data !== undefined && (isPlaceholder || data.items.length > 0)));

  return (
    // data-hydrated: React has hydrated the list and answers input (the browser tests wait
    // for it: the built HTML shows the list before its controls work). A click on a card's
    // name opens its provider (openFromCard).
    <div data-hydrated={hydrated || undefined} onClick={openFromCard}>
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
          total={data && !isPlaceholder ? data.total : undefined}
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
          {data ? `Showing ${total} provider(s)` : '\u00a0'}
        </p>
        {/* Kept when empty: the text comes without moving the list. */}
        <div className="min-h-6 text-sm" role="status">
          {known && sort === 'nearest' && <p>Showing providers nearest to you first.</p>}
        </div>
      </div>

      {error && (data || showBuilt) && (
        // The refresh of a list already shown (the built first page) failed: it stays.
        <LoadFailure
          className="mt-4"
          title="Couldn't refresh providers"
          error={error}
          onRetry={refetch}
        />
      )}
      {/* The built cards: children the page rendered, never rendered by React. */}
      {showBuilt && (
        <div
          ref={builtRoot}
          className={leftBuilt ? 'opacity-60' : undefined}
          // Busy while the change loads; a failed refresh (said above) ends it.
          aria-busy={(leftBuilt && !error) || undefined}
        >
          {children}
          {fresh && builtRoot.current && <FreshFacts root={builtRoot.current} items={fresh} />}
        </div>
      )}
      {error && !data && !showBuilt ? (
        <LoadFailure
          className="mt-6"
          title="Couldn't load providers"
          error={error}
          onRetry={refetch}
        />
      ) : showBuilt ? null : !data || (data.items.length > 0 && !rendered) ? (
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
        Cards && <Cards items={data.items} dimmed={isPlaceholder} busy={isPlaceholder && !error} />
      )}
      {(showBuilt || (data && data.items.length > 0)) && (
        <Pagination
          page={filters.page}
          pages={pages}
          hrefOf={(page) => hrefFor({ page })}
          onPage={(page) => {
            update({ page });
            window.scrollTo({ top: 0, behavior: scrollBehavior() });
          }}
        />
      )}
      <LazyProviderModal id={modal.id} provider={modal.provider} onClose={modal.close} />
    </div>
  );
}

/** The filter card's columns on a wide screen, by the number of fields it shows. */
const LARGE_COLUMNS: Record<number, string> = {
  2: 'lg:grid-cols-2',
  3: 'lg:grid-cols-3',
  4: 'lg:grid-cols-4',
};

export default ProviderFinder;
