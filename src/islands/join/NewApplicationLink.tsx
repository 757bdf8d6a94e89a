import { useId, useState, type SyntheticEvent } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { TextField } from '../ui/TextField';
import { useSend } from '../ui/use-send';

/**
 * A new confirmation link for an application whose mailed one was lost or has expired.
 * The answer is the same whether or not an application waits for the address (the API's
 * message), so asking tells nobody who applied. Both places are on /join's pages, whose
 * budget has no room for a query library: a plain send (useSend).
 */
function useNewLink() {
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const send = useSend(
    (email: string) =>
      answer(api['provider-applications']['confirmation-link'].$post({ json: { email } })),
    {
      onSuccess: ({ message }) => {
        setSent(message);
        setError(undefined);
      },
      onError: (failure) => {
        setSent(undefined);
        setError(
          failure instanceof ApiError
            ? (failure.fieldErrors?.['email'] ?? failure.serverMessage ?? failure.message)
            : failure.message,
        );
      },
    },
  );
  return { send, sent, error };
}

/** On /join/confirm, when the link cannot be used: the address, then a new link. */
export function NewApplicationLinkForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const { send, sent, error } = useNewLink();
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
      {sent && <p role="status">{sent}</p>}
      <button type="submit" className="btn btn-primary" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send a New Link'}
      </button>
    </form>
  );
}

/** In the join form, when its address waits for confirmation: a new link to that address. */
export function NewApplicationLinkButton({ email }: { email: string }) {
  const { send, sent, error } = useNewLink();
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
      {sent && <p role="status">{sent}</p>}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
    </div>
  );
}
