import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { answer, api, ApiError } from '../../lib/api-client';
import { formatDay, saToday } from '../../lib/calendar-days';
import { checkDefinition, type CheckType } from '../../lib/catalog/checks';
import { refreshQueries } from '../../lib/refresh-queries';
import { RenewalSchema, type Renewal } from '../../lib/schemas/verification';
import { toast } from '../../lib/toast';
import { serverMessage } from '../account/AccountForms';
import { formFieldProps } from '../ui/form-field-props';
import { FormActions } from '../ui/FormActions';
import { TextField } from '../ui/TextField';
import { DocumentUpload } from '../uploads/DocumentUpload';
import { handledSessionEnd } from './session';

type RenewalForm = z.input<typeof RenewalSchema>;

const NO_DOCUMENT = { upload: '', fileName: '' };
const FIELDS = ['document', 'validUntil', 'reference'] as const;
/** The form field a server message belongs to: 'document.upload' goes to the document. */
const fieldOf = (key: string) => FIELDS.find((field) => key.split('.')[0] === field);

/**
 * A renewed certificate for one check (POST /api/provider/checks/{type}/renewals): the
 * document, its new expiry and reference. The rule that needs today (the expiry is today
 * or later) is the server's, as with the admin's check form: its answer shows at the field.
 */
export function RenewalForm({
  type,
  checksKey,
  onDone,
}: {
  type: CheckType;
  /** The dashboard's query of the checks, fetched again once the renewal is sent. */
  checksKey: readonly unknown[];
  /** Called when the renewal is sent or the form is cancelled. */
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const { label, referenceLabel } = checkDefinition(type);
  const { register, handleSubmit, formState, setError, setValue } = useForm<
    RenewalForm,
    unknown,
    Renewal
  >({
    resolver: zodResolver(RenewalSchema),
    defaultValues: { document: NO_DOCUMENT, validUntil: '', reference: '' },
  });
  const { errors, isSubmitted } = formState;
  const fieldProps = formFieldProps({ register, formState }, id);

  const send = useMutation({
    mutationFn: (renewal: Renewal) =>
      answer(api.provider.checks[':type'].renewals.$post({ param: { type }, json: renewal })),
    onSuccess: async (sent) => {
      toast({
        title: 'Renewal Sent',
        description: `${label}: we will review the certificate (new expiry ${formatDay(sent.validUntil)}). Your current record counts until it expires.`,
      });
      onDone();
      await refreshQueries(queryClient, checksKey);
    },
    onError: (error) => {
      if (handledSessionEnd(queryClient, error)) return;
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          const field = fieldOf(key);
          if (field) setError(field, { message });
        }
      }
      toast({
        title: 'Renewal Not Sent',
        description: serverMessage(error, 'Failed to send the renewal. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const documentError =
    errors.document?.message ??
    errors.document?.upload?.message ??
    errors.document?.fileName?.message;
  return (
    <form
      noValidate
      aria-label={`Renew ${label}`}
      className="space-y-4 rounded-box border border-base-300 bg-base-200 p-3 sm:p-4"
      onSubmit={(e) => void handleSubmit((renewal) => send.mutate(renewal))(e)}
    >
      <DocumentUpload
        label="Renewed certificate"
        ticketRoute={api.provider.documents.upload.$post}
        error={documentError}
        onUploaded={(document) =>
          // Checked again once the form was sent, so a message goes as soon as it is fixed.
          setValue('document', document ?? NO_DOCUMENT, { shouldValidate: isSubmitted })
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label="New expiry date"
            type="date"
            min={saToday()}
            required
            {...fieldProps('validUntil')}
            aria-describedby={[
              `${id}-validUntil-hint`,
              errors.validUntil ? `${id}-validUntil-error` : '',
            ]
              .join(' ')
              .trim()}
          />
          <p id={`${id}-validUntil-hint`} className="mt-1 text-sm">
            The expiry printed on the renewed certificate.
          </p>
        </div>
        <TextField
          label={`${referenceLabel ?? 'Reference number'} (optional)`}
          maxLength={100}
          autoComplete="off"
          {...fieldProps('reference')}
        />
      </div>
      <FormActions
        onCancel={onDone}
        label="Send for review"
        busy={send.isPending && 'Sending...'}
      />
    </form>
  );
}
