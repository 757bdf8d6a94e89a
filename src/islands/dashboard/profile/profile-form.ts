/**
 * The Profile tab's form values and their two conversions: from the profile the server
 * gave, and into the PUT /api/provider/profile body (the schema's input).
 */
import type { OwnProfile } from '../../../lib/api-answers';
import { weekOfStoredHours } from '../../../lib/business-hours';
import { WEEKDAYS, type Weekday } from '../../../lib/catalog/enquiry-options';
import { hoursGiven } from '../../../lib/provider-facts';
import type { ProviderProfileInput } from '../../../lib/schemas/provider-dashboard';

/** One day as the form holds it: the times stay while a day is closed, for reopening. */
export interface DayForm {
  closed: boolean;
  opens: string;
  closes: string;
}

export interface ProfileForm {
  /** The business name, as the public pages show it. */
  name: string;
  /** The person to speak to; '' for none. */
  contactName: string;
  email: string;
  phone: string;
  location: string;
  province: string;
  description: string;
  /** From a number input read as a number: NaN when empty, sent as no price ("Price on request"). */
  startingPrice: number;
  website: string;
  coverageAreas: string[];
  specialties: string[];
  /** VAT registration: '' for none. */
  vatNumber: string;
  registeredName: string;
  /**
   * Whether the form gives business hours: false while the profile has none and the
   * provider has not chosen to give them (the days are then a suggestion, not sent).
   */
  hoursGiven: boolean;
  businessHours: Record<Weekday, DayForm>;
}

/** Times a closed day offers when it is opened again. */
const REOPEN = { opens: '08:00', closes: '17:00' };

export function profileFormValues(profile: OwnProfile): ProfileForm {
  const week = weekOfStoredHours(profile.businessHours);
  return {
    name: profile.name,
    contactName: profile.contactName ?? '',
    email: profile.email,
    phone: profile.phone,
    location: profile.location,
    province: profile.province,
    description: profile.description,
    startingPrice: profile.startingPrice ?? Number.NaN,
    website: profile.website ?? '',
    coverageAreas: [...profile.coverageAreas],
    specialties: [...profile.specialties],
    vatNumber: profile.vatNumber ?? '',
    registeredName: profile.registeredName ?? '',
    // Without hours of its own, the form offers the spec's default week as a suggestion
    // (weekOfStoredHours), sent only once the provider chooses to give hours.
    hoursGiven: hoursGiven(profile.businessHours),
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
  const { hoursGiven: givesHours, businessHours, startingPrice, ...rest } = values;
  return {
    ...rest,
    // An empty price is no price: "Price on request".
    startingPrice: Number.isNaN(startingPrice) ? null : startingPrice,
    province: values.province as ProviderProfileInput['province'],
    services: [...services] as ProviderProfileInput['services'],
    // Hours not given are left out, and stay not given.
    ...(givesHours && { businessHours: structuredWeek(businessHours) }),
  };
}

/** The form's days as the body's structured days. */
function structuredWeek(
  businessHours: Record<Weekday, DayForm>,
): ProviderProfileInput['businessHours'] {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const { closed, opens, closes } = businessHours[day];
      return [day, closed ? { closed: true } : { closed: false, opens, closes }];
    }),
  ) as ProviderProfileInput['businessHours'];
}
