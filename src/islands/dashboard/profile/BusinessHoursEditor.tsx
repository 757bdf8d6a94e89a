import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import { WEEKDAYS } from '../../../lib/catalog/enquiry-options';
import { HOURS_NOT_GIVEN } from '../../../lib/provider-facts';
import { Checkbox } from '../../ui/Checkbox';
import type { ProfileForm } from './profile-form';

const dayName = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/**
 * The business hours, a row per day: Closed, or the opening and closing times. The
 * responsiveness figures count time in these hours. Every input's name says its day
 * ("Monday opens"), as a screen reader reads it out of the row. A profile without hours
 * says so and offers a box to give them (`optional`); the days it then shows are a
 * suggestion, sent only with the box ticked.
 */
export function BusinessHoursEditor({
  id,
  register,
  watch,
  errors,
  optional,
}: {
  id: string;
  register: UseFormRegister<ProfileForm>;
  watch: UseFormWatch<ProfileForm>;
  errors: FieldErrors<ProfileForm>;
  /** The stored profile gives no hours: the provider chooses whether to give them. */
  optional: boolean;
}) {
  const weekError = errors.businessHours?.message ?? errors.businessHours?.root?.message;
  const giving = watch('hoursGiven');
  return (
    <fieldset aria-describedby={`${id}-hours-note`}>
      <legend className="text-sm font-medium">Business hours</legend>
      <p id={`${id}-hours-note`} className="text-sm">
        {optional && !giving
          ? `You have not given your hours: your public page says "${HOURS_NOT_GIVEN}", and your response times are counted in usual hours: weekdays 08:00 to 17:00, Saturdays 09:00 to 13:00.`
          : 'Shown on your public page. Your response times count only the hours you are open.'}
      </p>
      {optional && (
        <Checkbox
          className="mt-2 flex cursor-pointer items-center gap-2 text-sm"
          {...register('hoursGiven')}
        >
          Give my business hours
        </Checkbox>
      )}
      {optional && giving && (
        <p className="mt-2 text-sm">
          Filled in with common hours to start from: change them to yours before you save.
        </p>
      )}
      {giving && (
        <ul className="mt-3 divide-y divide-base-300 rounded-box border border-base-300">
          {WEEKDAYS.map((day) => {
            const name = dayName(day);
            const closed = watch(`businessHours.${day}.closed`);
            const dayErrors = errors.businessHours?.[day];
            const fieldId = (part: string) => `${id}-${day}-${part}`;
            const timeError = (part: 'opens' | 'closes') => dayErrors?.[part]?.message;
            return (
              <li key={day} className="grid grid-cols-2 items-center gap-3 p-3 sm:grid-cols-4">
                <span className="font-medium">{name}</span>
                <Checkbox
                  className="flex cursor-pointer items-center gap-2 text-sm"
                  {...register(`businessHours.${day}.closed`)}
                >
                  <span>
                    <span className="sr-only">{name} </span>Closed
                  </span>
                </Checkbox>
                {closed ? (
                  <p className="col-span-2 text-sm">Closed all day</p>
                ) : (
                  (['opens', 'closes'] as const).map((part) => {
                    const error = timeError(part);
                    return (
                      // Top-aligned, so a message under one time leaves both labels level.
                      <div key={part} className="self-start">
                        <label className="text-sm" htmlFor={fieldId(part)}>
                          <span className="sr-only">{name} </span>
                          {part === 'opens' ? 'Opens' : 'Closes'}
                        </label>
                        <input
                          id={fieldId(part)}
                          type="time"
                          className="input w-full"
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${fieldId(part)}-error` : undefined}
                          {...register(`businessHours.${day}.${part}`)}
                        />
                        {error && (
                          <p
                            id={`${fieldId(part)}-error`}
                            className="mt-1 text-sm text-error"
                            role="alert"
                          >
                            {error}
                          </p>
                        )}
                      </div>
                    );
                  })
                )}
              </li>
            );
          })}
        </ul>
      )}
      {weekError && (
        <p className="mt-2 text-sm text-error" role="alert">
          {weekError}
        </p>
      )}
    </fieldset>
  );
}
