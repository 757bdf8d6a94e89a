import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { OwnProfile } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { PROVINCE_IDS, PROVINCE_NAMES } from '../../lib/catalog/provinces';
import { CHECKLIST_KEY, ME_KEY } from '../../lib/provider-dashboard';
import { hoursGiven, PRICE_ON_REQUEST } from '../../lib/provider-facts';
import { refreshQueries } from '../../lib/refresh-queries';
import { PROFILE_LIMITS } from '../../lib/schemas/provider-dashboard';
import { toast } from '../../lib/toast';
import { ProviderLogo } from '../providers/ProviderLogo';
import { formFieldProps } from '../ui/form-field-props';
import { FormActions } from '../ui/FormActions';
import { FormCard } from '../ui/FormCard';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { PhotoUploader } from './PhotoUploader';
import { BusinessHoursEditor } from './profile/BusinessHoursEditor';
import type { ListEditorProps } from './profile/ChipsFieldset';
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
 * coverage areas and business hours. Business Name edits the name the public pages show;
 * Contact Name the person to speak to, a field of its own (the spec bound both to one
 * field, so a provider typing its own name renamed its business). A price left empty is
 * "Price on request"; hours not given stay so until the provider chooses to give them.
 * The form itself checks nothing; the server checks the whole profile with
 * ProviderProfileSchema and its answers show under the fields.
 */
export function ProfileTab({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const { register, handleSubmit, reset, setError, clearErrors, formState, watch, setValue } =
    useForm<ProfileForm>({ values: formValues(profile) });
  const save = useMutation({
    mutationFn: (values: ProfileForm) =>
      answer(
        api.provider.profile.$put({
          // Not checked here: the server checks the profile, and its answers show under the
          // fields (the services are the catalog's, as the server gave them).
          json: profileRequest(values, profile.services),
        }),
      ),
    onSuccess: async (updated) => {
      queryClient.setQueryData(ME_KEY, updated);
      // What the provider gave now counts as confirmed in the Overview's list.
      await refreshQueries(queryClient, CHECKLIST_KEY);
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
  const fieldProps = formFieldProps({ register, formState }, id);
  /** A list editor's one message (the list's or its items') and its change, which clears it. */
  const listProps = (name: 'specialties' | 'coverageAreas'): ListEditorProps => ({
    error: errors[name]?.message ?? errors[name]?.root?.message,
    onChange: (items: string[]) => {
      setValue(name, items, { shouldDirty: true });
      clearErrors(name);
    },
  });
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <section
        className="card border border-base-300 bg-base-100 shadow-sm"
        aria-label="Profile photo"
      >
        <div className="card-body items-center text-center">
          {/* Shown whole, as the public pages show it (never cropped); without a photo,
              the monogram they show. */}
          <ProviderLogo
            provider={profile}
            className="aspect-[3/2] w-48 rounded-box bg-base-200 object-contain"
          />
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

      <FormCard
        title="Business Profile"
        label="Business profile"
        onSubmit={(e) => void handleSubmit((values) => save.mutate(values))(e)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Business Name"
            hint="Shown on your public page."
            {...fieldProps('name', 'business')}
          />
          <TextField
            label="Contact Name"
            hint="The person customers and our team speak to; not shown on your public page."
            autoComplete="name"
            {...fieldProps('contactName', 'contact')}
          />
          <TextField
            label="VAT Number"
            hint="Only if you are VAT-registered: your quotes then add VAT at 15 %."
            inputMode="numeric"
            {...fieldProps('vatNumber', 'vat-number')}
          />
          <TextField
            label="Registered Name"
            hint="The name your VAT number is issued to, as your quotes state it."
            {...fieldProps('registeredName', 'registered-name')}
          />
          <TextField label="Email" type="email" {...fieldProps('email')} />
          <TextField label="Phone" type="tel" {...fieldProps('phone')} />
          <TextField
            label="City/Area"
            placeholder="e.g. Johannesburg, Sandton"
            {...fieldProps('location')}
          />
          <SelectField label="Province" {...fieldProps('province')}>
            <Options
              choices={PROVINCE_IDS.map((province) => ({
                value: province,
                label: PROVINCE_NAMES[province],
              }))}
            />
          </SelectField>
        </div>
        <TextAreaField
          label="Business Description"
          rows={4}
          hint="In your own words. Left empty, your public page shows no description."
          {...fieldProps('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-price`}
            label="Starting price (R)"
            type="number"
            inputMode="numeric"
            min={PROFILE_LIMITS.priceMin}
            max={PROFILE_LIMITS.priceMax}
            step={1}
            hint={`Leave empty to show "${PRICE_ON_REQUEST}".`}
            error={errors.startingPrice?.message}
            {...register('startingPrice', { valueAsNumber: true })}
          />
          <TextField
            label="Website (optional)"
            type="url"
            inputMode="url"
            placeholder="https://www.example.co.za"
            {...fieldProps('website')}
          />
        </div>
        <SpecialtiesEditor specialties={watch('specialties')} {...listProps('specialties')} />
        <CoverageEditor towns={watch('coverageAreas')} {...listProps('coverageAreas')} />
        <BusinessHoursEditor
          id={id}
          register={register}
          watch={watch}
          errors={errors}
          optional={!hoursGiven(profile.businessHours)}
        />
        <FormActions
          className="card-actions justify-end"
          onCancel={() => reset(formValues(profile))}
          label="Save Changes"
          busy={save.isPending && 'Saving...'}
        />
      </FormCard>
      <WorkPhotosEditor />
    </div>
  );
}
