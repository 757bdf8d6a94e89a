import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { answer, api, ApiError, type ApiInput } from '../../lib/api-client';
import type { OwnProfile } from '../../lib/api-answers';
import { PROVINCE_IDS, PROVINCE_NAMES } from '../../lib/catalog/provinces';
import { ME_KEY } from '../../lib/provider-dashboard';
import { providerImageUrl } from '../../lib/provider-image';
import { toast } from '../../lib/toast';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { PhotoUploader } from './PhotoUploader';
import { WorkPhotosEditor } from './WorkPhotosEditor';
import { handledSessionEnd } from './session';

type ProfileForm = Pick<
  OwnProfile,
  'name' | 'email' | 'phone' | 'location' | 'province' | 'description'
>;

const formValues = (profile: OwnProfile): ProfileForm => ({
  name: profile.name,
  email: profile.email,
  phone: profile.phone,
  location: profile.location,
  province: profile.province,
  description: profile.description,
});

/**
 * Profile (spec section 2): the photo with its uploader, and the business details.
 * Business Name and Contact Name both edit the one name field, as the spec has it. The
 * form itself checks nothing; the server's answers show under the fields.
 */
export function ProfileTab({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, reset, setError, formState, watch, setValue } =
    useForm<ProfileForm>({ values: formValues(profile) });
  // Business Name and Contact Name are two views of one field: each shows what the other types.
  const nameField = {
    value: watch('name'),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValue('name', event.target.value, { shouldDirty: true }),
  };
  const save = useMutation({
    mutationFn: (values: ProfileForm) =>
      answer(
        api.provider.profile.$put({
          // Not checked here: the server checks the profile, and its answers show under the
          // fields (the province and services are the catalog's, as the server gave them).
          json: { ...values, services: profile.services } as ApiInput<
            typeof api.provider.profile.$put
          >['json'],
        }),
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(ME_KEY, updated);
      toast({
        title: 'Profile Updated',
        description: 'Your business profile has been successfully updated',
      });
    },
    onError: (error) => {
      if (handledSessionEnd(queryClient, error)) return;
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          setError(field as keyof ProfileForm, { message });
        }
      }
      toast({
        title: 'Error',
        description: 'Failed to update profile. Please try again.',
        variant: 'destructive',
      });
    },
  });
  const { errors } = formState;
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <section
        className="card border border-base-300 bg-base-100 shadow-sm"
        aria-label="Profile photo"
      >
        <div className="card-body items-center text-center">
          {profile.profileImage ? (
            <img
              src={providerImageUrl(profile.profileImage)}
              alt={`Profile photo of ${profile.name}`}
              className="h-32 w-32 rounded-full object-cover"
            />
          ) : (
            <div
              className="flex h-32 w-32 items-center justify-center rounded-full bg-base-200 text-5xl"
              role="img"
              aria-label="No profile photo yet"
            >
              <svg viewBox="0 0 24 24" className="h-16 w-16 fill-current" aria-hidden="true">
                <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
              </svg>
            </div>
          )}
          <button
            type="button"
            className="btn btn-outline btn-sm mt-2"
            onClick={() => setUploading(true)}
          >
            Upload Photo
          </button>
          <p className="text-sm">Max file size: 5MB • Formats: JPG, PNG, GIF</p>
        </div>
      </section>
      <PhotoUploader open={uploading} onClose={() => setUploading(false)} />

      <form
        noValidate
        className="card border border-base-300 bg-base-100 shadow-sm"
        aria-label="Business profile"
        onSubmit={(e) => void handleSubmit((values) => save.mutate(values))(e)}
      >
        <div className="card-body gap-4">
          <h2 className="text-lg font-semibold">Business Profile</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-business`}
              label="Business Name"
              error={errors.name?.message}
              {...nameField}
            />
            <TextField id={`${id}-contact`} label="Contact Name" {...nameField} />
            <TextField
              id={`${id}-email`}
              label="Email"
              type="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField
              id={`${id}-phone`}
              label="Phone"
              type="tel"
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextField
              id={`${id}-location`}
              label="City/Area"
              placeholder="e.g. Johannesburg, Sandton"
              error={errors.location?.message}
              {...register('location')}
            />
            <SelectField
              id={`${id}-province`}
              label="Province"
              error={errors.province?.message}
              {...register('province')}
            >
              {PROVINCE_IDS.map((province) => (
                <option key={province} value={province}>
                  {PROVINCE_NAMES[province]}
                </option>
              ))}
            </SelectField>
          </div>
          <div>
            <label
              className="label text-sm font-medium text-base-content"
              htmlFor={`${id}-description`}
            >
              Business Description
            </label>
            <textarea
              id={`${id}-description`}
              rows={4}
              className="textarea w-full"
              aria-invalid={errors.description ? true : undefined}
              {...register('description')}
            />
            {errors.description && (
              <p className="mt-1 text-sm text-error" role="alert">
                {errors.description.message}
              </p>
            )}
          </div>
          <div className="card-actions justify-end">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => reset(formValues(profile))}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </div>
      </form>
      <WorkPhotosEditor />
    </div>
  );
}
