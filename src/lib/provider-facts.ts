/**
 * Only the provider's own facts (docs/decisions/0041): a starting price, business hours,
 * specialties or a description that neither the provider nor an admin on its behalf gave
 * is stored as absent (a null price, a week of no days, an empty list, an empty text) and
 * shown as what it is. These are the words every page uses for them, and the list of
 * facts the dashboard asks a provider to confirm.
 */
import { WEEKDAYS } from './catalog/enquiry-options.ts';
import { formatRand } from './format.ts';

export const PRICE_ON_REQUEST = 'Price on request';
export const HOURS_NOT_GIVEN = 'Hours not given';

/** 'From R1 500', or 'Price on request' when the provider gave no starting price. */
export function startingPriceText(startingPrice: number | null): string {
  return startingPrice === null ? PRICE_ON_REQUEST : `From ${formatRand(startingPrice)}`;
}

/** Whether a week of hours (the API's map of day to text) gives any day at all. */
export function hoursGiven(hours: Readonly<Record<string, string>>): boolean {
  return WEEKDAYS.some((day) => hours[day] !== undefined);
}

/** Whether a description was given: '' is none. */
export const descriptionGiven = (description: string) => description.trim() !== '';

/**
 * The facts the dashboard's "Complete your profile" list asks the provider itself to
 * confirm, in the order it lists them. A fact counts as confirmed from the moment the
 * provider saves it with a value of its own through PUT /api/provider/profile (a changed
 * price, "Price on request" chosen, hours given for the week, at least one town, a
 * description), or confirms the value shown with POST /api/provider/profile/confirm;
 * the time is stored per fact (service_providers.*_confirmed_at). A value an admin set,
 * or that a provider had before this list existed, still waits for the provider's word.
 */
export const PROFILE_FACTS = [
  'startingPrice',
  'businessHours',
  'coverageAreas',
  'description',
] as const;
export type ProfileFact = (typeof PROFILE_FACTS)[number];

export const PROFILE_FACT_LABELS: Record<ProfileFact, string> = {
  startingPrice: 'Starting price',
  businessHours: 'Business hours',
  coverageAreas: 'Coverage areas',
  description: 'Business description',
};

/** What the list says is missing or waiting for each fact. */
export const PROFILE_FACT_HINTS: Record<ProfileFact, string> = {
  startingPrice: 'Give a starting price, or confirm that you quote on request.',
  businessHours: 'Give the hours you work, day by day.',
  coverageAreas: 'List the towns and suburbs you work in.',
  description: 'Describe your business in your own words.',
};
