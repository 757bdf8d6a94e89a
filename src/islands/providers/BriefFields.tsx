import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { serviceName, type ServiceId } from '../../lib/catalog/categories';
import type { EnquiryInput } from '../../lib/schemas/enquiry';
import {
  BRIEF_QUESTIONS,
  NOT_SURE,
  NOT_SURE_LABEL,
  type BriefQuestion,
  type CountQuestion,
} from '../../lib/schemas/request-brief';

interface Props {
  service: ServiceId;
  control: Control<EnquiryInput>;
  register: UseFormRegister<EnquiryInput>;
  errors: FieldErrors<EnquiryInput>;
  /** Makes the ids of this form's fields unique on a page with several forms. */
  idPrefix: string;
}

/**
 * The questions of the chosen service: what a provider needs to quote. Each
 * has its unit and a "Not sure" answer; those marked * must be answered.
 */
export function BriefFields({ service, control, register, errors, idPrefix }: Props) {
  const briefErrors = (errors.brief ?? {}) as Record<string, { message?: string } | undefined>;
  return (
    <fieldset className="grid gap-4 rounded-box border border-base-300 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">About the {serviceName(service)} job</legend>
      {BRIEF_QUESTIONS[service].map((question) => {
        const id = `${idPrefix}-brief-${question.key}`;
        const message = briefErrors[question.key]?.message;
        const errorId = `${id}-error`;
        const described = message ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
        // The brief's answers are keyed by question: their names are built, not typed.
        const name = `brief.${question.key}` as 'brief';
        return (
          <div key={`${service}-${question.key}`}>
            {question.kind === 'count' ? (
              <CountField
                question={question}
                id={id}
                name={name}
                control={control}
                described={described}
              />
            ) : question.kind === 'choice' ? (
              <>
                <Label id={id} question={question} />
                <select id={id} className="select w-full" {...register(name)} {...described}>
                  <option value="">Choose</option>
                  {question.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                  <option value={NOT_SURE}>{NOT_SURE_LABEL}</option>
                </select>
              </>
            ) : (
              <ManyField question={question} id={id} register={register} name={name} />
            )}
            {message && (
              <p id={errorId} className="mt-1 text-sm text-error" role="alert">
                {message}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function Label({ id, question }: { id: string; question: BriefQuestion }) {
  return (
    <label className="label text-sm font-medium text-base-content" htmlFor={id}>
      {question.label}
      {question.required ? ' *' : ''}
    </label>
  );
}

/** A whole number in its unit, or "Not sure" (which empties and disables the number). */
function CountField({
  question,
  id,
  name,
  control,
  described,
}: {
  question: CountQuestion;
  id: string;
  name: 'brief';
  control: Control<EnquiryInput>;
  described: { 'aria-describedby'?: string };
}) {
  // The unit is the number's description: a reader hears "Cameras outdoors, cameras".
  const unitId = `${id}-unit`;
  const describedBy = [unitId, described['aria-describedby']].filter(Boolean).join(' ');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const notSure = field.value === NOT_SURE;
        const value: unknown = field.value;
        const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        return (
          <>
            <Label id={id} question={question} />
            <div className="flex flex-wrap items-center gap-3">
              <div className="input w-40">
                <input
                  id={id}
                  name={field.name}
                  ref={field.ref}
                  inputMode="numeric"
                  autoComplete="off"
                  value={notSure ? '' : shown}
                  disabled={notSure}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  {...described}
                  aria-describedby={describedBy}
                />
                <span id={unitId} className="text-sm opacity-70">
                  {question.unit}
                </span>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={notSure}
                  onChange={(event) => field.onChange(event.target.checked ? NOT_SURE : '')}
                />
                {NOT_SURE_LABEL}
                <span className="sr-only"> ({question.label})</span>
              </label>
            </div>
          </>
        );
      }}
    />
  );
}

/** Any of a few answers, as checkboxes, or "Not sure". */
function ManyField({
  question,
  id,
  name,
  register,
}: {
  question: BriefQuestion & { kind: 'many' };
  id: string;
  name: 'brief';
  register: UseFormRegister<EnquiryInput>;
}) {
  const options = [...question.options, { value: NOT_SURE, label: NOT_SURE_LABEL }];
  return (
    <fieldset aria-describedby={`${id}-error`}>
      <legend className="label text-sm font-medium text-base-content">
        {question.label}
        {question.required ? ' *' : ''}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              value={o.value}
              {...register(name)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
