import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { answer, api, ApiError } from '../../lib/api-client';
import type { AdminCheck } from '../../lib/api-answers';
import { saToday } from '../../lib/calendar-days';
import { CHECK_STATUSES, checkDefinition } from '../../lib/catalog/checks';
import {
  CHECK_STATUS_LABELS,
  CheckFormSchema,
  checkFormDefaults,
  hasCheckedOn,
  hasValidUntil,
  suggestedValidUntil,
  type CheckForm,
} from '../../lib/schemas/check-form';
import type { RecordCheck } from '../../lib/schemas/verification';
import { toast } from '../../lib/toast';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { failure, providerChecksKey, refreshProviders } from './admin-queries';
import { TextAreaField } from '../ui/TextAreaField';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELDS: readonly (keyof CheckForm)[] = [
  'status',
  'reference',
  'insurer',
  'coverAmount',
  'checkedOn',
  'validUntil',
  'notes',
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
  const { register, handleSubmit, formState, setError, setFocus, setValue, watch } = useForm<
    CheckForm,
    unknown,
    RecordCheck
  >({
    resolver: zodResolver(CheckFormSchema),
    defaultValues: checkFormDefaults(check.type, check.record, today),
  });
  const { errors, dirtyFields } = formState;
  const status = watch('status');
  const checkedOn = watch('checkedOn');

  useEffect(() => setFocus('status'), [setFocus]);
  // The suggested last valid day follows the day checked until the admin types one (a
  // certificate's own expiry).
  const validUntilTyped = dirtyFields.validUntil === true;
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
          if (isField(field)) setError(field, { message });
        }
      }
      toast({
        title: 'Recording Failed',
        description: failure(error, 'Failed to record the check'),
        variant: 'destructive',
      });
    },
  });

  const field = (name: keyof CheckForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      error={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
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
        <SelectField
          id={`${id}-status`}
          label="Outcome"
          error={errors.status?.message}
          {...register('status')}
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {CHECK_STATUS_LABELS[s]}
            </option>
          ))}
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
      <TextAreaField
        id={`${id}-notes`}
        label="Notes (admins only)"
        rows={2}
        maxLength={2000}
        error={errors.notes?.message}
        {...register('notes')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={record.isPending}>
          {record.isPending ? 'Saving...' : 'Save Outcome'}
        </button>
      </div>
    </form>
  );
}
