/** Paging of an admin list: "Showing 1–25 of 1 234", Previous and Next. */
const count = (n: number) => n.toLocaleString('en-ZA');

/** What the Pager reads of useAdminPage (use-admin-page.ts). */
interface PagedList {
  page: number;
  limit: number;
  /** The next page is loading: the buttons wait. */
  isPlaceholderData: boolean;
  setPage: (page: number) => void;
}

export function Pager({
  label,
  list: { page, limit, isPlaceholderData: busy, setPage: onPage },
  page: { total, items },
}: {
  /** What is listed, for the navigation's name: 'Providers' gives 'Providers pages'. */
  label: string;
  list: PagedList;
  /** The page shown: its rows and how many there are in all. */
  page: { total: number; items: readonly unknown[] };
}) {
  const shown = items.length;
  const first = total === 0 || shown === 0 ? 0 : (page - 1) * limit + 1;
  const last = first === 0 ? 0 : first + shown - 1;
  const lastPage = Math.max(1, Math.ceil(total / limit));
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-2"
      aria-label={`${label} pages`}
    >
      <p className="text-sm" aria-live="polite">
        Showing {count(first)}–{count(last)} of {count(total)}
      </p>
      {lastPage > 1 && (
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy || page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous
          </button>
          <span className="text-sm">
            Page {count(page)} of {count(lastPage)}
          </span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy || page >= lastPage}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </div>
      )}
    </nav>
  );
}
