import { answer, api } from '../../../lib/api-client';
import { readingLabel, searchWithout } from '../../../lib/search-reading';
import { useLoaded } from '../../ui/use-loaded';

/**
 * How the search read the query, as chips beside the results: "Service: Access Control
 * (“gate motor”)", "Place: Johannesburg (you typed “johannesbrug”)". Each removes its
 * words from the search. Nothing while the reading loads or when it cannot be had: the
 * list itself does not wait for it.
 */
export function SearchReadingChips({
  search,
  enabled,
  onSearch,
}: {
  search: string;
  enabled: boolean;
  onSearch: (search: string) => void;
}) {
  const reading = useLoaded(
    () => answer(api.search.reading.$get({ query: { search } })),
    search,
    enabled && search.trim() !== '',
  );
  const data = reading.status === 'done' ? reading.data : undefined;
  if (!data || data.terms.length === 0 || search.trim() === '') return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="search-reading">
      <span id="search-reading-label">Your search, as we read it:</span>
      <ul className="flex flex-wrap gap-2" aria-labelledby="search-reading-label">
        {data.terms.map((term, index) => (
          <li key={`${term.typed}-${index}`}>
            <button
              type="button"
              className="btn btn-sm rounded-full border-base-300 bg-base-100 font-normal"
              onClick={() => onSearch(searchWithout(data, index))}
            >
              <span className="sr-only">Remove from the search: </span>
              {readingLabel(term)}
              <span aria-hidden="true">✕</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
