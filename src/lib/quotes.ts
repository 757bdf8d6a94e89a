/**
 * Quotes in money and words, the same in the browser (the editor's running totals) and
 * on the server (what is stored): every amount is whole cents, every sum is integer
 * arithmetic, and the one rounding (a line's quantity times its unit price, VAT, a
 * deposit's share) is half away from zero, as PostgreSQL's round() of a numeric does, so
 * the database's checks hold the same figures (docs/decisions/0051).
 */

/** What a quote's line is for. */
export const QUOTE_LINE_KINDS = ['labour', 'materials', 'call-out', 'other'] as const;
export type QuoteLineKind = (typeof QUOTE_LINE_KINDS)[number];

export const QUOTE_LINE_KIND_LABELS: Record<QuoteLineKind, string> = {
  labour: 'Labour',
  materials: 'Materials',
  'call-out': 'Call-out',
  other: 'Other',
};

/** South Africa's standard VAT rate, in percent: added only by a VAT-registered provider. */
export const VAT_PERCENT = 15;

/** The ways a quote asks for a deposit (Consumer Protection Act s17: a reasonable one). */
export const DEPOSIT_KINDS = ['none', 'amount', 'share'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/** The bounds of a quote: past them an amount is a typing mistake, not a price. */
export const QUOTE_LIMITS = {
  lines: 50,
  /** R1 000 000 for one unit. */
  unitPriceCents: 100_000_000,
  quantity: 10_000,
  /** R5 000 000 for a whole quote, VAT included (and for each line). */
  totalCents: 500_000_000,
  /** How far ahead a quote may stay open: a year. */
  validityDays: 365,
  warrantyMonths: 120,
  /** Consumer Protection Act s57: three months' warranty on repair or maintenance work. */
  repairWarrantyMonths: 3,
  descriptionLength: 200,
  unitLength: 20,
  noteLength: 2000,
  reasonLength: 1000,
  /** R10 000 for preparing a quote. */
  preparationFeeCents: 1_000_000,
} as const;

/** A line as the provider gives it. */
export interface QuoteLineInput {
  kind: QuoteLineKind;
  description: string;
  /** At most two decimals (2.5 hours, 30.25 metres). */
  quantity: number;
  unit: string;
  unitPriceCents: number;
}

/** The quantity in hundredths, when it has at most two decimals; undefined otherwise. */
export function quantityHundredths(quantity: number): number | undefined {
  const hundredths = Math.round(quantity * 100);
  return Number.isFinite(quantity) && Math.abs(quantity * 100 - hundredths) < 1e-6
    ? hundredths
    : undefined;
}

/** `numerator / denominator` rounded half away from zero, for non-negative integers. */
function roundedDivision(numerator: number, denominator: number): number {
  return Math.round(numerator / denominator);
}

/** A line's total: quantity times unit price, rounded to the cent. */
export function lineTotalCents(line: Pick<QuoteLineInput, 'quantity' | 'unitPriceCents'>): number {
  const hundredths = quantityHundredths(line.quantity) ?? Math.round(line.quantity * 100);
  return roundedDivision(hundredths * line.unitPriceCents, 100);
}

export interface QuoteTotals {
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** The totals of some lines, with VAT at `vatPercent` (0 for a provider not registered). */
export function quoteTotals(
  lines: readonly Pick<QuoteLineInput, 'quantity' | 'unitPriceCents'>[],
  vatPercent: number,
): QuoteTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const vatCents = roundedDivision(subtotalCents * vatPercent, 100);
  return { subtotalCents, vatCents, totalCents: subtotalCents + vatCents };
}

/** The deposit a quote asks for, in cents. */
export function depositCents(
  deposit: {
    kind: DepositKind;
    amountCents?: number | null | undefined;
    percent?: number | null | undefined;
  },
  totalCents: number,
): number {
  if (deposit.kind === 'amount') return deposit.amountCents ?? 0;
  if (deposit.kind === 'share') return roundedDivision(totalCents * (deposit.percent ?? 0), 100);
  return 0;
}

/** Whether a deposit stays within the cap (a share of the total, in percent). */
export function depositWithinCap(deposit: number, totalCents: number, capPercent: number): boolean {
  return deposit * 100 <= totalCents * capPercent;
}

/**
 * Rand and cents as en-ZA writes them (Intl's en-ZA currency format, without its space
 * after the R, as formatRand writes rand): 'R12 345,60', a no-break space between
 * thousands and a comma before the cents. Written out for the reason formatRand is
 * (src/lib/format.ts).
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}R${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${rest}`;
}

/** A quantity as typed: '2', '2.5', '30.25'. */
export function formatQuantity(quantity: number | string): string {
  return String(Number(quantity));
}

/** Warranty in words: 'None', '3 months', '1 month'. */
export function warrantyWords(months: number): string {
  if (months === 0) return 'None';
  return months === 1 ? '1 month' : `${months} months`;
}

/**
 * The Consumer Protection Act's words on repair and maintenance estimates (s15), as the
 * quote's PDF and the status page state them.
 */
export const S15_WORDING =
  'Consumer Protection Act, section 15: for repair or maintenance work you owe nothing unless an estimate was given to you and you authorised the work (or you pre-authorised a maximum, or declined the estimate in writing), and the agreed price may not be exceeded without your approval. A change of price is a variation that you approve or decline in writing.';

/**
 * Rand as a person types it ('1299.50', '1 299,50', 'R450') in cents; undefined for
 * anything else (more than two decimals, letters, nothing).
 */
export function randToCents(text: string): number | undefined {
  const cleaned = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0]/g, '');
  const match = /^(\d{1,10})(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the rand a form shows for editing: '1299.50', '450'. */
export function centsToRand(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
