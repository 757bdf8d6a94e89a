import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import type { AdminUser } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { refreshQueries } from '../../lib/refresh-queries';
import { ADMIN_INVITATION_HOURS, InviteAdminSchema } from '../../lib/schemas/admin-operations';
import { toast } from '../../lib/toast';
import { useConfirm } from '../ui/ConfirmDialog';
import { formFieldProps } from '../ui/form-field-props';
import { FormCard } from '../ui/FormCard';
import { TextField } from '../ui/TextField';
import { ADMIN_KEYS, dateTime, toastFailure } from './admin-queries';
import { AdminTable } from './AdminTable';
import { QueryResult } from './QueryResult';
import { RowButton } from './RowButton';

type Form = z.input<typeof InviteAdminSchema>;

/**
 * Add Administrator: name and e-mail only. The new admin is mailed a link to choose their
 * own password (docs/decisions/0048); nobody types a password for someone else.
 */
function AddAdminForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, formState, reset, setError } = useForm<Form>({
    resolver: zodResolver(InviteAdminSchema),
    defaultValues: { email: '', firstName: '', lastName: '' },
  });
  const add = useMutation({
    mutationFn: (values: Form) => answer(api.admin.users.$post({ json: values })),
    onSuccess: async (admin) => {
      toast({
        title: 'Invitation Sent',
        description: `${admin.email} will get an e-mail with a link to choose a password.`,
      });
      reset();
      await refreshQueries(queryClient, ADMIN_KEYS.users);
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.fieldErrors?.email : undefined;
      if (message) setError('email', { message });
      toastFailure('Creation Failed', error, 'Failed to add the administrator');
    },
  });
  const fieldProps = formFieldProps({ register, formState }, id);
  return (
    <FormCard
      title="Add Administrator"
      heading="h3"
      onSubmit={(e) => void handleSubmit((values) => add.mutate(values))(e)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" {...fieldProps('firstName', 'first')} />
        <TextField label="Last name" {...fieldProps('lastName', 'last')} />
        <TextField label="Email" type="email" {...fieldProps('email')} />
      </div>
      <p className="text-sm" id={`${id}-how`}>
        We e-mail them a link to choose their own password. The link works once and for{' '}
        {ADMIN_INVITATION_HOURS} hours; after that they can ask for a new one with &lsquo;Forgot
        your password?&rsquo; on the sign-in page.
      </p>
      <div className="card-actions justify-end">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={add.isPending}
          aria-describedby={`${id}-how`}
        >
          {add.isPending ? 'Sending...' : 'Send Invitation'}
        </button>
      </div>
    </FormCard>
  );
}

/** Active, deactivated, or invited: active but without a password yet (cannot sign in). */
function AdminStatus({ admin }: { admin: AdminUser }) {
  if (!admin.isActive) return <span className="badge badge-sm badge-ghost">Deactivated</span>;
  if (admin.invitationPending) return <span className="badge badge-sm badge-info">Invited</span>;
  return <span className="badge badge-sm badge-success">Active</span>;
}

/** Admin users: who has access; add one; deactivate (their sessions end at once) or reactivate. */
export function TeamTab({ currentEmail }: { currentEmail: string }) {
  const queryClient = useQueryClient();
  const admins = useQuery({
    queryKey: ADMIN_KEYS.users,
    queryFn: () => answer(api.admin.users.$get()),
  });
  const setActive = useMutation({
    mutationFn: (admin: AdminUser) =>
      answer(
        api.admin.users[':id'].$put({
          param: { id: String(admin.id) },
          json: { isActive: !admin.isActive },
        }),
      ),
    onSuccess: async (admin) => {
      toast({
        title: admin.isActive ? 'Administrator Reactivated' : 'Administrator Deactivated',
        description: admin.isActive
          ? `${admin.email} can sign in again.`
          : `${admin.email} was signed out and can no longer sign in.`,
      });
      await refreshQueries(queryClient, ADMIN_KEYS.users);
    },
    onError: (error) => toastFailure('Update Failed', error, 'Failed to update the administrator'),
  });
  const reinvite = useMutation({
    mutationFn: (admin: AdminUser) =>
      answer(api.admin.users[':id'].invitation.$post({ param: { id: String(admin.id) } })),
    onSuccess: (admin) =>
      toast({
        title: 'Invitation Sent Again',
        description: `A new link is on its way to ${admin.email}; earlier links no longer work.`,
      }),
    onError: (error) => toastFailure('Invitation Not Sent', error, 'Failed to send the invitation'),
  });
  const { confirm, dialog } = useConfirm();
  /** Deactivating ends the admin's sessions at once: asked first. Reactivating is not. */
  const toggle = async (admin: AdminUser) => {
    const asked =
      !admin.isActive ||
      (await confirm({
        title: `Deactivate ${admin.firstName} ${admin.lastName}?`,
        body: (
          <p>
            {admin.email} is signed out at once and can no longer sign in. You can reactivate the
            account later.
          </p>
        ),
        confirmLabel: 'Deactivate',
        tone: 'danger',
      }));
    if (asked) setActive.mutate(admin);
  };
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">Administrators</h2>
      <QueryResult
        query={admins}
        loading="Loading administrators..."
        failed="Failed to load administrators."
      >
        {(data) => (
          <AdminTable columns={['Name', 'Email', 'Role', 'Status', 'Last login']}>
            {data.map((admin) => (
              <tr key={admin.id}>
                <td className="font-semibold">
                  {admin.firstName} {admin.lastName}
                </td>
                <td>{admin.email}</td>
                <td>{admin.role}</td>
                <td>
                  <AdminStatus admin={admin} />
                </td>
                <td className="whitespace-nowrap text-sm">
                  {admin.lastLogin ? dateTime(admin.lastLogin) : 'Never'}
                </td>
                <td>
                  {admin.isActive && admin.invitationPending && (
                    <RowButton
                      className="mr-2"
                      disabled={reinvite.isPending}
                      label={`Resend Invitation to ${admin.email}`}
                      onClick={() => reinvite.mutate(admin)}
                    >
                      Resend Invitation
                    </RowButton>
                  )}
                  {admin.email !== currentEmail && (
                    <RowButton
                      disabled={setActive.isPending}
                      label={`${admin.isActive ? 'Deactivate' : 'Reactivate'} ${admin.email}`}
                      onClick={() => void toggle(admin)}
                    >
                      {admin.isActive ? 'Deactivate' : 'Reactivate'}
                    </RowButton>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryResult>
      <AddAdminForm />
      {dialog}
    </div>
  );
}
