import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { TextField } from '../ui/TextField';

/**
 * A new confirmation link for an application whose mailed one was lost or has expired.
 * The answer is the same whether or not an application waits for the address (the API's
 * message), so asking tells nobody who applied.
 */
function useNewLink() {
  const send = useMutation({
    mutationFn: (email: string) =>
      answer(api['provider-applications']['confirmation-link'].$post({ json: { email } })),
  });
  const error =
    send.error instanceof ApiError
      ? (send.error.fieldErrors?.['email'] ?? send.error.serverMessage ?? send.error.message)
      : send.error?.message;
  return { send, error };
}

/** On /join/confirm, when the link cannot be used: the address, then a new link. */
export function NewApplicationLinkForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const { send, error } = useNewLink();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    send.mutate(email);
  };
  return (
    <form className="w-full space-y-3" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h2 id={`${id}-title`} className="font-semibold">
        Ask for a new link
      </h2>
      <TextField
        id={`${id}-email`}
        label="The e-mail address on your application"
        type="email"
        autoComplete="email"
        required
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      {send.isSuccess && <p role="status">{send.data.message}</p>}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send a New Link'}
      </button>
    </form>
  );
}

/** In the join form, when its address waits for confirmation: a new link to that address. */
export function NewApplicationLinkButton({ email }: { email: string }) {
  const { send, error } = useNewLink();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={send.isPending}
        onClick={() => send.mutate(email)}
      >
        {send.isPending ? 'Sending...' : 'Send a New Link'}
      </button>
      {send.isSuccess && <p role="status">{send.data.message}</p>}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}
