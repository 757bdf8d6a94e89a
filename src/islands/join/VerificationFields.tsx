import { useWatch, type UseFormReturn } from 'react-hook-form';
import { api } from '../../lib/api-client';
import { saToday } from '../../lib/calendar-days';
import { LEGAL_FORM_LABELS, LEGAL_FORMS, type CheckType } from '../../lib/catalog/checks';
import { CHECKS_CONSENT } from '../../lib/catalog/consent';
import type { ApplicationFormInput } from '../../lib/schemas/provider-application';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/SelectField';
import { DocumentUpload, type UploadedDocument } from '../uploads/DocumentUpload';
import { shownChecks } from './application-answers';
import { joinFields } from './join-fields';

interface Props {
  form: UseFormReturn<ApplicationFormInput>;
  /** The server's messages for uploaded documents, by the check they are evidence for. */
  documentErrors: Partial<Record<CheckType, string>>;
  onDocument: (type: CheckType, document: UploadedDocument | undefined) => void;
}

const groupClass = 'rounded-box border border-base-300 p-4 sm:col-span-2';
const groupLegendClass = 'float-left mb-1 w-full font-semibold';

/**
 * What the checks behind the Verified badge need: the business type, the
 * CIPC number for a company, PSIRA for security services, the insurance, documents and
 * the consent to the checks. A part that does not apply is hidden, not unmounted, so an
 * uploaded document keeps its state when the part shows again (application-answers.ts
 * leaves hidden answers out of what is sent).
 */
export function VerificationFields({ form, documentErrors, onDocument }: Props) {
  const { control } = form;
  const [services, legalForm] = useWatch({ control, name: ['services', 'legalForm'] });
  const shown = shownChecks({ services, legalForm });
  const today = saToday();

  const { fieldProps, text, consent } = joinFields(form);
  /** The upload of a check's evidence, with the server's message about it. */
  const evidence = (check: CheckType, label: string) => (
    <DocumentUpload
      label={label}
      ticketRoute={api.public.documents.upload.$post}
      error={documentErrors[check]}
      onUploaded={(document) => onDocument(check, document)}
    />
  );

  return (
    <fieldset className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <legend className="float-left mb-4 w-full text-lg font-semibold">Verification</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2">
        <p className="text-sm sm:col-span-2">
          What we need for the checks behind the Verified badge. Documents are kept privately: only
          our verification team sees them.{' '}
          <a className="link" href="/verification" target="_blank" rel="noopener">
            How verification works
          </a>
        </p>

        <SelectField
          label="Business type *"
          hint="A company or close corporation is registered with the CIPC; a sole trader is not."
          {...fieldProps('legalForm')}
        >
          <Options
            none="Select the business type"
            choices={LEGAL_FORMS.map((form) => ({ value: form, label: LEGAL_FORM_LABELS[form] }))}
          />
        </SelectField>

        <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2" hidden={!shown.company}>
          {text(
            'cipcNumber',
            'CIPC registration number *',
            { autoComplete: 'off', maxLength: 40 },
            'As on the registration certificate, e.g. 2015/123456/07.',
          )}
          {evidence('company_registration', 'CIPC registration certificate')}
        </div>

        <fieldset className={groupClass} hidden={!shown.psira} aria-describedby="join-psira-why">
          <legend className={groupLegendClass}>PSIRA registration</legend>
          <div className="clear-both grid gap-4 sm:grid-cols-2">
            <p id="join-psira-why" className="text-sm sm:col-span-2">
              Installing CCTV, alarms or access control is a security service under the Private
              Security Industry Regulation Act, so the business must be registered with PSIRA.
            </p>
            {text(
              'psiraNumber',
              'PSIRA registration number *',
              { autoComplete: 'off', maxLength: 40 },
              'Shown on your profile, so customers can confirm it with PSIRA.',
            )}
            {text('psiraValidUntil', 'PSIRA certificate expiry *', { type: 'date', min: today })}
            {evidence('psira', 'PSIRA certificate')}
          </div>
        </fieldset>

        <fieldset className={groupClass} aria-describedby="join-insurance-why">
          <legend className={groupLegendClass}>Public liability insurance</legend>
          <div className="clear-both grid gap-4 sm:grid-cols-2">
            <p id="join-insurance-why" className="text-sm sm:col-span-2">
              Optional now, but every provider needs public liability cover to be verified.
            </p>
            {text('insurer', 'Insurer', { autoComplete: 'off', maxLength: 100 })}
            {text('insuranceCover', 'Cover amount (R)', {
              type: 'number',
              inputMode: 'numeric',
              min: 1,
              step: 1,
            })}
            {text('insuranceValidUntil', 'Expiry date', { type: 'date', min: today })}
            {evidence('insurance', 'Insurance certificate or policy schedule')}
          </div>
        </fieldset>

        <div className="sm:col-span-2">
          {consent(
            'acceptChecks',
            <>
              {CHECKS_CONSENT.text} Read our{' '}
              <a className="link" href={CHECKS_CONSENT.privacyHref} target="_blank" rel="noopener">
                privacy notice
              </a>
              . *
            </>,
          )}
        </div>
      </div>
    </fieldset>
  );
}
