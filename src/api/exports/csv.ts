/**
 * CSV (RFC 4180) for the admin team's downloads. Cells that a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR) are prefixed with an apostrophe (OWASP CSV injection).
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined | Date | readonly string[];
}

function cell(value: ReturnType<CsvColumn<unknown>['value']>): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join('; ')
          : String(value);
  if ((typeof value === 'string' || Array.isArray(value)) && /^[=+\-@\t\r]/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [
    columns.map((c) => cell(c.header)).join(','),
    ...rows.map((row) => columns.map((c) => cell(c.value(row))).join(',')),
  ];
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
