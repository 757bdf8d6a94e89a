import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminTable } from './AdminTable';
import { Pager } from './Pager';
import type { useAdminPage } from './use-admin-page';

/**
 * What an admin panel shows of one query: `loading` while its answer is on its way, the
 * `failed` sentence as an alert when it could not be read, else the answer's content.
 */
export function QueryResult<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  /** "Loading administrators...". */
  loading: string;
  /** "Failed to load administrators.". */
  failed: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p role="status">{loading}</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-error">
        {failed}
      </p>
    );
  }
  return children(query.data);
}

/**
 * An admin list read a page at a time (useAdminPage), named by `label` ("Providers"):
 * "Loading providers...", "Failed to load providers." or "No providers found" when
 * nothing matches; else the page's rows with the Pager under them.
 */
export function PagedList<T>({
  list,
  label,
  children,
}: {
  list: ReturnType<typeof useAdminPage<T>>;
  label: string;
  children: (items: T[]) => ReactNode;
}) {
  const { data } = list;
  const what = label.toLowerCase();
  return (
    <>
      <QueryResult query={list} loading={`Loading ${what}...`} failed={`Failed to load ${what}.`}>
        {(page) =>
          page.items.length === 0 && page.total === 0 ? (
            <p>{`No ${what} found`}</p>
          ) : (
            children(page.items)
          )
        }
      </QueryResult>
      {data && data.total > 0 && <Pager label={label} list={list} page={data} />}
    </>
  );
}

/**
 * A PagedList whose rows are an AdminTable under `columns`: `row` gives an item's <tr>.
 * `busy` dims the rows (by default while the next page is on its way).
 */
export function PagedTable<T>({
  list,
  label,
  columns,
  busy = list.isPlaceholderData,
  row,
}: {
  list: ReturnType<typeof useAdminPage<T>>;
  label: string;
  columns: string[];
  busy?: boolean;
  row: (item: T) => ReactNode;
}) {
  return (
    <PagedList list={list} label={label}>
      {(items) => (
        <AdminTable columns={columns} busy={busy}>
          {items.map(row)}
        </AdminTable>
      )}
    </PagedList>
  );
}
