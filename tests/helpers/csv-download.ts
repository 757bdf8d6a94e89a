/**
 * The CSV downloads of the admin (exports), read with csv-parse: a reader apart from the
 * app's own writer (src/api/exports/csv.ts), held to RFC 4180 (CRLF between records, a
 * quote inside a cell only in a quoted cell, the same number of cells in every row).
 */
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';

/**
 * The body of a CSV download, byte-order mark included (Response.text() would drop it);
 * fails unless the body starts with the UTF-8 byte-order mark.
 */
export async function csvBody(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** The CSV's rows of cells, the header row first (after the byte-order mark). */
export function csvRows(text: string): string[][] {
  expect(text.endsWith('\r\n'), 'the CSV ends with CRLF').toBe(true);
  return parse(text, { bom: true, record_delimiter: '\r\n' });
}

/** The CSV's rows as objects keyed by the header row. */
export function csvRecords(text: string): Record<string, string>[] {
  expect(text.endsWith('\r\n'), 'the CSV ends with CRLF').toBe(true);
  return parse<Record<string, string>>(text, {
    bom: true,
    record_delimiter: '\r\n',
    columns: true,
  });
}
