import type { ReactNode } from 'react';

/** An admin list's heading, with its buttons (`children`) at the other end of the line. */
export function ListHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

/** The link that downloads a list whole as CSV (`href`: /api/admin/exports/...). */
export function CsvDownload({ href }: { href: string }) {
  return (
    <a className="btn btn-outline btn-sm" href={href} download>
      Download CSV
    </a>
  );
}
