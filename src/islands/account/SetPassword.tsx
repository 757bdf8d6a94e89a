import { useEffect, useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { withQueryClient } from '../../lib/query-client';
import { PASSWORD_MIN_LENGTH } from '../../lib/schemas/account';
import { NewPasswordForm } from '../account/AccountForms';

/**
 * /dashboard/set-password?token=...: the link of the approval e-mail (choose a first
 * password) and of 'Forgot password?' (choose a new one). The server checks the token.
 */
function SetPassword() {
  // Read after hydration: the pre-rendered page cannot know the address's token.
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const [done, setDone] = useState(false);
  const toLogin = () => window.location.assign('/dashboard');
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">Choose Your Password</h1>
          {token === undefined ? (
            <p role="status">Loading...</p>
          ) : done ? (
            <>
              <p role="status">Your password is set. You can now log in to your dashboard.</p>
              <a className="btn btn-primary" href="/dashboard">
                Go to Provider Login
              </a>
            </>
          ) : token ? (
            <>
              <p className="text-sm">
                Choose the password for your provider dashboard (at least {PASSWORD_MIN_LENGTH}{' '}
                characters).
              </p>
              <NewPasswordForm
                setPassword={(values) =>
                  answer(api.provider['set-password'].$post({ json: values }))
                }
                token={token}
                submitLabel="Set Password"
                successTitle="Password Set"
                onDone={() => {
                  setDone(true);
                  window.history.replaceState(null, '', '/dashboard/set-password');
                }}
                onBack={toLogin}
              />
            </>
          ) : (
            <>
              <p role="alert">
                This link is incomplete. Open the link from your e-mail again, or ask for a new one
                with 'Forgot password?' on the login page.
              </p>
              <a className="btn btn-primary" href="/dashboard">
                Go to Provider Login
              </a>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export default withQueryClient(SetPassword);
