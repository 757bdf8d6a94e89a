import type { ReactNode } from 'react';

/**
 * The admin's tables: column headers (the last one, for the row's buttons, is named for
 * screen readers only) and rows that scroll sideways on a narrow screen.
 */
export function AdminTable({
  columns,
  busy = false,
  actions = true,
  label,
  children,
}: {
  columns: string[];
  /** Whether the rows end in a cell of buttons (false: the buttons are in the columns). */
  actions?: boolean;
  /**
   * The rows are not yet those of the filters on screen (a search still being typed, or
   * the next rows on their way): they are dimmed, and the table says it is busy.
   */
  busy?: boolean;
  /**
   * A table of text only (no buttons to tab to) names its scrolling box, which then takes
   * the keyboard's focus so it can be scrolled sideways without a mouse.
   */
  label?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto rounded-box border border-base-300 ${busy ? 'opacity-70' : ''}`}
      {...(label && { role: 'region', 'aria-label': label, tabIndex: 0 })}
    >
      <table className="table" aria-busy={busy}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
