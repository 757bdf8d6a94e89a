import { describe, expect, it } from 'vitest';
import { saDateTime, toCsv, type CsvColumn } from '../../src/api/exports/csv.ts';

type Cell = ReturnType<CsvColumn<unknown>['value']>;

/** One column called "Value" over the given cells. */
const column: CsvColumn<{ value: Cell }>[] = [{ header: 'Value', value: (row) => row.value }];
const valuesCsv = (...values: Cell[]) =>
  toCsv(
    values.map((value) => ({ value })),
    column,
  );

/** The CSV text of one cell (the line after the header, without the line end). */
const cellText = (value: Cell) => valuesCsv(value).split('\r\n')[1];

const BOM = '\uFEFF';

describe('toCsv', () => {
  it('starts with the byte-order mark, has a header row and ends every line with CRLF', () => {
    const rows = [
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'Beta' },
    ];
    const csv = toCsv(rows, [
      { header: 'ID', value: (r) => r.id },
      { header: 'Name', value: (r) => r.name },
    ]);
    expect(csv).toBe(`${BOM}ID,Name\r\n1,Alpha\r\n2,Beta\r\n`);
  });

  it('is the header row alone when there are no rows', () => {
    expect(valuesCsv()).toBe(`${BOM}Value\r\n`);
  });

  it('leaves plain text as it is', () => {
    expect(cellText('Cape Town')).toBe('Cape Town');
    expect(cellText("O'Brien Security")).toBe("O'Brien Security");
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(cellText('Smith, Jones')).toBe('"Smith, Jones"');
    expect(cellText('The "best" installer')).toBe('"The ""best"" installer"');
    expect(cellText('"')).toBe('""""');
    expect(valuesCsv('line one\nline two')).toBe(`${BOM}Value\r\n"line one\nline two"\r\n`);
    expect(valuesCsv('line one\r\nline two')).toBe(`${BOM}Value\r\n"line one\r\nline two"\r\n`);
  });

  it('quotes header cells by the same rules', () => {
    const csv = toCsv([{ n: 1 }], [{ header: 'Price, in "R"', value: (r) => r.n }]);
    expect(csv).toBe(`${BOM}"Price, in ""R"""\r\n1\r\n`);
  });

  it('joins lists with "; ", quoted', () => {
    expect(cellText(['cctv', 'alarms', 'wifi'])).toBe('"cctv; alarms; wifi"');
    expect(cellText([])).toBe('');
    expect(cellText(['Smith, Jones', 'x'])).toBe('"Smith, Jones; x"');
  });

  it('writes instants in South African time with the offset, to the minute', () => {
    expect(cellText(new Date(Date.UTC(2025, 5, 1, 8, 30, 15, 250)))).toBe(
      '2025-06-01 10:30 +02:00',
    );
    // Late in the evening UTC is the next day in South Africa.
    expect(cellText(new Date(Date.UTC(2026, 10, 27, 23, 5)))).toBe('2026-11-28 01:05 +02:00');
    expect(cellText(new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe('2026-01-01 02:00 +02:00');
  });

  it('writes instants the same whatever time zone the server runs in', () => {
    const zone = process.env['TZ'];
    try {
      for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
        process.env['TZ'] = tz;
        expect(saDateTime(new Date(Date.UTC(2026, 10, 28, 12, 5)))).toBe('2026-11-28 14:05 +02:00');
      }
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('leaves null and undefined empty, and writes numbers and booleans as they are', () => {
    expect(valuesCsv(null, undefined, 0, 1500, 4.5, true, false)).toBe(
      `${BOM}Value\r\n\r\n\r\n0\r\n1500\r\n4.5\r\ntrue\r\nfalse\r\n`,
    );
  });

  it.each([
    ['=', '=SUM(A1:A9)'],
    ['+', '+27825550101'],
    ['-', '-2+3'],
    ['@', '@SUM(A1)'],
    ['a tab', '\tcmd'],
  ])('prefixes text starting with %s with an apostrophe', (_, text) => {
    // (a tab is also quoted: some spreadsheets split on it)
    expect(cellText(text)?.replace(/^"(.*)"$/s, '$1')).toBe(`'${text}`);
  });

  it('prefixes a formula and still quotes it properly', () => {
    expect(cellText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(valuesCsv('\r=1')).toBe(`${BOM}Value\r\n"'\r=1"\r\n`);
  });

  it('prefixes and quotes a list with an item that starts like a formula', () => {
    expect(cellText(['=1+1', 'cctv'])).toBe(`"'=1+1; cctv"`);
    expect(cellText(['cctv', '=1+1'])).toBe(`"'cctv; =1+1"`);
  });

  it.each([
    ['a semicolon', 'a;=1+1'],
    ['a comma', 'a,=1+1'],
    ['a tab', 'a\t@SUM(A1)'],
    ['a semicolon and spaces', 'Pretoria;  +27 12 555 0101'],
  ])('prefixes and quotes a formula after %s, which a spreadsheet may split on', (_, text) => {
    expect(cellText(text)).toBe(`"'${text}"`);
  });

  it('quotes a semicolon or a tab without a formula, so no spreadsheet splits the cell', () => {
    expect(cellText('CCTV; alarms')).toBe('"CCTV; alarms"');
    expect(cellText('a\tb')).toBe('"a\tb"');
  });

  it('does not prefix numbers, negative ones included', () => {
    expect(cellText(-5)).toBe('-5');
    expect(cellText(-0.5)).toBe('-0.5');
  });

  it('leaves formula characters after the first alone', () => {
    expect(cellText('a=b+c-d@e')).toBe('a=b+c-d@e');
    expect(cellText('R1 500-R3 000')).toBe('R1 500-R3 000');
    expect(cellText(' =1')).toBe(' =1');
  });
});
