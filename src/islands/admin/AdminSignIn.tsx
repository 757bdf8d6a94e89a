import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, apiSend } from '../../lib/api-client';
import {
  AdminLoginSchema,
  ForgotPasswordSchema,
  ResetPasswordFormSchema,
} from '../../lib/schemas/admin';
import { toast } from '../../lib/toast';
import { TextField } from '../forms/TextField';
import type { z } from 'zod';

type Mode = 'login' | 'forgot-password' | 'reset-password';

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<z.input<typeof AdminLoginSchema>>({
    resolver: zodResolver(AdminLoginSchema),
  });
  const login = useMutation({
    mutationFn: (values: z.input<typeof AdminLoginSchema>) =>
      apiSend<{ admin: unknown }>('POST', '/api/admin/login', values),
    onSuccess: async () => {
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard' });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/me'] });
    },
    onError: (error) =>
      toast({
        title: 'Login Failed',
        description: serverMessage(error, 'Login failed'),
        variant: 'destructive',
      }),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => void handleSubmit((v) => login.mutate(v))(e)}
    >
      <TextField
        id="admin-email"
        label="Email"
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="admin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </button>
      <button type="button" className="link block text-sm" onClick={onForgot}>
        Forgot your password?
      </button>
    </form>
  );
}

function ForgotForm({ onBack, onToken }: { onBack: () => void; onToken: (token: string) => void }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ForgotPasswordSchema>>({
    resolver: zodResolver(ForgotPasswordSchema),
  });
  const [sent, setSent] = useState<string>();
  const forgot = useMutation({
    mutationFn: (values: z.input<typeof ForgotPasswordSchema>) =>
      apiSend<{ message: string; resetToken?: string }>(
        'POST',
        '/api/admin/forgot-password',
        values,
      ),
    onSuccess: (answer) => {
      toast({ title: 'Reset Link Generated', description: answer.message });
      setSent(answer.message);
      // Development mode only: the API hands the token over, so the reset form opens at once.
      if (answer.resetToken) onToken(answer.resetToken);
    },
    onError: (error) =>
      toast({
        title: 'Reset Failed',
        description: serverMessage(error, 'Password reset failed'),
        variant: 'destructive',
      }),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => void handleSubmit((v) => forgot.mutate(v))(e)}
    >
      <p className="text-sm">
        Enter your e-mail address and we'll send you a link to choose a new password.
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register('email')}
      />
      {sent && (
        <p className="alert alert-info text-sm" role="status">
          {sent}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </button>
      <button type="button" className="link block text-sm" onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ResetPasswordFormSchema>>({
    resolver: zodResolver(ResetPasswordFormSchema),
  });
  const reset = useMutation({
    mutationFn: ({ newPassword }: z.input<typeof ResetPasswordFormSchema>) =>
      apiSend('POST', '/api/admin/reset-password', { resetToken: token, newPassword }),
    onSuccess: () => {
      toast({
        title: 'Password Reset Successful',
        description: 'Please sign in with your new password.',
      });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Reset Failed',
        description: serverMessage(error, 'Password reset failed'),
        variant: 'destructive',
      }),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => void handleSubmit((v) => reset.mutate(v))(e)}
    >
      <TextField
        id="new-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        id="confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Reset Password'}
      </button>
      <button type="button" className="link block text-sm" onClick={onDone}>
        Back to login
      </button>
    </form>
  );
}

const TITLES: Record<Mode, string> = {
  login: 'Admin Login',
  'forgot-password': 'Forgot Password',
  'reset-password': 'Reset Password',
};

/** The three signed-out modes of /admin (spec sections 2 and 4). A reset link opens the reset form. */
export function AdminSignIn() {
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
          {mode === 'login' && <LoginForm onForgot={() => setMode('forgot-password')} />}
          {mode === 'forgot-password' && (
            <ForgotForm
              onBack={toLogin}
              onToken={(t) => {
                setToken(t);
                setMode('reset-password');
              }}
            />
          )}
          {mode === 'reset-password' && token && <ResetForm token={token} onDone={toLogin} />}
        </div>
      </div>
    </div>
  );
}
