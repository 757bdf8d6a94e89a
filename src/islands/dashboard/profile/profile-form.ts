/**
 * The Profile tab's form values and their two conversions: from the profile the server
 * gave, and into the PUT /api/provider/profile body (the schema's input).
 */
import type { OwnProfile } from '../../../lib/api-answers';
import { weekOfStoredHours } from '../../../lib/business-hours';
import { WEEKDAYS, type Weekday } from '../../../lib/catalog/enquiry-options';
import type { ProviderProfileInput } from '../../../lib/schemas/provider-dashboard';

/** One day as the form holds it: the times stay while a day is closed, for reopening. */
export interface DayForm {
  closed: boolean;
  opens: string;
  closes: string;
}

export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  location: string;
  province: string;
  description: string;
  /** From a number input read as a number: NaN when empty (the server then says so). */
  startingPrice: number;
  website: string;
  coverageAreas: string[];
  specialties: string[];
  businessHours: Record<Weekday, DayForm>;
}

/** Times a closed day offers when it is opened again. */
const REOPEN = { opens: '08:00', closes: '17:00' };

export function profileFormValues(profile: OwnProfile): ProfileForm {
  const week = weekOfStoredHours(profile.businessHours);
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    location: profile.location,
    province: profile.province,
    description: profile.description,
    startingPrice: profile.startingPrice,
    website: profile.website ?? '',
    coverageAreas: [...profile.coverageAreas],
    specialties: [...profile.specialties],
    businessHours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const hours = week[day];
        return [day, hours.closed ? { closed: true, ...REOPEN } : { ...hours, closed: false }];
      }),
    ) as Record<Weekday, DayForm>,
  };
}

/** The body of PUT /api/provider/profile; the services are the ones the server gave. */
export function profileRequest(
  values: ProfileForm,
  services: readonly string[],
): ProviderProfileInput {
  return {
    ...values,
    province: values.province as ProviderProfileInput['province'],
    services: [...services] as ProviderProfileInput['services'],
    businessHours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const { closed, opens, closes } = values.businessHours[day];
        return [day, closed ? { closed: true } : { closed: false, opens, closes }];
      }),
    ) as ProviderProfileInput['businessHours'],
  };
}
