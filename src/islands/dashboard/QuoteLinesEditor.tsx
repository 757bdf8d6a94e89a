/**
 * The lines of a quote or a variation as the dashboard's forms edit them (docs/decisions/0051):
 * kind, what, quantity, unit and unit price, a line added or removed, and the running
 * totals of what is typed so far, with the server's arithmetic (src/lib/quotes.ts).
 */
import {
  QUOTE_LIMITS,
  QUOTE_LINE_KIND_LABELS,
  QUOTE_LINE_KINDS,
  quoteTotals,
  randToCents,
  type QuoteLineKind,
} from '../../lib/quotes';
import { QuoteTotals } from '../request/QuoteDetails';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';

export interface LineDraft {
  kind: QuoteLineKind;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
}

export const emptyLine = (): LineDraft => ({
  kind: 'labour',
  description: '',
  quantity: '1',
  unit: 'each',
  unitPrice: '',
});

/** The lines as the API takes them; a price or quantity that is no number is sent as NaN. */
export const lineInputs = (lines: readonly LineDraft[]) =>
  lines.map((line) => ({
    kind: line.kind,
    description: line.description,
    quantity: Number(line.quantity.replace(',', '.')),
    unit: line.unit,
    unitPriceCents: randToCents(line.unitPrice) ?? Number.NaN,
  }));

/** The text inputs of a line: label, id suffix and what the input takes. */
const TEXT_COLUMNS = {
  description: { label: 'What', id: 'description', maxLength: QUOTE_LIMITS.descriptionLength },
  quantity: { label: 'Quantity', id: 'quantity', inputMode: 'decimal' },
  unit: { label: 'Unit', id: 'unit', maxLength: QUOTE_LIMITS.unitLength },
  unitPrice: { label: 'Unit price (R)', id: 'price', inputMode: 'decimal' },
} as const;

type TextColumn = keyof typeof TEXT_COLUMNS;

export function LinesEditor({
  lines,
  onChange,
  errors,
  idPrefix,
}: {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const set = (index: number, change: Partial<LineDraft>) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Lines</legend>
      {errors['lines'] && (
        <p className="text-sm text-error" role="alert">
          {errors['lines']}
        </p>
      )}
      {lines.map((line, index) => {
        const id = `${idPrefix}-line-${index}`;
        const field = (column: TextColumn) => (
          <TextField
            {...TEXT_COLUMNS[column]}
            id={`${id}-${TEXT_COLUMNS[column].id}`}
            value={line[column]}
            error={errors[`lines.${index}.${column}`]}
            onChange={(event) => set(index, { [column]: event.target.value })}
          />
        );
        return (
          <div
            key={index}
            className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[9rem_1fr]"
            role="group"
            aria-label={`Line ${index + 1}`}
          >
            <SelectField
              id={`${id}-kind`}
              label="Kind"
              value={line.kind}
              onChange={(event) => set(index, { kind: event.target.value as QuoteLineKind })}
            >
              {QUOTE_LINE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {QUOTE_LINE_KIND_LABELS[kind]}
                </option>
              ))}
            </SelectField>
            {field('description')}
            <div className="grid grid-cols-2 gap-2 sm:col-span-2 sm:grid-cols-3">
              {field('quantity')}
              {field('unit')}
              <div className="col-span-2 sm:col-span-1">{field('unitPrice')}</div>
            </div>
            {lines.length > 1 && (
              <div className="sm:col-span-2">
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => onChange(lines.filter((_, i) => i !== index))}
                >
                  Remove line {index + 1}
                </button>
              </div>
            )}
          </div>
        );
      })}
      {lines.length < QUOTE_LIMITS.lines && (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => onChange([...lines, emptyLine()])}
        >
          Add a line
        </button>
      )}
    </fieldset>
  );
}

/** The running totals of the lines typed so far (unreadable amounts count as nothing). */
export function RunningTotals({ lines, vatPercent }: { lines: LineDraft[]; vatPercent: number }) {
  const readable = lineInputs(lines).map((line) => ({
    quantity: Number.isFinite(line.quantity) ? line.quantity : 0,
    unitPriceCents: Number.isFinite(line.unitPriceCents) ? line.unitPriceCents : 0,
  }));
  const totals = quoteTotals(readable, vatPercent);
  return (
    <div aria-live="polite" className="rounded-box bg-base-200 p-3">
      <QuoteTotals figures={{ ...totals, vatPercent }} />
    </div>
  );
}
