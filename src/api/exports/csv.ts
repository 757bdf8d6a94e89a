/**
 * CSV (RFC 4180) for the admin team's downloads. Cells that a spreadsheet would run as a
 * formula are prefixed with an apostrophe (OWASP CSV injection): a formula character (=,
 * +, -, @, tab, CR) at the start, or after a separator some spreadsheet splits on (comma,
 * semicolon, as South African locales use, or tab), spaces between allowed. Such cells are
 * quoted too, so no separator inside one splits it.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined | Date | readonly string[];
}

/** A formula character at the start, or after a separator and any spaces. */
const FORMULA = /(^|[,;\t] *)[=+\-@\t\r]/;

function cell(value: ReturnType<CsvColumn<unknown>['value']>): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join('; ')
          : String(value);
  if ((typeof value === 'string' || Array.isArray(value)) && FORMULA.test(text)) text = `'${text}`;
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [
    columns.map((c) => cell(c.header)).join(','),
    ...rows.map((row) => columns.map((c) => cell(c.value(row))).join(',')),
  ];
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
