import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { answer, api, ApiError } from '../../lib/api-client';
import {
  CONFIRM_YOUR_ADDRESS,
  PENDING_APPLICATION_MESSAGES,
} from '../../lib/application-confirmation';
import { APPLICATION_NEXT_STEPS } from '../../lib/catalog/application-steps';
import { SERVICE_CATEGORIES } from '../../lib/catalog/categories';
import {
  checkDefinition,
  requiredChecks,
  type CheckType,
  type LegalForm,
} from '../../lib/catalog/checks';
import { CHECKS_CONSENT } from '../../lib/catalog/consent';
import { PROVINCE_IDS, PROVINCE_NAMES } from '../../lib/catalog/provinces';
import type { ApplicationFormInput } from '../../lib/schemas/provider-application';
import { toast } from '../../lib/toast';
import { UPLOAD_PURPOSES } from '../../lib/uploads';
import { FormActions } from '../ui/FormActions';
import { lazyResolver } from '../ui/lazy-resolver';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { useSend } from '../ui/use-send';
import type { UploadedDocument } from '../uploads/DocumentUpload';
import { ImageUpload } from '../uploads/ImageUpload';
import { serverErrorPlace, withoutHiddenAnswers } from './application-answers';
import { joinFields } from './join-fields';
import { NewApplicationLinkButton } from './NewApplicationLink';
import { VerificationFields } from './VerificationFields';

function Success({ services, legalForm }: { services: readonly string[]; legalForm: LegalForm }) {
  return (
    <section
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="success-heading"
    >
      <div className="card-body items-center text-center">
        <h2 id="success-heading" className="text-2xl font-bold">
          Application Submitted!
        </h2>
        <p className="max-w-xl">
          Thank you. Your application was received and will be reviewed within 2-3 business days.
        </p>
        <p className="max-w-xl rounded-box bg-base-200 p-3">{CONFIRM_YOUR_ADDRESS}</p>
        <h3 className="mt-4 font-semibold">Next steps</h3>
        <ol className="max-w-xl list-decimal space-y-1 pl-5 text-left">
          <li>{APPLICATION_NEXT_STEPS.review}</li>
          <li>{APPLICATION_NEXT_STEPS.approval}</li>
          <li>
            {APPLICATION_NEXT_STEPS.checks}
            <ul className="list-disc pl-5">
              {requiredChecks(services, legalForm).map((type) => (
                <li key={type}>{checkDefinition(type).label}</li>
              ))}
            </ul>
          </li>
          <li>
            {APPLICATION_NEXT_STEPS.badge}{' '}
            <a className="link" href="/verification">
              How verification works
            </a>
          </li>
        </ol>
        <a className="btn btn-primary mt-6" href="/">
          Return to Home
        </a>
      </div>
    </section>
  );
}

// The API's schema, loaded with zod at the first submit (docs/decisions/0049).
const applicationResolver = lazyResolver<ApplicationFormInput, ApplicationFormInput>(() =>
  import('../../lib/schemas/provider-application').then(
    // The form's values are the schema's input; its output is sent as it checked them.
    (module) => module.ApplicationFormSchema as never,
  ),
);

/** The API's schema, checked on the answers as they will be sent (hidden ones left out). */
const checkApplication: Resolver<ApplicationFormInput> = (values, context, options) =>
  applicationResolver(withoutHiddenAnswers(values), context, options);

/** The provider application (spec sections 2, 5 and 8), validated with the API's schema. */
function JoinForm() {
  const form = useForm<ApplicationFormInput>({
    resolver: checkApplication,
    defaultValues: {
      services: [],
      yearsExperience: '',
      province: '' as never,
      legalForm: '' as never,
      documents: [],
    },
  });
  const { register, handleSubmit, setValue, getValues, setError, formState } = form;
  const errors = formState.errors;
  const [serverMessage, setServerMessage] = useState<string>();
  const [documentErrors, setDocumentErrors] = useState<Partial<Record<CheckType, string>>>({});

  /** One document per check: a new upload replaces the last, a failed one removes it. */
  const setDocument = (checkType: CheckType, document: UploadedDocument | undefined) => {
    const others = (getValues('documents') ?? []).filter((d) => d.checkType !== checkType);
    setValue('documents', document ? [...others, { checkType, ...document }] : others);
    setDocumentErrors(({ [checkType]: _, ...rest }) => rest);
  };

  const [submitted, setSubmitted] = useState<ApplicationFormInput>();
  const mutation = useSend(
    // Spec section 7: the terms and privacy flags are removed before sending; the checks
    // box is sent as the version of the consent wording the applicant saw.
    ({ acceptTerms, acceptPrivacy, acceptChecks, ...application }: ApplicationFormInput) =>
      answer(
        api['provider-applications'].$post({
          json: { ...application, consentVersion: CHECKS_CONSENT.version },
        }),
      ),
    {
      onSuccess: (_answer, sent) => {
        setSubmitted(sent);
        toast({
          title: 'Application Submitted',
          description: 'Please open the link we e-mailed you to confirm your address.',
        });
        window.scrollTo({ top: 0 });
      },
      onError: (error, sent) => {
        const message =
          error instanceof ApiError
            ? (error.serverMessage ?? 'Failed to submit application')
            : 'Unknown error';
        setServerMessage(message);
        if (error instanceof ApiError && error.fieldErrors) {
          for (const [key, fieldMessage] of Object.entries(error.fieldErrors)) {
            const place = serverErrorPlace(key, sent);
            if (place && 'field' in place) setError(place.field, { message: fieldMessage });
            else if (place) {
              setDocumentErrors((shown) => ({ ...shown, [place.document]: fieldMessage }));
            }
          }
        }
        toast({
          title: 'Submission Failed',
          description: 'There was an error submitting your application. Please try again.',
          variant: 'destructive',
        });
      },
    },
  );

  if (submitted) {
    const { services, legalForm } = submitted;
    return <Success services={services} legalForm={legalForm} />;
  }

  const { fieldProps, aria, fieldError, text, consent } = joinFields(form);

  return (
    <form
      noValidate
      className="space-y-8"
      onSubmit={(e) => void handleSubmit((values) => mutation.mutate(values))(e)}
    >
      {serverMessage && (
        <div className="alert alert-error" role="alert">
          {serverMessage}
        </div>
      )}
      {serverMessage === PENDING_APPLICATION_MESSAGES.unconfirmed && (
        <NewApplicationLinkButton email={getValues('email')} />
      )}
      <fieldset className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <legend className="float-left mb-4 w-full text-lg font-semibold">
          Business Information
        </legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          {text('businessName', 'Business Name *', { autoComplete: 'organization' })}
          {text('contactName', 'Contact Person *', { autoComplete: 'name' })}
          {text('email', 'Email Address *', { type: 'email', autoComplete: 'email' })}
          {text('phone', 'Phone Number *', {
            type: 'tel',
            autoComplete: 'tel',
            placeholder: '+27123456789 or 0123456789',
          })}
          {text('location', 'City/Area *', { placeholder: 'e.g. Johannesburg, Sandton' })}
          <SelectField label="Province *" {...fieldProps('province')}>
            <Options
              none="Select a province"
              choices={PROVINCE_IDS.map((id) => ({ value: id, label: PROVINCE_NAMES[id] }))}
            />
          </SelectField>
          <div className="sm:col-span-2">
            {/* street-address is a many-line address: it belongs to a text area (HTML). */}
            <TextAreaField
              label="Physical Address *"
              rows={2}
              autoComplete="street-address"
              {...fieldProps('physicalAddress')}
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              label="Business Description"
              rows={3}
              hint="Optional. What your business does, in your own words: your public profile shows it once you are approved. Left empty, the profile shows no description until you write one."
              {...fieldProps('description')}
            />
          </div>
          <div className="sm:col-span-2">
            {/* A text input with the address keyboard: HTML_CodeSniffer (pa11y) refuses
                autocomplete="url" on type="url", and the form checks the address itself. */}
            {text('website', 'Website', {
              inputMode: 'url',
              placeholder: 'https://',
              autoComplete: 'url',
            })}
          </div>
        </div>
      </fieldset>

      <fieldset
        className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
        aria-describedby={errors.services ? 'join-services-error' : undefined}
      >
        <legend className="float-left mb-4 w-full text-lg font-semibold">Services Offered *</legend>
        <div className="clear-both">
          <div className="grid gap-3 sm:grid-cols-2">
            {SERVICE_CATEGORIES.map((category) => (
              <label key={category.id} className="flex cursor-pointer items-center gap-3">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary"
                  value={category.id}
                  {...register('services')}
                />
                <span>{category.name}</span>
              </label>
            ))}
          </div>
          {fieldError('services')}
        </div>
      </fieldset>

      <fieldset className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <legend className="float-left mb-4 w-full text-lg font-semibold">
          Experience and Credentials
        </legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          {text('yearsExperience', 'Years of Experience *', {
            type: 'number',
            min: 0,
            inputMode: 'numeric',
          })}
          {text('businessLicense', 'Business License Number')}
          <div className="sm:col-span-2">
            <label
              className="label text-sm font-medium text-base-content"
              htmlFor="join-previousWork"
            >
              Previous Work and References
            </label>
            <textarea
              id="join-previousWork"
              rows={4}
              className="textarea w-full"
              {...register('previousWork')}
              {...aria('previousWork')}
            />
            {fieldError('previousWork')}
          </div>
          <div className="sm:col-span-2">
            <ImageUpload
              label="Profile Picture"
              ticketRoute={api.public.objects.upload.$post}
              maxBytes={UPLOAD_PURPOSES['application-image'].maxBytes}
              hint="Max file size: 5MB • Formats: JPG, PNG, GIF, WebP"
              onUploaded={(image) => {
                setValue('profileImage', image?.uploadURL);
                if (image)
                  toast({
                    title: 'Image Uploaded',
                    description: 'Your profile picture has been uploaded successfully',
                  });
              }}
            />
            {fieldError('profileImage')}
          </div>
        </div>
      </fieldset>

      <VerificationFields form={form} documentErrors={documentErrors} onDocument={setDocument} />

      <fieldset className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
        <legend className="float-left mb-4 w-full text-lg font-semibold">
          Terms and Conditions
        </legend>
        <div className="clear-both space-y-3">
          {consent(
            'acceptTerms',
            <>
              I accept the{' '}
              <a className="link" href="/terms" target="_blank" rel="noopener">
                terms and conditions
              </a>{' '}
              *
            </>,
          )}
          {consent(
            'acceptPrivacy',
            <>
              I accept the{' '}
              <a className="link" href="/privacy" target="_blank" rel="noopener">
                privacy policy
              </a>{' '}
              *
            </>,
          )}
        </div>
      </fieldset>

      <FormActions
        className="flex flex-wrap justify-end gap-3"
        onCancel={() => window.history.back()}
        label="Submit Application"
        busy={mutation.isPending && 'Submitting...'}
      />
    </form>
  );
}

export default JoinForm;
