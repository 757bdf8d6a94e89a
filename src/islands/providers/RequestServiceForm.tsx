import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Provider } from '../../lib/api-answers';
import { answer, api, ApiError } from '../../lib/api-client';
import { serviceName, SERVICE_IDS, type ServiceId } from '../../lib/catalog/categories';
import { BUDGETS, URGENCIES } from '../../lib/catalog/enquiry-options';
import { withQueryClient } from '../../lib/query-client';
import { namesInWords } from '../../lib/request-sent';
import { EnquirySchema, ENQUIRY_LIMITS, type EnquiryInput } from '../../lib/schemas/enquiry';
import { BRIEF_QUESTIONS } from '../../lib/schemas/request-brief';
import { toast } from '../../lib/toast';
import { Field, fieldAria } from '../ui/Field';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { usePlaceSuggestions } from '../ui/use-place-suggestions';
import { SitePhotosUpload } from '../uploads/SitePhotosUpload';
import { BriefFields } from './BriefFields';
import { RequestSent, type SentRequest } from './RequestSent';

type FormValues = EnquiryInput;

const isService = (value: unknown): value is ServiceId =>
  (SERVICE_IDS as readonly unknown[]).includes(value);

/** A blank brief of the service: its many-answer questions start with none chosen. */
function blankBrief(service: unknown): FormValues['brief'] {
  if (!isService(service)) return undefined;
  const brief: Record<string, unknown> = { service };
  for (const q of BRIEF_QUESTIONS[service]) if (q.kind === 'many') brief[q.key] = [];
  return brief;
}

function blank(provider: Provider, services: readonly string[]): FormValues {
  const service = services.length === 1 ? services[0] : undefined;
  return {
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    serviceType: services.length === 1 ? (services[0] as FormValues['serviceType']) : ('' as never),
    location: '',
    description: '',
    budget: '',
    urgency: 'medium',
    assignedProviderId: provider.id,
    brief: blankBrief(service),
    sitePhotos: [],
    website: '',
  };
}

/**
 * The service request (spec sections 4, 5 and 8); the API validates with the same schema.
 * With `group`, the one brief goes to each of those providers (docs/decisions/0050):
 * `provider` is the first of them, and the services are those all of them offer.
 */
export function RequestServiceForm({
  provider,
  group,
  onSent,
}: {
  provider: Provider;
  group?: readonly Provider[] | undefined;
  onSent?: (() => void) | undefined;
}) {
  const services = group
    ? provider.services.filter((service) => group.every((p) => p.services.includes(service)))
    : provider.services;
  const form = useForm<FormValues>({
    resolver: zodResolver(EnquirySchema),
    defaultValues: blank(provider, services),
  });
  const { register, handleSubmit, reset, setError, setValue, control, formState } = form;
  const errors = formState.errors;
  // The brief asks the questions of the service chosen; another service starts it anew.
  const serviceType = useWatch({ control, name: 'serviceType' });
  const [briefService, setBriefService] = useState<unknown>(serviceType);
  if (briefService !== serviceType) {
    setBriefService(serviceType);
    setValue('brief', blankBrief(serviceType));
  }
  // Places as the location is typed, as the dashboard's coverage field offers them.
  const placeSuggestions = usePlaceSuggestions(useWatch({ control, name: 'location' }));
  const [photosPending, setPhotosPending] = useState(false);
  // A new form (after sending or Clear Form) starts without photos.
  const [photoRound, setPhotoRound] = useState(0);
  const onPhotos = useCallback(
    (uploads: string[], pending: boolean) => {
      setValue('sitePhotos', uploads);
      setPhotosPending(pending);
    },
    [setValue],
  );
  const clear = () => {
    reset(blank(provider, services));
    setPhotoRound((n) => n + 1);
  };
  // The request just sent: the form gives way to it until the visitor sends another.
  const [sent, setSent] = useState<SentRequest>();
  const firstField = useRef<HTMLInputElement | null>(null);
  const [focusForm, setFocusForm] = useState(false);
  useEffect(() => {
    if (!focusForm) return;
    setFocusForm(false);
    firstField.current?.focus();
  }, [focusForm]);

  const mutation = useMutation({
    mutationFn: (values: FormValues) =>
      answer(
        api.enquiries.$post({
          json: group ? { ...values, providerIds: group.map((p) => p.id) } : values,
        }),
      ),
    onSuccess: ({ reference, message, mailed }, values) => {
      // No toast: on a phone it would cover the very screen that says the request went.
      setSent({ reference, message, mailed, email: values.customerEmail });
      clear();
      onSent?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          setError(field as keyof FormValues, { message });
        }
      }
      toast({
        title: 'Error',
        description: 'Failed to submit service request. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const id = (name: string) => `enquiry-${provider.id}-${name}`;
  const nameField = register('customerName');
  if (sent) {
    return (
      <RequestSent
        request={sent}
        provider={group ? { name: namesInWords(group.map((p) => p.name)) } : provider}
        several={group !== undefined && group.length > 1}
        onSendAnother={() => {
          setSent(undefined);
          setFocusForm(true);
        }}
      />
    );
  }
  const message = (name: keyof FormValues) => errors[name]?.message;

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit((values) => mutation.mutate(values))(e)}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        id={id('name')}
        label="Your Name *"
        autoComplete="name"
        maxLength={ENQUIRY_LIMITS.name}
        error={message('customerName')}
        {...nameField}
        ref={(element) => {
          nameField.ref(element);
          firstField.current = element;
        }}
      />
      <TextField
        id={id('email')}
        label="Email Address *"
        type="email"
        autoComplete="email"
        maxLength={ENQUIRY_LIMITS.email}
        error={message('customerEmail')}
        {...register('customerEmail')}
      />
      <TextField
        id={id('phone')}
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        maxLength={ENQUIRY_LIMITS.phone}
        error={message('customerPhone')}
        {...register('customerPhone')}
      />
      <SelectField
        id={id('service')}
        label="Service Type *"
        error={message('serviceType')}
        {...register('serviceType')}
      >
        <Options
          none="Select a service"
          choices={services.map((service) => ({ value: service, label: serviceName(service) }))}
        />
      </SelectField>
      <Field id={id('location')} label="Service Location *" error={message('location')}>
        <input
          id={id('location')}
          className="input w-full"
          placeholder="e.g. Sandton, Johannesburg"
          maxLength={ENQUIRY_LIMITS.location}
          list={id('location-places')}
          autoComplete="off"
          {...register('location')}
          {...fieldAria(id('location'), { error: message('location') })}
        />
        <datalist id={id('location-places')}>
          {placeSuggestions.map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
      </Field>
      <SelectField id={id('budget')} label="Budget" {...register('budget')}>
        <Options none="Select a budget" choices={BUDGETS} />
      </SelectField>
      <SelectField id={id('urgency')} label="Urgency Level *" {...register('urgency')}>
        <Options choices={URGENCIES} />
      </SelectField>
      <div className="sm:col-span-2">
        <TextAreaField
          id={id('description')}
          label="Project Description *"
          rows={4}
          maxLength={ENQUIRY_LIMITS.description}
          placeholder="Describe what you need: the site, the number of cameras or rooms, any existing equipment..."
          error={message('description')}
          {...register('description')}
        />
      </div>
      {isService(serviceType) && (
        <BriefFields
          service={serviceType}
          control={control}
          register={register}
          errors={errors}
          idPrefix={id('q')}
        />
      )}
      <div className="sm:col-span-2">
        <SitePhotosUpload
          key={photoRound}
          onChange={onPhotos}
          error={
            errors.sitePhotos?.message ??
            (errors.sitePhotos as Record<number, { message?: string }> | undefined)?.[0]?.message
          }
        />
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div className="hidden" aria-hidden="true">
        <label htmlFor={id('website')}>Website</label>
        <input id={id('website')} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={mutation.isPending || photosPending}
        >
          {mutation.isPending
            ? 'Sending...'
            : photosPending
              ? 'Uploading photos...'
              : 'Send Request'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={clear}>
          Clear Form
        </button>
      </div>
    </form>
  );
}

/**
 * The form with its own query cache provider: loaded when a visitor opens it
 * (LazyRequestServiceForm), also on pages whose islands have none.
 */
export default withQueryClient(RequestServiceForm);
