/**
 * CSV (RFC 4180) for the admin team's downloads. Cells that a spreadsheet would run as a
 * formula are prefixed with an apostrophe (OWASP CSV injection): a formula character (=,
 * +, -, @, tab, CR) at the start, or after a separator some spreadsheet splits on (comma,
 * semicolon, as South African locales use, or tab), spaces between allowed. Such cells are
 * quoted too, so no separator inside one splits it. Instants are written in South
 * African time with the offset (saDateTime), as the admin screens show them.
 */
/** A CSV file and the requests or providers its rows are about (for the access log). */
export interface CsvExport {
  body: string;
  enquiryIds?: number[];
  providerIds?: number[];
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined | Date | readonly string[];
}

const SA_TIME_ZONE = 'Africa/Johannesburg';
/** Made on first use: creating it loads time-zone data. */
let saFormatter: Intl.DateTimeFormat | undefined;

/**
 * An instant in South African time to the minute, with its offset: '2026-11-28 14:05
 * +02:00'. The offset is written out (not assumed) so a spreadsheet or a reader abroad
 * cannot mistake it for UTC or their own time, which the ISO form in UTC invited.
 */
export function saDateTime(date: Date): string {
  saFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  const part = Object.fromEntries(saFormatter.formatToParts(date).map((p) => [p.type, p.value]));
  // 'GMT+02:00'; plain 'GMT' for a zero offset.
  const offset = (part['timeZoneName'] ?? '').replace(/^GMT/, '') || '+00:00';
  return `${part['year']}-${part['month']}-${part['day']} ${part['hour']}:${part['minute']} ${offset}`;
}

/** A yes-or-no fact as a person reads it. */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A formula character at the start, or after a separator and any spaces. */
const FORMULA = /(^|[,;\t] *)[=+\-@\t\r]/;

function cell(value: ReturnType<CsvColumn<unknown>['value']>): string {
  let text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? saDateTime(value)
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
