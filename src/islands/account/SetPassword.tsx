import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { answer, api } from '../../lib/api-client';
import { withQueryClient } from '../../lib/query-client';
import { PASSWORD_MIN_LENGTH, type ResetPasswordSchema } from '../../lib/schemas/account';
import { NewPasswordForm } from './AccountForms';

type Values = z.input<typeof ResetPasswordSchema>;

/** What differs between a provider's page and an invited admin's. */
const ACCOUNTS = {
  provider: {
    path: '/dashboard/set-password',
    intro: `Choose the password for your provider dashboard (at least ${PASSWORD_MIN_LENGTH} characters).`,
    done: 'Your password is set. You can now log in to your dashboard.',
    login: { href: '/dashboard', label: 'Go to Provider Login' },
    failureTitle: 'Reset Failed',
    incomplete:
      "This link is incomplete. Open the link from your e-mail again, or ask for a new one with 'Forgot password?' on the login page.",
    setPassword: (values: Values) => answer(api.provider['set-password'].$post({ json: values })),
  },
  admin: {
    path: '/admin/set-password',
    intro: `Welcome to the Verified Providers admin team. Choose the password you will sign in with (at least ${PASSWORD_MIN_LENGTH} characters).`,
    done: 'Your password is set. You can now sign in to the admin dashboard.',
    login: { href: '/admin', label: 'Go to Admin Login' },
    failureTitle: 'Password Not Set',
    incomplete:
      "This link is incomplete. Open the link from your e-mail again, or ask for a new one with 'Forgot your password?' on the admin sign-in page.",
    setPassword: (values: Values) => answer(api.admin['set-password'].$post({ json: values })),
  },
} as const;

/**
 * The page a mailed password link opens, ?token=...: for a provider
 * (/dashboard/set-password: the approval e-mail's link to choose a first password, and
 * 'Forgot password?'), and for a new team admin (/admin/set-password: the invitation,
 * docs/decisions/0048). The server checks the token.
 */
function SetPassword({ account }: { account: keyof typeof ACCOUNTS }) {
  const texts = ACCOUNTS[account];
  // Read after hydration: the pre-rendered page cannot know the address's token.
  const [token, setToken] = useState<string | null>();
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token')), []);
  const [done, setDone] = useState(false);
  const toLogin = () => window.location.assign(texts.login.href);
  const loginLink = (
    <a className="btn btn-primary" href={texts.login.href}>
      {texts.login.label}
    </a>
  );
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">Choose Your Password</h1>
          {token === undefined ? (
            <p role="status">Loading...</p>
          ) : done ? (
            <>
              <p role="status">{texts.done}</p>
              {loginLink}
            </>
          ) : token ? (
            <>
              <p className="text-sm">{texts.intro}</p>
              <NewPasswordForm
                setPassword={texts.setPassword}
                token={token}
                submitLabel="Set Password"
                successTitle="Password Set"
                failureTitle={texts.failureTitle}
                onDone={() => {
                  setDone(true);
                  window.history.replaceState(null, '', texts.path);
                }}
                onBack={toLogin}
              />
            </>
          ) : (
            <>
              <p role="alert">{texts.incomplete}</p>
              {loginLink}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export default withQueryClient(SetPassword);
