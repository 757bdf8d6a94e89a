import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm, type Control, type FieldErrors } from 'react-hook-form';
import type { AdminCheck } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { saToday } from '../../lib/calendar-days';
import { CHECK_STATUSES, checkDefinition, keepsDocuments } from '../../lib/catalog/checks';
import {
  CHECK_STATUS_LABELS,
  CheckFormSchema,
  checkFormDefaults,
  hasCheckedOn,
  hasValidUntil,
  statedValidUntil,
  suggestedValidUntil,
  waitingRenewal,
  type CheckForm,
} from '../../lib/schemas/check-form';
import { CHECK_DOCUMENTS_MAX, type RecordCheck } from '../../lib/schemas/verification';
import { toast } from '../../lib/toast';
import { formFieldProps } from '../ui/form-field-props';
import { FormActions } from '../ui/FormActions';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { DocumentUpload } from '../uploads/DocumentUpload';
import { providerChecksKey, refreshProviders, toastFailure } from './admin-queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS: readonly (keyof CheckForm)[] = [
  'status',
  'reference',
  'insurer',
  'coverAmount',
  'checkedOn',
  'validUntil',
  'notes',
  'documents',
];
const isField = (name: string): name is keyof CheckForm =>
  (FIELDS as readonly string[]).includes(name);

/**
 * Records one check's outcome (PUT /api/admin/providers/{id}/checks/{type}). The server
 * answers the provider's checks as they now are: the screen shows them at once, and every
 * list the badge appears in is fetched again.
 */
export function CheckOutcomeForm({
  providerId,
  check,
  onDone,
}: {
  providerId: number;
  check: AdminCheck;
  /** Called when the outcome is recorded or the form is cancelled. */
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const today = saToday();
  const definition = checkDefinition(check.type);
  // A renewal the provider sent states the new reference and expiry: the likely outcome.
  const renewal = waitingRenewal(check.documents);
  const { control, register, handleSubmit, formState, setError, setFocus, setValue, watch } =
    useForm<CheckForm, unknown, RecordCheck>({
      resolver: zodResolver(CheckFormSchema),
      defaultValues: checkFormDefaults(check.type, check.record, today, renewal),
    });
  const { errors, dirtyFields } = formState;
  const status = watch('status');
  const checkedOn = watch('checkedOn');

  useEffect(() => setFocus('status'), [setFocus]);
  // The suggested last valid day follows the day checked until the admin types one (a
  // certificate's own expiry), unless one was stated (a renewal, the application).
  const validUntilTyped =
    dirtyFields.validUntil === true || statedValidUntil(check.record, renewal) !== null;
  useEffect(() => {
    if (!validUntilTyped && DAY.test(checkedOn)) {
      setValue('validUntil', suggestedValidUntil(check.type, checkedOn));
    }
  }, [checkedOn, validUntilTyped, check.type, setValue]);

  const record = useMutation({
    mutationFn: (body: RecordCheck) =>
      answer(
        api.admin.providers[':id'].checks[':type'].$put({
          param: { id: String(providerId), type: check.type },
          json: body,
        }),
      ),
    onSuccess: async (checks, body) => {
      queryClient.setQueryData(providerChecksKey(providerId), checks);
      toast({
        title: 'Check Recorded',
        description: `${check.label}: ${CHECK_STATUS_LABELS[body.status]}.`,
      });
      onDone();
      await refreshProviders(queryClient);
    },
    onError: (error) => {
      // The server's rules that need today or the provider (a pass valid today or later,
      // insurance needs its insurer): its message goes next to the field it names.
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          // A document's own error ("documents.0.upload") shows by the upload control.
          const name = field.startsWith('documents.') ? 'documents' : field;
          if (isField(name)) setError(name, { message });
        }
      }
      toastFailure('Recording Failed', error, 'Failed to record the check');
    },
  });

  const fieldProps = formFieldProps({ register, formState }, id);
  const field = (name: keyof CheckForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} {...extra} {...fieldProps(name)} />
  );
  const hint = (name: keyof CheckForm) =>
    [`${id}-${name}-hint`, errors[name] ? `${id}-${name}-error` : ''].join(' ').trim();
  // A required check cannot be not applicable (the server refuses it): not offered.
  const statuses = CHECK_STATUSES.filter((s) => !(check.required && s === 'not_applicable'));

  return (
    <form
      noValidate
      aria-label={`Record ${check.label}`}
      className="space-y-4 rounded-box border border-base-300 bg-base-200 p-4"
      onSubmit={(e) => void handleSubmit((body) => record.mutate(body))(e)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Outcome" {...fieldProps('status')}>
          <Options choices={statuses.map((s) => ({ value: s, label: CHECK_STATUS_LABELS[s] }))} />
        </SelectField>
        {field('reference', check.referenceLabel ?? 'Reference', { maxLength: 100 })}
        {check.type === 'insurance' && (
          <>
            {field('insurer', 'Insurer', { maxLength: 100 })}
            {field('coverAmount', 'Cover amount (R)', {
              inputMode: 'numeric',
              placeholder: 'e.g. 5000000',
            })}
          </>
        )}
        {hasCheckedOn(status) && field('checkedOn', 'Checked on', { type: 'date', max: today })}
        {hasValidUntil(status) && (
          <div>
            {field('validUntil', 'Valid until', {
              type: 'date',
              min: today,
              'aria-describedby': hint('validUntil'),
            })}
            <p id={`${id}-validUntil-hint`} className="mt-1 text-sm">
              The last day the pass counts. Suggested: {definition.validMonths} months from the day
              checked; for a certificate or a policy, use its own expiry.
            </p>
          </div>
        )}
      </div>
      {keepsDocuments(check.type) ? (
        <EvidenceField control={control} error={documentsError(errors.documents)} />
      ) : (
        <p className="text-sm">Only the outcome of this check is kept: no documents.</p>
      )}
      <TextAreaField
        label="Notes (admins only)"
        rows={2}
        maxLength={2000}
        {...fieldProps('notes')}
      />
      <FormActions onCancel={onDone} label="Save Outcome" busy={record.isPending && 'Saving...'} />
    </form>
  );
}

/**
 * The documents' error: the list's own (zod's, or the root of a field array) or the
 * server's, which the form puts on the list (a document's own error included).
 */
const documentsError = (errors: FieldErrors<CheckForm>['documents']) =>
  errors?.message ?? errors?.root?.message;

/**
 * Evidence uploaded with the outcome (at most CHECK_DOCUMENTS_MAX): one upload control,
 * cleared after each file so it can take the next, and the files attached so far.
 */
function EvidenceField({
  control,
  error,
}: {
  control: Control<CheckForm, unknown, RecordCheck>;
  error: string | undefined;
}) {
  const attached = useFieldArray({ control, name: 'documents' });
  const area = useRef<HTMLDivElement>(null);
  // A new upload control after each file (and after a removal): focus goes back to it,
  // or to the last Remove button once no more may be added.
  const [round, setRound] = useState(0);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    if (round === 0) return;
    const element = area.current;
    const next =
      element?.querySelector<HTMLElement>('input[type="file"]') ??
      element?.querySelector<HTMLElement>('li:last-child button');
    next?.focus();
  }, [round]);
  const full = attached.fields.length >= CHECK_DOCUMENTS_MAX;

  return (
    <div ref={area} className="space-y-2">
      {full ? (
        <p className="text-sm">
          At most {CHECK_DOCUMENTS_MAX} documents with one outcome: remove one to add another.
        </p>
      ) : (
        <DocumentUpload
          key={round}
          label={attached.fields.length === 0 ? 'Evidence (optional)' : 'Add another document'}
          ticketRoute={api.admin.documents.upload.$post}
          hint={`PDF, JPEG, PNG or WebP, at most 10 MB each, up to ${CHECK_DOCUMENTS_MAX} with this outcome. Admins only.`}
          error={error}
          onUploaded={(document) => {
            if (!document) return;
            attached.append(document);
            setAnnounced(`Attached: ${document.fileName}`);
            setRound((n) => n + 1);
          }}
        />
      )}
      {attached.fields.length > 0 && (
        <ul className="space-y-1" aria-label="Attached evidence">
          {attached.fields.map((document, index) => (
            <li
              key={document.id}
              className="flex items-center justify-between gap-2 rounded-box border border-base-300 bg-base-100 px-3 py-1 text-sm"
            >
              <span className="min-w-0 break-words">{document.fileName}</span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  attached.remove(index);
                  setAnnounced(`Removed: ${document.fileName}`);
                  setRound((n) => n + 1);
                }}
              >
                Remove<span className="sr-only"> {document.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" role="status">
        {announced}
      </p>
    </div>
  );
}
