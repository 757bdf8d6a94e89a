/**
 * The fields of PUT /api/provider/profile beyond the business details, with valid
 * values: a whole profile is `{ ...details, ...PROFILE_EXTRAS }`, or profileBody().
 */
import { WEEKDAYS } from '../../src/lib/catalog/enquiry-options.ts';

export const OPEN_WEEK = Object.fromEntries(
  WEEKDAYS.map((day) => [
    day,
    day === 'sunday'
      ? { closed: true }
      : day === 'saturday'
        ? { closed: false, opens: '09:00', closes: '13:00' }
        : { closed: false, opens: '08:00', closes: '17:00' },
  ]),
) as Record<(typeof WEEKDAYS)[number], { closed: boolean; opens?: string; closes?: string }>;

export const PROFILE_EXTRAS = {
  startingPrice: 1500,
  coverageAreas: ['Durban', 'Umhlanga'],
  businessHours: OPEN_WEEK,
  website: '',
  specialties: ['Alarm response'],
} as const;

/**
 * A whole valid body for PUT /api/provider/profile: Ubuntu Security Solutions in Durban,
 * the fields a test is about given as `overrides`.
 */
export function profileBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ubuntu Security Solutions',
    email: 'sipho@ubuntusecurity.example.co.za',
    phone: '0825550101',
    location: 'Durban',
    province: 'kwazulu-natal',
    services: ['cctv', 'alarms'],
    description: 'Cameras and alarms in Durban.',
    ...PROFILE_EXTRAS,
    ...overrides,
  };
}
