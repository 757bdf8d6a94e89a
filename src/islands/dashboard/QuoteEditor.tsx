/**
 * The dashboard's "Quote and job" of one request (docs/decisions/0051): the provider's
 * quotes on its copy (every version, its state, the PDF), the editor of a quote or a
 * revision with its running totals, a fee for preparing the quote asked before it, and
 * once accepted the agreed job: variations, completion at the final total, and its PDF.
 * Loaded when the provider opens it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { addDays, formatDay, saToday } from '../../lib/calendar-days';
import { ENQUIRIES_KEY } from '../../lib/provider-dashboard';
import type { JobView, ProviderQuotes, QuoteView } from '../../lib/quote-answers';
import {
  centsToRand,
  depositCents,
  formatCents,
  QUOTE_LIMITS,
  quoteTotals,
  randToCents,
  VAT_PERCENT,
  type DepositKind,
} from '../../lib/quotes';
import { refreshQueries } from '../../lib/refresh-queries';
import {
  CompleteJobSchema,
  DisputeSchema,
  PreparationFeeSchema,
  QuoteSchema,
  VariationSchema,
  type QuoteInput,
} from '../../lib/schemas/quotes';
import { toast } from '../../lib/toast';
import {
  DisputeNote,
  QuoteLines,
  QuoteStateBadge,
  QuoteTerms,
  QuoteTotals,
} from '../request/QuoteDetails';
import { Checkbox } from '../ui/Checkbox';
import { FormActions } from '../ui/FormActions';
import { Modal } from '../ui/Modal';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { TryAgain } from '../ui/TryAgain';
import {
  emptyLine,
  lineInputs,
  LinesEditor,
  RunningTotals,
  type LineDraft,
} from './QuoteLinesEditor';
import { handledSessionEnd } from './session';

const quotesKey = (enquiryId: number) => ['/api/provider/enquiries/quotes', enquiryId] as const;

type Errors = Record<string, string>;

/** The API's field names as the forms name their inputs. */
const FORM_FIELDS: Record<string, string> = {
  unitPriceCents: 'unitPrice',
  depositAmountCents: 'depositAmount',
  preparationFeeCents: 'preparationFee',
  feeCents: 'fee',
  finalTotalCents: 'finalTotal',
};

function formErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.path.map((part) => FORM_FIELDS[String(part)] ?? String(part)).join('.');
    errors[path || '_'] ??= issue.message;
  }
  return errors;
}

/** The server's field errors in the form's names, or its message under '_'. */
function serverErrors(error: unknown): Errors {
  if (error instanceof ApiError) {
    const errors = formErrors(
      Object.entries(error.fieldErrors ?? {}).map(([path, message]) => ({
        path: path.split('.'),
        message,
      })),
    );
    errors['_'] ??= error.serverMessage ?? error.message;
    return errors;
  }
  return { _: 'Something went wrong. Please check your connection and try again.' };
}

function FormFailure({ errors }: { errors: Errors }) {
  return errors['_'] ? (
    <p className="text-sm text-error" role="alert">
      {errors['_']}
    </p>
  ) : null;
}

// ---------------------------------------------------------------------------------------
// The quote form
// ---------------------------------------------------------------------------------------

interface QuoteDraft {
  lines: LineDraft[];
  validUntil: string;
  earliestStart: string;
  depositKind: DepositKind;
  depositAmount: string;
  depositPercent: string;
  repairWork: boolean;
  warrantyMonths: string;
  chargePreparationFee: boolean;
  note: string;
}

/** The draft's fields typed as text, each with its error under the same name. */
type DraftText =
  'validUntil' | 'earliestStart' | 'depositAmount' | 'depositPercent' | 'warrantyMonths' | 'note';
type DraftFlag = 'repairWork' | 'chargePreparationFee';

/** A new quote's draft, or a revision's from the newest version. */
function draftOf(latest: QuoteView | undefined): QuoteDraft {
  const today = saToday();
  if (!latest) {
    return {
      lines: [emptyLine()],
      validUntil: addDays(today, 30),
      earliestStart: addDays(today, 7),
      depositKind: 'none',
      depositAmount: '',
      depositPercent: '',
      repairWork: false,
      warrantyMonths: '12',
      chargePreparationFee: false,
      note: '',
    };
  }
  return {
    lines: latest.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: String(line.quantity),
      unit: line.unit,
      unitPrice: centsToRand(line.unitPriceCents),
    })),
    validUntil: latest.validUntil < today ? addDays(today, 30) : latest.validUntil,
    earliestStart: latest.earliestStart < today ? today : latest.earliestStart,
    depositKind:
      latest.depositCents === 0 ? 'none' : latest.depositPercent !== null ? 'share' : 'amount',
    depositAmount: latest.depositPercent === null ? centsToRand(latest.depositCents) : '',
    depositPercent: latest.depositPercent === null ? '' : String(latest.depositPercent),
    repairWork: latest.repairWork,
    warrantyMonths: String(latest.warrantyMonths),
    chargePreparationFee: latest.preparationFeeCents > 0,
    note: latest.note ?? '',
  };
}

function QuoteForm({
  enquiryId,
  data,
  onDone,
}: {
  enquiryId: number;
  data: ProviderQuotes;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const latest = data.quotes[0];
  const [draft, setDraft] = useState<QuoteDraft>(() => draftOf(latest));
  const [errors, setErrors] = useState<Errors>({});
  const vatPercent = data.vatNumber ? VAT_PERCENT : 0;
  const agreedFee = data.preparationFee?.agreedAt ? data.preparationFee.feeCents : 0;
  const set = (change: Partial<QuoteDraft>) => setDraft((current) => ({ ...current, ...change }));
  /** A text field of the draft: its input's id (`${id}-${suffix}`), value, error and change. */
  const text = (name: DraftText, suffix: string) => ({
    id: `${id}-${suffix}`,
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value }),
  });
  const flag = (name: DraftFlag) => ({
    checked: draft[name],
    onChange: (event: { target: { checked: boolean } }) => set({ [name]: event.target.checked }),
  });

  const send = useMutation({
    mutationFn: (body: QuoteInput) =>
      answer(
        api.provider.enquiries[':id{[0-9]+}'].quotes.$post({
          param: { id: String(enquiryId) },
          json: body,
        }),
      ),
    onSuccess: async (sent) => {
      toast({
        title: sent.version > 1 ? `Version ${sent.version} sent` : 'Quote sent',
        description: sent.mailed
          ? `The customer has been e-mailed your quote of ${formatCents(sent.totalCents)}.`
          : 'Your quote is on the customer’s request page. Their e-mail address is not confirmed yet, so it was not e-mailed.',
      });
      await refreshQueries(queryClient, quotesKey(enquiryId), ENQUIRIES_KEY);
      onDone();
    },
    onError: (error) => {
      if (handledSessionEnd(queryClient, error)) return;
      setErrors(serverErrors(error));
    },
  });

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const body: QuoteInput = {
      lines: lineInputs(draft.lines),
      validUntil: draft.validUntil,
      earliestStart: draft.earliestStart,
      depositKind: draft.depositKind,
      depositAmountCents:
        draft.depositKind === 'amount' ? (randToCents(draft.depositAmount) ?? Number.NaN) : null,
      depositPercent: draft.depositKind === 'share' ? Number(draft.depositPercent) : null,
      repairWork: draft.repairWork,
      warrantyMonths: Number(draft.warrantyMonths),
      preparationFeeCents: draft.chargePreparationFee ? agreedFee : 0,
      note: draft.note,
    };
    const checked = QuoteSchema.safeParse(body);
    if (!checked.success) {
      setErrors(formErrors(checked.error.issues));
      return;
    }
    const cap = data.depositCapPercent;
    const totals = quoteTotals(checked.data.lines, vatPercent);
    const deposit = depositCents(
      {
        kind: checked.data.depositKind,
        amountCents: checked.data.depositAmountCents,
        percent: checked.data.depositPercent,
      },
      totals.totalCents,
    );
    if (deposit * 100 > totals.totalCents * cap) {
      const message = `The deposit may be at most ${cap} % of the total (Consumer Protection Act s17: a reasonable deposit)`;
      setErrors({ [draft.depositKind === 'share' ? 'depositPercent' : 'depositAmount']: message });
      return;
    }
    setErrors({});
    send.mutate(body);
  };

  return (
    <form noValidate className="space-y-4 p-5 sm:p-6" onSubmit={submit}>
      <p className="text-sm">
        {vatPercent > 0
          ? `VAT at ${VAT_PERCENT} % is added: your VAT number ${data.vatNumber ?? ''} (${data.registeredName ?? ''}) is on the quote.`
          : 'No VAT is added: your profile has no VAT number. Add it and your registered name in the Profile tab if you are VAT-registered.'}
      </p>
      <LinesEditor
        lines={draft.lines}
        onChange={(lines) => set({ lines })}
        errors={errors}
        idPrefix={id}
      />
      <RunningTotals lines={draft.lines} vatPercent={vatPercent} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          type="date"
          label="Valid until"
          min={saToday()}
          {...text('validUntil', 'valid')}
        />
        <TextField
          type="date"
          label="Earliest start"
          min={saToday()}
          {...text('earliestStart', 'start')}
        />
        <SelectField
          id={`${id}-deposit-kind`}
          label={`Deposit (at most ${data.depositCapPercent} % of the total)`}
          value={draft.depositKind}
          onChange={(event) => set({ depositKind: event.target.value as DepositKind })}
        >
          <option value="none">No deposit</option>
          <option value="amount">An amount</option>
          <option value="share">A share of the total</option>
        </SelectField>
        {draft.depositKind === 'amount' && (
          <TextField
            label="Deposit (R)"
            inputMode="decimal"
            {...text('depositAmount', 'deposit-amount')}
          />
        )}
        {draft.depositKind === 'share' && (
          <TextField
            label="Deposit (% of the total)"
            inputMode="numeric"
            {...text('depositPercent', 'deposit-share')}
          />
        )}
        <TextField
          label="Warranty (months)"
          inputMode="numeric"
          hint="At least 3 months on repair or maintenance work."
          {...text('warrantyMonths', 'warranty')}
        />
      </div>
      <Checkbox {...flag('repairWork')}>This is repair or maintenance work</Checkbox>
      {agreedFee > 0 && (
        <Checkbox {...flag('chargePreparationFee')}>
          Charge the preparation fee of {formatCents(agreedFee)} the customer agreed to
        </Checkbox>
      )}
      {errors['preparationFee'] && (
        <p className="text-sm text-error" role="alert">
          {errors['preparationFee']}
        </p>
      )}
      <TextAreaField
        label="Notes for the customer (optional)"
        rows={3}
        maxLength={QUOTE_LIMITS.noteLength}
        {...text('note', 'note')}
      />
      <FormFailure errors={errors} />
      <FormActions
        onCancel={onDone}
        label={latest ? 'Send revised quote' : 'Send quote'}
        busy={send.isPending && 'Sending...'}
      />
    </form>
  );
}

// ---------------------------------------------------------------------------------------
// Smaller forms: the preparation fee, a variation, completion
// ---------------------------------------------------------------------------------------

/** A schema of the forms (zod/mini), as far as the forms use it. */
interface CheckingSchema<B> {
  safeParse: (
    value: unknown,
  ) =>
    | { success: true; data: B }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** A one-purpose form whose mutation refreshes the panel. */
function useQuoteAction<T>(enquiryId: number, call: (body: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: async () => {
      setErrors({});
      toast({ title: done });
      await refreshQueries(queryClient, quotesKey(enquiryId), ENQUIRIES_KEY);
    },
    onError: (error) => {
      if (!handledSessionEnd(queryClient, error)) setErrors(serverErrors(error));
    },
  });
  /**
   * The form's submit: `body` checked by `schema` first (its issues shown at the fields),
   * then `send` with the checked body.
   */
  const submitChecked =
    <B,>(schema: CheckingSchema<B>, body: unknown, send: (checked: B) => void) =>
    (event: SyntheticEvent) => {
      event.preventDefault();
      const checked = schema.safeParse(body);
      if (!checked.success) {
        setErrors(formErrors(checked.error.issues));
        return;
      }
      send(checked.data);
    };
  return { mutation, errors, setErrors, submitChecked };
}

function PreparationFeeForm({ enquiryId, data }: { enquiryId: number; data: ProviderQuotes }) {
  const id = useId();
  const [fee, setFee] = useState('');
  const { mutation, errors, submitChecked } = useQuoteAction(
    enquiryId,
    (feeCents: number) =>
      answer(
        api.provider.enquiries[':id{[0-9]+}']['preparation-fee'].$post({
          param: { id: String(enquiryId) },
          json: { feeCents },
        }),
      ),
    'Preparation fee asked',
  );
  const asked = data.preparationFee;
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={submitChecked(
        PreparationFeeSchema,
        { feeCents: randToCents(fee) ?? Number.NaN },
        (checked) => mutation.mutate(checked.feeCents),
      )}
    >
      <p className="text-sm">
        {asked
          ? asked.agreedAt
            ? `The customer agreed to your preparation fee of ${formatCents(asked.feeCents)}.`
            : asked.declinedAt
              ? `The customer declined your preparation fee of ${formatCents(asked.feeCents)}: your quote cannot charge for its preparation.`
              : `You asked ${formatCents(asked.feeCents)} for preparing the quote; the customer has not answered yet.`
          : 'Does preparing the quote cost something (a site visit)? The customer must agree to the fee before the visit.'}
      </p>
      {!asked?.agreedAt && (
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            id={`${id}-fee`}
            label="Preparation fee (R)"
            inputMode="decimal"
            value={fee}
            error={errors['fee']}
            onChange={(event) => setFee(event.target.value)}
          />
          <button type="submit" className="btn btn-outline btn-sm" disabled={mutation.isPending}>
            Ask the customer
          </button>
        </div>
      )}
      <FormFailure errors={errors} />
    </form>
  );
}

function VariationForm({ enquiryId, onDone }: { enquiryId: number; onDone: () => void }) {
  const id = useId();
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const [reason, setReason] = useState('');
  const { mutation, errors, submitChecked } = useQuoteAction(
    enquiryId,
    async (body: { lines: ReturnType<typeof lineInputs>; reason: string }) => {
      await answer(
        api.provider.enquiries[':id{[0-9]+}'].variations.$post({
          param: { id: String(enquiryId) },
          json: body,
        }),
      );
      onDone();
    },
    'Variation sent to the customer',
  );
  return (
    <form
      noValidate
      className="space-y-3 rounded-box border border-base-300 p-3"
      onSubmit={submitChecked(VariationSchema, { lines: lineInputs(lines), reason }, () =>
        mutation.mutate({ lines: lineInputs(lines), reason }),
      )}
    >
      <h4 className="font-semibold">Propose a variation</h4>
      <LinesEditor lines={lines} onChange={setLines} errors={errors} idPrefix={id} />
      <TextAreaField
        id={`${id}-reason`}
        label="Why the price changes"
        rows={2}
        maxLength={QUOTE_LIMITS.reasonLength}
        value={reason}
        error={errors['reason']}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormFailure errors={errors} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={mutation.isPending}>
          Send variation
        </button>
      </div>
    </form>
  );
}

function CompleteForm({ enquiryId, job }: { enquiryId: number; job: JobView }) {
  const id = useId();
  const [total, setTotal] = useState(centsToRand(job.agreedTotalCents));
  const { mutation, errors, submitChecked } = useQuoteAction(
    enquiryId,
    (finalTotalCents: number) =>
      answer(
        api.provider.enquiries[':id{[0-9]+}'].job.complete.$post({
          param: { id: String(enquiryId) },
          json: { finalTotalCents },
        }),
      ),
    'Job completed',
  );
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={submitChecked(
        CompleteJobSchema,
        { finalTotalCents: randToCents(total) ?? Number.NaN },
        (checked) => mutation.mutate(checked.finalTotalCents),
      )}
    >
      <TextField
        id={`${id}-final`}
        label="Final total (R)"
        inputMode="decimal"
        value={total}
        hint={`At most the agreed ${formatCents(job.agreedTotalCents)}.`}
        error={errors['finalTotal']}
        onChange={(event) => setTotal(event.target.value)}
      />
      <button type="submit" className="btn btn-success btn-sm" disabled={mutation.isPending}>
        Mark the job completed
      </button>
      <div className="w-full">
        <FormFailure errors={errors} />
      </div>
    </form>
  );
}

function DisputeForm({ enquiryId }: { enquiryId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { mutation, errors, submitChecked } = useQuoteAction(
    enquiryId,
    (body: { reason: string }) =>
      answer(
        api.provider.enquiries[':id{[0-9]+}'].job.dispute.$post({
          param: { id: String(enquiryId) },
          json: body,
        }),
      ),
    'Dispute raised: our team will contact you',
  );
  if (!open) {
    return (
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)}>
        Raise a dispute
      </button>
    );
  }
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={submitChecked(DisputeSchema, { reason }, (checked) => mutation.mutate(checked))}
    >
      <TextAreaField
        id={`${id}-dispute`}
        label="What is in dispute (our team reads it)"
        rows={2}
        maxLength={QUOTE_LIMITS.reasonLength}
        value={reason}
        error={errors['reason']}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormFailure errors={errors} />
      <button type="submit" className="btn btn-outline btn-sm" disabled={mutation.isPending}>
        Raise a dispute
      </button>
    </form>
  );
}

// ---------------------------------------------------------------------------------------
// The panel
// ---------------------------------------------------------------------------------------

function PdfLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="link text-sm" href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

function QuoteVersion({ quote, open }: { quote: QuoteView; open: boolean }) {
  return (
    <details className="rounded-box border border-base-300 p-3" open={open}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-2">
        <span className="font-semibold">Version {quote.version}</span>
        <span>{formatCents(quote.totalCents)}</span>
        <QuoteStateBadge state={quote.state} />
        <span className="text-xs">sent {formatDay(quote.createdAt.slice(0, 10))}</span>
      </summary>
      <div className="mt-3 space-y-3">
        <QuoteLines lines={quote.lines} caption={`Lines of version ${quote.version}`} />
        <QuoteTotals figures={quote} />
        <QuoteTerms quote={quote} />
        {quote.declineReason && (
          <p className="text-sm">
            <span className="font-semibold">Declined by the customer:</span> {quote.declineReason}
          </p>
        )}
        <PdfLink href={`/api/provider/quotes/${quote.id}/pdf`}>
          Version {quote.version} as PDF
        </PdfLink>
      </div>
    </details>
  );
}

function JobPanel({ enquiryId, job }: { enquiryId: number; job: JobView }) {
  const [proposing, setProposing] = useState(false);
  return (
    <section className="space-y-3 rounded-box bg-success/10 p-3" aria-label="The agreed job">
      <h4 className="font-semibold">Agreed job</h4>
      <p className="text-sm">
        The customer accepted version {job.version} on {formatDay(job.acceptedAt.slice(0, 10))}.
        Agreed total: <strong>{formatCents(job.agreedTotalCents)}</strong>
        {job.agreedTotalCents !== job.quoteTotalCents &&
          ` (quote ${formatCents(job.quoteTotalCents)} plus approved variations)`}
        .
      </p>
      {job.variations.length > 0 && (
        <ul className="space-y-1 text-sm">
          {job.variations.map((variation) => (
            <li key={variation.id}>
              Variation {variation.number}: {formatCents(variation.totalCents)},{' '}
              {variation.approvedAt
                ? 'approved'
                : variation.declinedAt
                  ? `declined (${variation.declineReason ?? ''})`
                  : 'waiting for the customer'}
              . {variation.reason}
            </li>
          ))}
        </ul>
      )}
      {job.completedAt ? (
        <p className="text-sm font-semibold">
          Completed on {formatDay(job.completedAt.slice(0, 10))} at{' '}
          {formatCents(job.finalTotalCents ?? 0)}.
        </p>
      ) : (
        <>
          {proposing ? (
            <VariationForm enquiryId={enquiryId} onDone={() => setProposing(false)} />
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setProposing(true)}
            >
              Propose a variation
            </button>
          )}
          <CompleteForm enquiryId={enquiryId} job={job} />
        </>
      )}
      <PdfLink href={`/api/provider/enquiries/${enquiryId}/job/pdf`}>The agreed job as PDF</PdfLink>
      {job.disputedAt ? (
        <DisputeNote job={job} reader="provider" />
      ) : (
        <DisputeForm enquiryId={enquiryId} />
      )}
    </section>
  );
}

function QuotePanel({ enquiryId, closed }: { enquiryId: number; closed: boolean }) {
  const [editing, setEditing] = useState(false);
  const quotes = useQuery({
    queryKey: quotesKey(enquiryId),
    queryFn: () =>
      answer(
        api.provider.enquiries[':id{[0-9]+}'].quotes.$get({ param: { id: String(enquiryId) } }),
      ),
  });
  if (quotes.isPending) return <p role="status">Loading the quotes...</p>;
  if (quotes.isError) {
    return (
      <TryAgain className="text-sm text-error" onRetry={() => void quotes.refetch()}>
        The quotes could not be loaded.
      </TryAgain>
    );
  }
  const data = quotes.data;
  const canQuote = !closed && !data.job && !data.otherChosen;
  return (
    <div className="space-y-3">
      {data.otherChosen && (
        <p className="text-sm">
          The customer accepted another provider’s quote for this request. Thank you for quoting.
        </p>
      )}
      {data.job && <JobPanel enquiryId={enquiryId} job={data.job} />}
      {canQuote && data.quotes.length === 0 && (
        <PreparationFeeForm enquiryId={enquiryId} data={data} />
      )}
      {data.quotes.map((quote, index) => (
        <QuoteVersion key={quote.id} quote={quote} open={index === 0 && !data.job} />
      ))}
      {canQuote && (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
          {data.quotes.length > 0 ? 'Revise the quote' : 'Write a quote'}
        </button>
      )}
      <Modal
        open={editing}
        onClose={() => setEditing(false)}
        label="Quote"
        title={
          <h3 className="text-lg font-bold">
            {data.quotes.length > 0
              ? `Version ${data.quotes.length + 1} of your quote`
              : 'Your quote'}
          </h3>
        }
      >
        <QuoteForm enquiryId={enquiryId} data={data} onDone={() => setEditing(false)} />
      </Modal>
    </div>
  );
}

/** The section of an enquiry's card; its content loads when opened. */
export function EnquiryQuotes({ enquiryId, closed }: { enquiryId: number; closed: boolean }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <section className="rounded-box border border-base-300 p-3" aria-label="Quote and job">
      <button
        type="button"
        className="btn btn-ghost btn-sm w-full justify-between"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen(!open)}
      >
        Quote and job
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      <div id={panel} hidden={!open} className="mt-3">
        {open && <QuotePanel enquiryId={enquiryId} closed={closed} />}
      </div>
    </section>
  );
}
