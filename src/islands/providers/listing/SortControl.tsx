import type { ProviderSort } from '../../../lib/schemas/provider-query';

const SORT_LABELS: Record<ProviderSort, string> = {
  recommended: 'Recommended',
  nearest: 'Nearest',
  rated: 'Highest rated',
  quickest: 'Quickest to respond',
};
const SORT_ORDER: readonly ProviderSort[] = ['recommended', 'nearest', 'rated', 'quickest'];

/** The list's order (in the URL as sort=). Nearest needs the visitor's position. */
export function SortControl({
  value,
  positionKnown,
  onChange,
}: {
  value: ProviderSort;
  positionKnown: boolean;
  onChange: (sort: ProviderSort) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label className="text-sm font-medium whitespace-nowrap" htmlFor="filter-sort">
        Sort by
      </label>
      <select
        id="filter-sort"
        className="select select-sm w-auto"
        value={value}
        onChange={(e) => onChange(e.target.value as ProviderSort)}
      >
        {SORT_ORDER.map((sort) => (
          <option key={sort} value={sort} disabled={sort === 'nearest' && !positionKnown}>
            {sort === 'nearest' && !positionKnown ? 'Nearest (press Near me)' : SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
