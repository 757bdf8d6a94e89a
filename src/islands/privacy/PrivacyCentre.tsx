import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { answer, api, ApiError } from '../../lib/api-client';
import { PageLoading } from '../ui/PageLoading';
import { TextField } from '../ui/TextField';

// The centre itself loads only with a link's token: the form to ask for one stays small.
const MyData = lazy(() => import('./MyData'));

const tokenOfPage = () =>
  typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('token');

/**
 * /privacy/my-data: without a token, the form that mails a link (the same answer for any
 * address, docs/decisions/0052); with one, what is held about the address it opens.
 */
export default function PrivacyCentre() {
  const [token] = useState(tokenOfPage);
  if (token) {
    return (
      <Suspense fallback={<PageLoading title="Your data" />}>
        <MyData token={token} />
      </Suspense>
    );
  }
  return <LinkForm />;
}

function LinkForm() {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed before the island hydrated counts.
    const typed = new FormData(event.currentTarget).get('email');
    const email = typeof typed === 'string' ? typed : '';
    setSending(true);
    setError(undefined);
    try {
      const { message } = await answer(api.privacy.link.$post({ json: { email } }));
      setSent(message);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fieldErrors?.email ?? failure.serverMessage ?? failure.message)
          : 'We could not send the request. Please try again.',
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your data</h1>
      <p className="mt-3">
        See, download, correct or delete what we hold about you: your service requests and their
        photos, your messages to us and the e-mails we sent you, and who received them. We e-mail a
        private link to the address you used.
      </p>
      {sent ? (
        <p role="status" className="alert alert-success mt-6">
          {sent}
        </p>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            id="privacy-email"
            label="Your e-mail address"
            type="email"
            autoComplete="email"
            required
            name="email"
            error={error}
          />
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending}>
            {sending ? 'Sending…' : 'E-mail me a link'}
          </button>
        </form>
      )}
      <p className="mt-8 text-sm">
        How long we keep each kind of record, and your other rights, are in our{' '}
        <a className="link" href="/privacy">
          privacy notice
        </a>
        .
      </p>
    </div>
  );
}
