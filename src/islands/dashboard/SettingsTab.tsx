import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { answer, api, ApiError } from '../../lib/api-client';
import { ChangePasswordFormSchema } from '../../lib/schemas/account';
import { toast } from '../../lib/toast';
import { serverMessage } from '../account/AccountForms';
import { CompanyEmail } from '../ui/CompanyEmail';
import { formFieldProps } from '../ui/form-field-props';
import { FormCard } from '../ui/FormCard';
import { TextField } from '../ui/TextField';
import { DashboardCard } from './DashboardCard';
import { handledSessionEnd } from './session';

type Form = z.input<typeof ChangePasswordFormSchema>;

/** Settings (spec section 2): Change Password, wired to a real call; the verification card. */
export function SettingsTab({
  isVerified,
  isApproved,
}: {
  isVerified: boolean;
  isApproved: boolean;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<Form>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: Form) =>
      answer(api.provider.password.$put({ json: { currentPassword, newPassword } })),
    onSuccess: () => {
      reset();
      toast({
        title: 'Password Changed',
        description: 'Your password has been changed. Other devices have been signed out.',
      });
    },
    onError: (error) => {
      if (handledSessionEnd(queryClient, error)) return;
      const message = error instanceof ApiError ? error.fieldErrors?.currentPassword : undefined;
      if (message) setError('currentPassword', { message });
      toast({
        title: 'Error',
        description: message ?? serverMessage(error, 'Failed to change password.'),
        variant: 'destructive',
      });
    },
  });
  const fieldProps = formFieldProps({ register, formState }, id);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <FormCard
        title="Account Settings"
        onSubmit={(e) => void handleSubmit((values) => change.mutate(values))(e)}
      >
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          {...fieldProps('currentPassword', 'current')}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('newPassword', 'new')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          {...fieldProps('confirmPassword', 'confirm')}
        />
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </button>
        </div>
      </FormCard>
      <DashboardCard title="Verification Status">
        <div className="flex flex-wrap gap-2">
          <span className={`badge ${isVerified ? 'badge-success' : 'badge-neutral'}`}>
            {isVerified ? 'Verified' : 'Not verified yet'}
          </span>
          <span className={`badge ${isApproved ? 'badge-success' : 'badge-warning'}`}>
            {isApproved ? 'Active' : 'Pending approval'}
          </span>
        </div>
        <p className="text-sm">
          The Verified badge follows from your checks: the Verification tab lists each one with its
          expiry. Questions? Write to <CompanyEmail />.
        </p>
      </DashboardCard>
    </div>
  );
}
