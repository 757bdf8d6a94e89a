/**
 * CSV (RFC 4180) for the admin team's downloads. Cells that a spreadsheet would run as a
 * formula are prefixed with an apostrophe (OWASP CSV injection): a formula character (=,
 * +, -, @, tab, CR) at the start, or after a separator some spreadsheet splits on (comma,
 * semicolon, as South African locales use, or tab), spaces between allowed. Such cells are
 * quoted too, so no separator inside one splits it. Instants are written in South
 * African time with the offset (saDateTime), as the admin screens show them.
 */
import { saClock } from '../../lib/calendar-days.ts';

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

/**
 * An instant in South African time to the minute, with its offset: '2026-11-28 14:05
 * +02:00'. The offset is written out (not assumed) so a spreadsheet or a reader abroad
 * cannot mistake it for UTC or their own time, which the ISO form in UTC invited.
 */
export function saDateTime(date: Date): string {
  const { day, time, offset } = saClock(date);
  return `${day} ${time} ${offset}`;
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
