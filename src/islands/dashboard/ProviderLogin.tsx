import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { answer, api } from '../../lib/api-client';
import { ME_KEY } from '../../lib/provider-dashboard';
import { refreshQueries } from '../../lib/refresh-queries';
import { toast } from '../../lib/toast';
import { ForgotPasswordForm, LoginForm } from '../account/AccountForms';

/** Signed out: the Provider Login card (spec section 2), with 'Forgot password?'. */
export function ProviderLogin({ notice }: { notice: string | null }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h1 className="card-title text-2xl">
            {mode === 'login' ? 'Provider Login' : 'Forgot Password'}
          </h1>
          {notice && mode === 'login' && (
            <p className="alert alert-warning text-sm" role="alert">
              {notice}
            </p>
          )}
          {mode === 'login' ? (
            <LoginForm
              idPrefix="provider"
              signIn={(credentials) => answer(api.provider.login.$post({ json: credentials }))}
              submitLabel="Login to Dashboard"
              pendingLabel="Logging in..."
              forgotLabel="Forgot password?"
              onForgot={() => setMode('forgot')}
              onSignedIn={async () => {
                toast({
                  title: 'Login Successful',
                  description: 'Welcome to your provider dashboard',
                });
                await refreshQueries(queryClient, ME_KEY);
              }}
            />
          ) : (
            <ForgotPasswordForm
              requestReset={(values) =>
                answer(api.provider['forgot-password'].$post({ json: values }))
              }
              intro="Enter the e-mail address of your listing and we'll send you a link to choose a new password."
              onBack={() => setMode('login')}
              onToken={(token) =>
                window.location.assign(`/dashboard/set-password?token=${encodeURIComponent(token)}`)
              }
            />
          )}
          <p className="mt-2 text-center text-sm">
            Don't have an account?{' '}
            <a className="link link-primary" href="/join">
              Apply to join
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}
