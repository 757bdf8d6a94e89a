import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { answer, api, ApiError } from '../../lib/api-client';
import { LEGAL_FORM_LABELS, LEGAL_FORMS } from '../../lib/catalog/checks';
import { WEEKDAYS } from '../../lib/catalog/enquiry-options';
import { PROVINCE_IDS, PROVINCE_NAMES } from '../../lib/catalog/provinces';
import { HOURS_NOT_GIVEN, PRICE_ON_REQUEST } from '../../lib/provider-facts';
import {
  AddProviderFormSchema,
  EMPTY_PROVIDER_FORM,
  providerBody,
  suggestedSpecialties,
  type AddProviderForm as Form,
  type AddProviderValues,
} from '../../lib/schemas/admin-forms';
import { currentYear } from '../../lib/schemas/admin-operations';
import { toast } from '../../lib/toast';
import { UPLOAD_PURPOSES } from '../../lib/uploads';
import { formFieldProps } from '../ui/form-field-props';
import { FormActions } from '../ui/FormActions';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { refreshProviders, toastFailure } from './admin-queries';
import { AdminImageField } from './AdminImageField';

/**
 * Add Provider (spec section 5): every field, rule and default; the image through
 * process-image. The spec's defaults are suggestions the admin sees in the form (a price
 * of R1500, the services' names as specialties while the admin has not typed its own,
 * the default week of hours); emptied or unticked, they are sent as not given.
 */
export function AddProviderForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [profileImage, setProfileImage] = useState<string>();
  const { register, handleSubmit, formState, setError, watch, setValue, getFieldState } = useForm<
    Form,
    unknown,
    AddProviderValues
  >({
    resolver: zodResolver(AddProviderFormSchema),
    defaultValues: EMPTY_PROVIDER_FORM,
  });
  const services = watch('services');
  const listHours = watch('listHours');
  // The services' names as suggested specialties, until the admin types its own.
  useEffect(() => {
    if (!getFieldState('specialties').isDirty) {
      setValue('specialties', suggestedSpecialties(services));
    }
  }, [services, getFieldState, setValue]);
  const create = useMutation({
    mutationFn: (values: AddProviderValues) =>
      answer(api.admin.providers.$post({ json: providerBody(values, profileImage) })),
    onSuccess: async (_, values) => {
      toast({ title: 'Provider Created', description: `${values.name} is now listed.` });
      await refreshProviders(queryClient);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          setError(field as keyof Form, { message });
        }
      }
      toastFailure('Creation Failed', error, 'Failed to create provider');
    },
  });
  const fieldProps = formFieldProps({ register, formState }, id);
  const field = (name: keyof Form, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} {...extra} {...fieldProps(name)} />
  );
  return (
    <form
      noValidate
      className="space-y-5 p-5 sm:p-6"
      onSubmit={(e) => void handleSubmit((values) => create.mutate(values))(e)}
    >
      <h2 className="pr-10 text-xl font-bold">Add Provider</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Business Name *')}
        {field('contactName', 'Contact Name *')}
        {field('email', 'Email *', { type: 'email' })}
        {field('phone', 'Phone *', { type: 'tel', placeholder: '+27123456789' })}
        {field('location', 'Location *', { placeholder: 'e.g. Sandton' })}
        <SelectField id={`${id}-province`} label="Province *" {...register('province')}>
          <Options choices={PROVINCE_IDS.map((id) => ({ value: id, label: PROVINCE_NAMES[id] }))} />
        </SelectField>
        <SelectField id={`${id}-legal-form`} label="Business type *" {...register('legalForm')}>
          <Options
            choices={LEGAL_FORMS.map((form) => ({ value: form, label: LEGAL_FORM_LABELS[form] }))}
          />
        </SelectField>
        {field('yearsExperience', 'Years Experience *', { type: 'number', min: 0 })}
        {field('services', 'Services * (comma-separated)', { placeholder: 'cctv, alarms' })}
        {field('startingPrice', 'Starting Price (R)', {
          type: 'number',
          min: 0,
          hint: `Empty: the provider's page says "${PRICE_ON_REQUEST}".`,
        })}
        {field('specialties', 'Specialties (comma-separated)', {
          hint: 'Suggested from the services; empty: none shown.',
        })}
        {field('website', 'Website', { type: 'url', placeholder: 'https://' })}
        {field('completedJobs', 'Completed Jobs', { type: 'number', min: 0 })}
        {field('responseTime', 'Response Time', { placeholder: 'e.g. Within 24 hours' })}
        {field('teamSize', 'Team Size', { type: 'number', min: 1 })}
        {field('insurance', 'Insurance')}
        {field('businessLicense', 'Business License')}
        {field('establishedYear', 'Established Year', {
          type: 'number',
          min: 1900,
          max: currentYear(),
        })}
      </div>
      <TextAreaField label="Description *" rows={3} {...fieldProps('description')} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">Business hours</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox" {...register('listHours')} />
          List business hours (filled in with the usual week: change them to the provider's)
        </label>
        {listHours ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {WEEKDAYS.map((day) => (
              <TextField
                key={day}
                label={day.charAt(0).toUpperCase() + day.slice(1)}
                {...fieldProps(`businessHours.${day}`, `hours-${day}`)}
              />
            ))}
          </div>
        ) : (
          <p className="text-sm">The provider's page says "{HOURS_NOT_GIVEN}".</p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-6">
        {(
          [
            ['emergencyService', 'Emergency service'],
            ['isPremium', 'Premium'],
          ] as const
        ).map(([name, label]) => (
          <label key={name} className="flex items-center gap-2">
            <input type="checkbox" className="checkbox" {...register(name)} />
            {label}
          </label>
        ))}
      </div>
      <AdminImageField
        label="Profile Image"
        ticketRoute={api.admin.objects.upload.$post}
        maxBytes={UPLOAD_PURPOSES['admin-image'].maxBytes}
        hint="Optional. One image, up to 5 MB (JPG, PNG, GIF or WebP)."
        onChange={setProfileImage}
      />
      <FormActions
        onCancel={onDone}
        label="Create Provider"
        busy={create.isPending && 'Creating...'}
      />
    </form>
  );
}
