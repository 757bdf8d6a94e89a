/**
 * The documents to keep (docs/decisions/0051): a quote version, and the agreed job (the
 * accepted quote, its variations and the totals), as PDF made with pdfkit and its
 * standard Helvetica (no font files of ours). Both name the parties, the provider's
 * registered name and VAT number where it is registered, the lines, VAT and totals,
 * validity, deposit, warranty and the Consumer Protection Act's s15 wording.
 */
import PDFDocument from 'pdfkit';
import { formatDay, saClock } from '../../lib/calendar-days.ts';
import {
  formatCents,
  formatQuantity,
  QUOTE_LINE_KIND_LABELS,
  S15_WORDING,
  warrantyWords,
} from '../../lib/quotes.ts';
import { privateFileHeaders } from '../http/private-file-headers.ts';
import type { JobView, QuoteLineView, QuoteView, VariationView } from './read-quotes.ts';

/** The parties and the request, as the documents name them. */
export interface DocumentParties {
  reference: string;
  customerName: string;
  location: string;
  serviceName: string;
  provider: { name: string; phone: string; email: string };
}

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/**
 * Text the standard fonts can draw: they know Windows-1252's letters only, so accents are
 * taken apart and their marks dropped, no-break spaces become spaces and anything else
 * outside Latin-1 a question mark (names are stored as typed; only the PDF simplifies).
 */
export function printable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u00a0\u202f\u2007]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\t\n\r\u0020-\u007e\u00a1-\u00ff]/g, '?');
}

const money = (cents: number) => printable(formatCents(cents));

/** An instant as South Africans read it: '28 November 2026, 14:05'. */
function saDateTime(at: string): string {
  const { day, time } = saClock(new Date(at));
  return `${formatDay(day)}, ${time}`;
}

/** A document under its title and the line that says where it comes from. */
function render(
  { title, subtitle }: { title: string; subtitle: string },
  build: (doc: Doc) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: printable(title), Creator: 'Verified Providers' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(printable(title));
  doc.font('Helvetica').fontSize(10).text(printable(subtitle));
  build(doc);
  doc.end();
  return done;
}

/** Room left on the page, or a new page. */
function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
}

function heading(doc: Doc, text: string, size = 12): void {
  ensureRoom(doc, size * 3);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(size).text(printable(text), MARGIN, doc.y);
  doc.font('Helvetica').fontSize(10);
}

function pairs(doc: Doc, rows: [string, string][]): void {
  for (const [label, value] of rows) {
    ensureRoom(doc, 14);
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).text(printable(label), MARGIN, y, { width: 150 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(printable(value), MARGIN + 155, y, { width: CONTENT_WIDTH - 155 });
    doc.y = Math.max(doc.y, labelBottom);
  }
}

const COLUMNS = [
  { title: 'Item', width: 215, align: 'left' },
  { title: 'Qty', width: 45, align: 'right' },
  { title: 'Unit', width: 55, align: 'left' },
  { title: 'Unit price', width: 90, align: 'right' },
  { title: 'Line total', width: 90, align: 'right' },
] as const;

function tableRow(doc: Doc, cells: readonly string[], bold = false): void {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const placed = COLUMNS.map((column, i) => ({ column, text: printable(cells[i] ?? '') }));
  const heights = placed.map(({ column, text }) =>
    doc.heightOfString(text, { width: column.width - 6 }),
  );
  const height = Math.max(...heights) + 6;
  ensureRoom(doc, height);
  const y = doc.y;
  let x = MARGIN;
  for (const { column, text } of placed) {
    doc.text(text, x + 3, y + 3, { width: column.width - 6, align: column.align });
    x += column.width;
  }
  doc.y = y + height;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
    .strokeColor('#cccccc')
    .stroke();
  doc.x = MARGIN;
}

function lineTable(doc: Doc, lines: readonly QuoteLineView[]): void {
  tableRow(
    doc,
    COLUMNS.map((column) => column.title),
    true,
  );
  for (const line of lines) {
    tableRow(doc, [
      `${QUOTE_LINE_KIND_LABELS[line.kind]}: ${line.description}`,
      formatQuantity(line.quantity),
      line.unit,
      money(line.unitPriceCents),
      money(line.totalCents),
    ]);
  }
}

function totals(
  doc: Doc,
  figures: { subtotalCents: number; vatCents: number; vatPercent: number; totalCents: number },
  label = 'Total',
): void {
  doc.moveDown(0.4);
  const rows: [string, string][] = [
    ['Subtotal', money(figures.subtotalCents)],
    [
      figures.vatPercent > 0 ? `VAT (${figures.vatPercent}%)` : 'VAT',
      figures.vatPercent > 0 ? money(figures.vatCents) : 'None: not VAT-registered',
    ],
    [label, money(figures.totalCents)],
  ];
  for (const [name, value] of rows) {
    ensureRoom(doc, 14);
    const y = doc.y;
    const bold = name === label;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
    doc.text(name, MARGIN + 260, y, { width: 140, align: 'right' });
    doc.text(value, MARGIN + 405, y, { width: 90, align: 'right' });
    doc.y = Math.max(doc.y, y + 14);
  }
  doc.x = MARGIN;
  doc.font('Helvetica').fontSize(10);
}

function parties(doc: Doc, who: DocumentParties, quote: QuoteView): void {
  heading(doc, 'Provider');
  const provider: [string, string][] = [['Trading name', quote.providerName]];
  if (quote.registeredName) provider.push(['Registered name', quote.registeredName]);
  provider.push(['VAT number', quote.vatNumber ?? 'Not VAT-registered']);
  provider.push(['Contact', `${who.provider.phone} · ${who.provider.email}`]);
  pairs(doc, provider);
  heading(doc, 'Customer');
  pairs(doc, [
    ['Name', who.customerName],
    ['Job location', who.location],
    ['Service', who.serviceName],
  ]);
}

function quoteTerms(doc: Doc, quote: QuoteView): void {
  heading(doc, 'Terms');
  const deposit =
    quote.depositCents === 0
      ? 'None'
      : quote.depositPercent !== null
        ? `${money(quote.depositCents)} (${quote.depositPercent}% of the total)`
        : money(quote.depositCents);
  pairs(doc, [
    ['Valid until', formatDay(quote.validUntil)],
    ['Deposit', deposit],
    ['Earliest start', formatDay(quote.earliestStart)],
    ['Warranty', warrantyWords(quote.warrantyMonths)],
    ['Kind of work', quote.repairWork ? 'Repair or maintenance' : 'New work or installation'],
    [
      'Preparing this quote',
      quote.preparationFeeCents > 0
        ? `${money(quote.preparationFeeCents)}, agreed by the customer before the visit`
        : 'Free of charge',
    ],
  ]);
  if (quote.note) {
    heading(doc, 'Notes from the provider', 11);
    doc.text(printable(quote.note), MARGIN, doc.y, { width: CONTENT_WIDTH });
  }
}

function s15(doc: Doc): void {
  heading(doc, 'Your rights', 11);
  doc.fontSize(9).text(printable(S15_WORDING), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.fontSize(10);
}

/** The PDF of one quote version. */
export function quotePdf(who: DocumentParties, quote: QuoteView): Promise<Uint8Array<ArrayBuffer>> {
  const title = `Quote ${who.reference} version ${quote.version}`;
  const subtitle = `Issued ${formatDay(quote.createdAt.slice(0, 10))} by ${quote.providerName} through Verified Providers`;
  return render({ title, subtitle }, (doc) => {
    parties(doc, who, quote);
    heading(doc, 'Items');
    lineTable(doc, quote.lines);
    totals(doc, quote);
    quoteTerms(doc, quote);
    s15(doc);
  });
}

function variationSection(doc: Doc, variation: VariationView): void {
  const state = variation.approvedAt
    ? `approved ${formatDay(variation.approvedAt.slice(0, 10))}`
    : variation.declinedAt
      ? `declined ${formatDay(variation.declinedAt.slice(0, 10))}: not part of the agreed price`
      : 'waiting for the customer: not part of the agreed price';
  heading(doc, `Variation ${variation.number} (${state})`, 11);
  doc.text(printable(`Reason: ${variation.reason}`), MARGIN, doc.y, { width: CONTENT_WIDTH });
  if (variation.declineReason) {
    doc.text(printable(`Customer's reason: ${variation.declineReason}`), MARGIN, doc.y, {
      width: CONTENT_WIDTH,
    });
  }
  doc.moveDown(0.3);
  lineTable(doc, variation.lines);
  totals(doc, variation, 'Variation total');
}

/** The PDF of the agreed job: the accepted quote, its variations and the agreed total. */
export function jobPdf(
  who: DocumentParties,
  quote: QuoteView,
  job: JobView,
): Promise<Uint8Array<ArrayBuffer>> {
  const title = `Agreed job ${who.reference}`;
  const subtitle = `Quote version ${quote.version} accepted by the customer on ${saDateTime(job.acceptedAt)} (South African time)`;
  return render({ title, subtitle }, (doc) => {
    parties(doc, who, quote);
    heading(doc, `Accepted quote (version ${quote.version})`);
    lineTable(doc, quote.lines);
    totals(doc, quote, 'Quote total');
    for (const variation of job.variations) variationSection(doc, variation);
    heading(doc, 'Agreed price');
    pairs(doc, [
      ['Accepted quote', money(job.quoteTotalCents)],
      ['Approved variations', money(job.agreedTotalCents - job.quoteTotalCents)],
      ['Agreed total', money(job.agreedTotalCents)],
      [
        'Final total',
        job.finalTotalCents === null
          ? 'Not completed yet'
          : `${money(job.finalTotalCents)}, completed ${formatDay((job.completedAt ?? '').slice(0, 10))}`,
      ],
    ]);
    quoteTerms(doc, quote);
    s15(doc);
  });
}

/** The answer headers of a PDF: shown in the browser, saved under `fileName`. */
export const pdfHeaders = (fileName: string) =>
  privateFileHeaders(
    'application/pdf',
    `inline; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
  );
