import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { AdminUser } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { NewAdminSchema } from '../../lib/schemas/admin-operations';
import { toast } from '../../lib/toast';
import { TextField } from '../ui/TextField';
import { ADMIN_KEYS, dateTime, failure } from './admin-queries';
import { AdminTable } from './AdminTable';

type Form = z.input<typeof NewAdminSchema>;

function AddAdminForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, formState, reset, setError } = useForm<Form>({
    resolver: zodResolver(NewAdminSchema),
    defaultValues: { email: '', firstName: '', lastName: '', password: '' },
  });
  const add = useMutation({
    mutationFn: (values: Form) => answer(api.admin.users.$post({ json: values })),
    onSuccess: async (admin) => {
      toast({ title: 'Administrator Added', description: `${admin.email} can now sign in.` });
      reset();
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.fieldErrors?.email : undefined;
      if (message) setError('email', { message });
      toast({
        title: 'Creation Failed',
        description: failure(error, 'Failed to add the administrator'),
        variant: 'destructive',
      });
    },
  });
  const { errors } = formState;
  return (
    <form
      noValidate
      aria-label="Add Administrator"
      className="card border border-base-300 bg-base-100 shadow-sm"
      onSubmit={(e) => void handleSubmit((values) => add.mutate(values))(e)}
    >
      <div className="card-body gap-4">
        <h3 className="text-lg font-semibold">Add Administrator</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-first`}
            label="First name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            id={`${id}-last`}
            label="Last name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            id={`${id}-email`}
            label="Email"
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            id={`${id}-password`}
            label="Temporary password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
        </div>
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Administrator'}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Admin users: who has access; add one; deactivate (their sessions end at once) or reactivate. */
export function TeamTab({ currentEmail }: { currentEmail: string }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({
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
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
    },
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: failure(error, 'Failed to update the administrator'),
        variant: 'destructive',
      }),
  });
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold">Administrators</h2>
      {isPending ? (
        <p role="status">Loading administrators...</p>
      ) : isError ? (
        <p role="alert" className="text-error">
          Failed to load administrators.
        </p>
      ) : (
        <AdminTable columns={['Name', 'Email', 'Role', 'Status', 'Last login']}>
          {data.map((admin) => (
            <tr key={admin.id}>
              <td className="font-semibold">
                {admin.firstName} {admin.lastName}
              </td>
              <td>{admin.email}</td>
              <td>{admin.role}</td>
              <td>
                <span
                  className={`badge badge-sm ${admin.isActive ? 'badge-success' : 'badge-ghost'}`}
                >
                  {admin.isActive ? 'Active' : 'Deactivated'}
                </span>
              </td>
              <td className="whitespace-nowrap text-sm">
                {admin.lastLogin ? dateTime(admin.lastLogin) : 'Never'}
              </td>
              <td>
                {admin.email !== currentEmail && (
                  <button
                    type="button"
                    className="btn btn-xs"
                    disabled={setActive.isPending}
                    aria-label={`${admin.isActive ? 'Deactivate' : 'Reactivate'} ${admin.email}`}
                    onClick={() => setActive.mutate(admin)}
                  >
                    {admin.isActive ? 'Deactivate' : 'Reactivate'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <AddAdminForm />
    </div>
  );
}
