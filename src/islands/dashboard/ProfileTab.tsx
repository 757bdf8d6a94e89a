import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OwnProfile } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { PROVINCE_IDS, PROVINCE_NAMES } from '../../lib/catalog/provinces';
import { ME_KEY } from '../../lib/provider-dashboard';
import { PROFILE_LIMITS } from '../../lib/schemas/provider-dashboard';
import { toast } from '../../lib/toast';
import { ProviderLogo } from '../providers/ProviderLogo';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { PhotoUploader } from './PhotoUploader';
import { BusinessHoursEditor } from './profile/BusinessHoursEditor';
import { CoverageEditor } from './profile/CoverageEditor';
import {
  profileFormValues as formValues,
  profileRequest,
  type ProfileForm,
} from './profile/profile-form';
import { SpecialtiesEditor } from './profile/SpecialtiesEditor';
import { handledSessionEnd } from './session';
import { WorkPhotosEditor } from './WorkPhotosEditor';

/** A server's field name ('coverageAreas.3', 'businessHours.monday.closes') as the form's. */
function formField(field: string): string {
  // The list editors show one message for the whole list.
  const match = /^(coverageAreas|specialties)\./.exec(field);
  return match?.[1] ?? field;
}

/**
 * Profile (spec section 2): the photo with its uploader, the business
 * details, and what the public page shows besides: starting price, website, specialties,
 * coverage areas and business hours. Business Name and Contact Name both edit the one
 * name field, as the spec has it. The form itself checks nothing; the server checks the
 * whole profile with ProviderProfileSchema and its answers show under the fields.
 */
export function ProfileTab({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, reset, setError, clearErrors, formState, watch, setValue } =
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
          // fields (the services are the catalog's, as the server gave them).
          json: profileRequest(values, profile.services),
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
        // The first field in error takes the focus, so a keyboard user lands on it.
        Object.entries(error.fieldErrors).forEach(([field, message], index) => {
          setError(
            formField(field) as keyof ProfileForm,
            { message },
            { shouldFocus: index === 0 },
          );
        });
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
          {/* Without a photo, the monogram the public pages show. */}
          <ProviderLogo provider={profile} className="h-32 w-32 rounded-full object-cover" />
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
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-price`}
              label="Starting price (R)"
              type="number"
              inputMode="numeric"
              min={PROFILE_LIMITS.priceMin}
              max={PROFILE_LIMITS.priceMax}
              step={1}
              error={errors.startingPrice?.message}
              {...register('startingPrice', { valueAsNumber: true })}
            />
            <TextField
              id={`${id}-website`}
              label="Website (optional)"
              type="url"
              inputMode="url"
              placeholder="https://www.example.co.za"
              error={errors.website?.message}
              {...register('website')}
            />
          </div>
          <SpecialtiesEditor
            specialties={watch('specialties')}
            error={errors.specialties?.message ?? errors.specialties?.root?.message}
            onChange={(specialties) => {
              setValue('specialties', specialties, { shouldDirty: true });
              clearErrors('specialties');
            }}
          />
          <CoverageEditor
            towns={watch('coverageAreas')}
            error={errors.coverageAreas?.message ?? errors.coverageAreas?.root?.message}
            onChange={(towns) => {
              setValue('coverageAreas', towns, { shouldDirty: true });
              clearErrors('coverageAreas');
            }}
          />
          <BusinessHoursEditor id={id} register={register} watch={watch} errors={errors} />
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
