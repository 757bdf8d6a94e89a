/**
 * The sign-in forms admins and providers share: login, 'forgot password' and a new
 * password from an e-mailed link. Each caller passes its API call and button texts.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { PasswordResetRequested } from '../../lib/api-answers';
import { ApiError } from '../../lib/api-client';
import {
  ForgotPasswordSchema,
  LoginSchema,
  ResetPasswordFormSchema,
  type ResetPasswordSchema,
} from '../../lib/schemas/account';
import { toast } from '../../lib/toast';
import { formFieldProps } from '../ui/form-field-props';
import { TextField } from '../ui/TextField';

export const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;

const failureToast = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });

/**
 * What the three forms share: their fields, the full-width button that sends them (which
 * says so while it waits), and a link-styled button to another of the forms.
 */
function AccountForm({
  onSubmit,
  submitLabel,
  busy,
  switchLabel,
  onSwitch,
  children,
}: {
  onSubmit: ComponentProps<'form'>['onSubmit'];
  submitLabel: string;
  /** While the request is on its way, what the button says instead; else false. */
  busy: string | false;
  switchLabel: string;
  onSwitch: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      {children}
      <button type="submit" className="btn btn-primary w-full" disabled={busy !== false}>
        {busy === false ? submitLabel : busy}
      </button>
      <button type="button" className="link block text-sm" onClick={onSwitch}>
        {switchLabel}
      </button>
    </form>
  );
}

export function LoginForm({
  idPrefix,
  signIn,
  submitLabel,
  pendingLabel,
  onSignedIn,
  onForgot,
  forgotLabel,
}: {
  idPrefix: string;
  signIn: (credentials: z.input<typeof LoginSchema>) => Promise<unknown>;
  submitLabel: string;
  pendingLabel: string;
  onSignedIn: () => Promise<void>;
  onForgot: () => void;
  forgotLabel: string;
}) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof LoginSchema>>({
    resolver: zodResolver(LoginSchema),
  });
  const fieldProps = formFieldProps({ register, formState }, idPrefix);
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: onSignedIn,
    onError: failureToast('Login Failed', 'Login failed'),
  });
  return (
    <AccountForm
      onSubmit={(e) => void handleSubmit((v) => login.mutate(v))(e)}
      submitLabel={submitLabel}
      busy={login.isPending && pendingLabel}
      switchLabel={forgotLabel}
      onSwitch={onForgot}
    >
      <TextField label="Email" type="email" autoComplete="username" {...fieldProps('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...fieldProps('password')}
      />
    </AccountForm>
  );
}

export function ForgotPasswordForm({
  requestReset,
  intro,
  onBack,
  onToken,
}: {
  requestReset: (values: z.input<typeof ForgotPasswordSchema>) => Promise<PasswordResetRequested>;
  intro: string;
  onBack: () => void;
  /** Development mode only: the API hands the token over instead of mailing it alone. */
  onToken: (token: string) => void;
}) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ForgotPasswordSchema>>({
    resolver: zodResolver(ForgotPasswordSchema),
  });
  const fieldProps = formFieldProps({ register, formState }, 'forgot');
  const [sent, setSent] = useState<string>();
  const forgot = useMutation({
    mutationFn: requestReset,
    onSuccess: (answer) => {
      toast({ title: 'Reset Link Generated', description: answer.message });
      setSent(answer.message);
      if ('resetToken' in answer && answer.resetToken) onToken(answer.resetToken);
    },
    onError: failureToast('Reset Failed', 'Password reset failed'),
  });
  return (
    <AccountForm
      onSubmit={(e) => void handleSubmit((v) => forgot.mutate(v))(e)}
      submitLabel="Send Reset Link"
      busy={forgot.isPending && 'Sending...'}
      switchLabel="Back to login"
      onSwitch={onBack}
    >
      <p className="text-sm">{intro}</p>
      <TextField label="Email" type="email" autoComplete="username" {...fieldProps('email')} />
      {sent && (
        <p className="alert alert-info text-sm" role="status">
          {sent}
        </p>
      )}
    </AccountForm>
  );
}

export function NewPasswordForm({
  setPassword,
  token,
  submitLabel,
  successTitle,
  failureTitle = 'Reset Failed',
  onDone,
  onBack,
}: {
  setPassword: (values: z.input<typeof ResetPasswordSchema>) => Promise<unknown>;
  token: string;
  submitLabel: string;
  successTitle: string;
  /** The failure toast's title (spec: 'Reset Failed' for a reset). */
  failureTitle?: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof ResetPasswordFormSchema>>({
    resolver: zodResolver(ResetPasswordFormSchema),
  });
  const reset = useMutation({
    mutationFn: ({ newPassword }: z.input<typeof ResetPasswordFormSchema>) =>
      setPassword({ resetToken: token, newPassword }),
    onSuccess: () => {
      toast({ title: successTitle, description: 'Please sign in with your new password.' });
      onDone();
    },
    onError: failureToast(failureTitle, 'Password reset failed'),
  });
  return (
    <AccountForm
      onSubmit={(e) => void handleSubmit((v) => reset.mutate(v))(e)}
      submitLabel={submitLabel}
      busy={reset.isPending && 'Saving...'}
      switchLabel="Back to login"
      onSwitch={onBack}
    >
      {reset.isError && (
        // Stays after the toast has gone (an expired link says what to do instead); the
        // toast has announced it already.
        <p className="text-sm text-error" data-testid="password-link-error">
          {serverMessage(reset.error, 'Password reset failed')}
        </p>
      )}
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
    </AccountForm>
  );
}
