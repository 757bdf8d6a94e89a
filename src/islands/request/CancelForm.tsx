/**
 * The status page's form to cancel a request with a reason: loaded while the page reads
 * the request, not with the page (react-hook-form), and its rules with zod at the first
 * submit (docs/decisions/0049).
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { answer, api, ApiError } from '../../lib/api-client';
import { CANCEL_REASON_MAX, REQUEST_STATUS_MESSAGES } from '../../lib/request-status-page';
import { formFieldProps } from '../ui/form-field-props';
import { lazyResolver } from '../ui/lazy-resolver';
import { TextAreaField } from '../ui/TextAreaField';
import { useSend } from '../ui/use-send';
import type { CancelFormSchema } from './cancel-form-schema';

type Form = z.input<typeof CancelFormSchema>;
type Checked = z.output<typeof CancelFormSchema>;

const cancelResolver = lazyResolver<Form, Checked>(() =>
  import('./cancel-form-schema').then((module) => module.CancelFormSchema),
);

export default function CancelForm({
  token,
  onClosed,
}: {
  token: string;
  /** The request is closed (cancelled now, or already): the server's words, then the page reloads it. */
  onClosed: (message: string) => Promise<void>;
}) {
  const id = useId();
  const { register, handleSubmit, formState, setError } = useForm<Form, unknown, Checked>({
    resolver: cancelResolver,
    defaultValues: { reason: '' },
  });
  const fieldProps = formFieldProps({ register, formState }, id);
  const [failure, setFailure] = useState<Error>();
  // Pending until the page shows the cancelled request: the button cannot be pressed twice.
  const [closing, setClosing] = useState(false);
  const close = (message: string) => {
    setClosing(true);
    void onClosed(message).finally(() => setClosing(false));
  };
  const cancel = useSend(
    ({ reason }: Checked) => answer(api.requests.cancel.$post({ json: { token, reason } })),
    {
      onSuccess: ({ message }) => close(message),
      onError: (error) => {
        setFailure(error);
        const reason = error instanceof ApiError ? error.fieldErrors?.reason : undefined;
        if (reason) setError('reason', { message: reason });
        if (error instanceof ApiError && error.status === 409) {
          close(error.serverMessage ?? REQUEST_STATUS_MESSAGES.closed);
        }
      },
    },
  );
  const pending = cancel.isPending || closing;
  const failureText =
    failure && !(failure instanceof ApiError && failure.fieldErrors?.reason)
      ? failure instanceof ApiError && failure.serverMessage
        ? failure.serverMessage
        : 'Your request could not be cancelled. Please check your connection and try again.'
      : undefined;
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) =>
        void handleSubmit((values) => {
          setFailure(undefined);
          cancel.mutate(values);
        })(e)
      }
    >
      <TextAreaField
        label="Why are you cancelling? *"
        rows={3}
        maxLength={CANCEL_REASON_MAX}
        required
        {...fieldProps('reason')}
      />
      {failureText && (
        <p className="text-sm text-error" role="alert">
          {failureText}
        </p>
      )}
      <button type="submit" className="btn btn-outline btn-error" disabled={pending}>
        {pending ? 'Cancelling...' : 'Cancel Request'}
      </button>
    </form>
  );
}
