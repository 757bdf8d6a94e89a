import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { ProviderEnquiry } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { serviceName } from '../../lib/catalog/categories';
import { budgetLabel } from '../../lib/catalog/enquiry-options';
import { formatDate } from '../../lib/format';
import { CONTACT_WITHHELD } from '../../lib/listing-paused.ts';
import { ENQUIRIES_KEY } from '../../lib/provider-dashboard';
import { refreshQueries } from '../../lib/refresh-queries';
import {
  EnquiryResponseSchema,
  RESPONSE_STATUSES,
  RESPONSE_STATUS_LABELS,
} from '../../lib/schemas/provider-dashboard';
import { toast } from '../../lib/toast';
import { formFieldProps } from '../ui/form-field-props';
import { FormActions } from '../ui/FormActions';
import { Modal } from '../ui/Modal';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { CustomerEmail } from './CustomerEmail';
import { StatusBadge, UrgencyBadge } from './EnquiryBadges';
import { toastFailure } from './session';

type Draft = z.input<typeof EnquiryResponseSchema>;
const EMPTY_DRAFT: Draft = { providerResponse: '', providerNotes: '', status: 'in_progress' };

function Detail({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** 'Respond to Enquiry' (spec section 2): the enquiry in full, then the response form. */
export function ResponseDialog({
  enquiry,
  onClose,
}: {
  enquiry: ProviderEnquiry | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, formState, reset } = useForm<Draft>({
    resolver: zodResolver(EnquiryResponseSchema),
    defaultValues: EMPTY_DRAFT,
  });
  const fieldProps = formFieldProps({ register, formState }, id);
  useEffect(() => reset(EMPTY_DRAFT), [enquiry?.id, reset]);

  const respond = useMutation({
    mutationFn: (draft: Draft) =>
      answer(
        api.provider.enquiries[':id{[0-9]+}'].response.$put({
          param: { id: String(enquiry?.id ?? 0) },
          json: draft,
        }),
      ),
    onSuccess: async (response) => {
      toast({
        title: 'Response Submitted',
        // Only a confirmed address is e-mailed: the server says whether a mail is on its way.
        description: response.emailed
          ? 'Your response has been sent to the customer'
          : 'Your response is saved. The customer has not confirmed their e-mail address yet, so it was not e-mailed.',
      });
      reset(EMPTY_DRAFT);
      onClose();
      await refreshQueries(queryClient, ENQUIRIES_KEY);
    },
    onError: (error) =>
      toastFailure(queryClient, error, 'Failed to submit response. Please try again.'),
  });

  return (
    <Modal open={enquiry !== undefined} onClose={onClose} label="Respond to Enquiry">
      {enquiry && (
        <div className="p-6">
          <h2 className="pr-10 text-xl font-bold">Respond to Enquiry</h2>
          {!enquiry.emailConfirmedAt && (
            <p className="alert alert-warning mt-4 text-sm" role="note">
              This customer has not confirmed their e-mail address yet, so your response will be
              saved but not e-mailed. Phone them if it cannot wait.
            </p>
          )}
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <Detail label="Customer">{enquiry.customerName}</Detail>
            <Detail label="Email">
              <CustomerEmail enquiry={enquiry} />
            </Detail>
            <Detail label="Phone">
              {enquiry.contactWithheld ? CONTACT_WITHHELD : (enquiry.customerPhone ?? 'N/A')}
            </Detail>
            <Detail label="Service">{serviceName(enquiry.serviceType)}</Detail>
            <Detail label="Location">{enquiry.location}</Detail>
            <Detail label="Budget">{budgetLabel(enquiry.budget)}</Detail>
            <Detail label="Urgency">
              <UrgencyBadge urgency={enquiry.urgency} />
            </Detail>
            <Detail label="Status">
              <StatusBadge status={enquiry.status} />
            </Detail>
            <Detail label="Description" wide>
              <span className="whitespace-pre-line">{enquiry.description}</span>
            </Detail>
            {enquiry.adminNotes && (
              <Detail label="Admin Notes" wide>
                <span className="whitespace-pre-line">{enquiry.adminNotes}</span>
              </Detail>
            )}
          </dl>

          {enquiry.providerResponse && (
            <section
              className="mt-4 rounded-box bg-base-200 p-4"
              aria-label="Your Previous Response"
            >
              <h3 className="font-semibold">Your Previous Response</h3>
              <p className="mt-1 whitespace-pre-line">{enquiry.providerResponse}</p>
              {enquiry.providerNotes && (
                <p className="mt-2 text-sm whitespace-pre-line">Notes: {enquiry.providerNotes}</p>
              )}
              <p className="mt-2 text-sm">
                Responded: {enquiry.respondedAt ? formatDate(enquiry.respondedAt) : 'Unknown'}
              </p>
            </section>
          )}

          <form
            noValidate
            className="mt-6 space-y-4"
            onSubmit={(e) => void handleSubmit((draft) => respond.mutate(draft))(e)}
          >
            <TextAreaField
              label="Your Response *"
              rows={4}
              {...fieldProps('providerResponse', 'response')}
            />
            <TextAreaField
              id={`${id}-notes`}
              label="Internal Notes (Optional)"
              rows={2}
              {...register('providerNotes')}
            />
            <SelectField id={`${id}-status`} label="Update Status" {...register('status')}>
              {RESPONSE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {RESPONSE_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectField>
            <FormActions
              onCancel={onClose}
              label="Send Response"
              busy={respond.isPending && 'Sending...'}
            />
          </form>
        </div>
      )}
    </Modal>
  );
}
