import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';
import { toast } from '../../lib/toast';
import { ForgotPasswordForm, LoginForm, NewPasswordForm } from '../account/AccountForms';

type Mode = 'login' | 'forgot-password' | 'reset-password';

const TITLES: Record<Mode, string> = {
  login: 'Admin Login',
  'forgot-password': 'Forgot Password',
  'reset-password': 'Reset Password',
};

/** The three signed-out modes of /admin (spec sections 2 and 4). A reset link opens the reset form. */
export function AdminSignIn() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() =>
    typeof window === 'undefined'
      ? undefined
      : (new URLSearchParams(window.location.search).get('resetToken') ?? undefined),
  );
  const [mode, setMode] = useState<Mode>(token ? 'reset-password' : 'login');
  const toLogin = () => {
    setToken(undefined);
    setMode('login');
    window.history.replaceState(null, '', '/admin');
  };
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">{TITLES[mode]}</h1>
          {mode === 'login' && (
            <LoginForm
              idPrefix="admin"
              signIn={(credentials) => answer(api.admin.login.$post({ json: credentials }))}
              submitLabel="Sign In"
              pendingLabel="Signing in..."
              forgotLabel="Forgot your password?"
              onForgot={() => setMode('forgot-password')}
              onSignedIn={async () => {
                toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
                await refreshQueries(queryClient, ['/api/admin/me']);
              }}
            />
          )}
          {mode === 'forgot-password' && (
            <ForgotPasswordForm
              requestReset={(values) =>
                answer(api.admin['forgot-password'].$post({ json: values }))
              }
              intro="Enter your e-mail address and we'll send you a link to choose a new password."
              onBack={toLogin}
              onToken={(t) => {
                setToken(t);
                setMode('reset-password');
              }}
            />
          )}
          {mode === 'reset-password' && token && (
            <NewPasswordForm
              setPassword={(values) => answer(api.admin['reset-password'].$post({ json: values }))}
              token={token}
              submitLabel="Reset Password"
              successTitle="Password Reset Successful"
              onDone={toLogin}
              onBack={toLogin}
            />
          )}
        </div>
      </div>
    </div>
  );
}
