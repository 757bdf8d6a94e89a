/**
 * A provider's business hours as the dashboard edits them (issue 16, point 7): per day
 * open/close times from `<input type="time">` ("08:00") or closed, stored in
 * service_providers.business_hours in the text format business_minutes() reads
 * (db/migrations/0015): '8:00 AM - 5:00 PM' or 'Closed'. ProviderProfileSchema
 * (schemas/provider-dashboard.ts) carries BusinessHoursSchema for the form and the API.
 */
import { z } from 'zod';
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS, type Weekday } from './catalog/enquiry-options.ts';

export type DayHours = { closed: true } | { closed: false; opens: string; closes: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const HOURS_MESSAGES = {
  time: 'Enter a time like 08:00',
  order: 'Closing time must be after opening time',
  // business_week() in SQL reads a week without an open day as the default week, so
  // such a week would not mean what it says: refused.
  noOpenDay: 'Open at least one day a week',
  day: 'Give the opening and closing times, or mark the day closed',
} as const;

const minutesOf = (time: string) => {
  const [, h, m] = TIME.exec(time) ?? [];
  return Number(h) * 60 + Number(m);
};

export const DayHoursSchema = z.discriminatedUnion(
  'closed',
  [
    z.object({ closed: z.literal(true) }),
    z
      .object({
        closed: z.literal(false),
        opens: z.string(HOURS_MESSAGES.time).regex(TIME, HOURS_MESSAGES.time),
        closes: z.string(HOURS_MESSAGES.time).regex(TIME, HOURS_MESSAGES.time),
      })
      // Only two times can be in the wrong order (an unreadable one has its own message).
      .refine(
        (day) =>
          !TIME.test(day.opens) ||
          !TIME.test(day.closes) ||
          minutesOf(day.closes) > minutesOf(day.opens),
        {
          path: ['closes'],
          message: HOURS_MESSAGES.order,
        },
      ),
  ],
  HOURS_MESSAGES.day,
);

/** Every day of the week, at least one open, turned into the stored texts. */
export const BusinessHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<
      Weekday,
      typeof DayHoursSchema
    >,
    'Business hours must give every day of the week',
  )
  .refine((week) => WEEKDAYS.some((day) => !week[day].closed), HOURS_MESSAGES.noOpenDay)
  .transform(
    (week) =>
      Object.fromEntries(WEEKDAYS.map((day) => [day, hoursText(week[day])])) as Record<
        Weekday,
        string
      >,
  );

/** "08:00" -> "8:00 AM", "17:30" -> "5:30 PM". */
function clockText(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const meridiem = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')} ${meridiem}`;
}

/** The stored text of one day: 'Closed' or '8:00 AM - 5:00 PM'. */
export function hoursText(day: DayHours): string {
  return day.closed ? 'Closed' : `${clockText(day.opens)} - ${clockText(day.closes)}`;
}

const STORED =
  /^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*(?:-|–|to)\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*$/;

const ALL_DAY = /^\s*(open\s+)?24\s*(hours|hrs|h)/i;

/** clock_minutes() of the SQL: '8', '00', 'PM' -> 1200. */
function clockMinutes(hour: string, minute: string | undefined, meridiem: string | undefined) {
  const h = Number(hour);
  const m = Number(minute ?? '0');
  if (!meridiem) return h * 60 + m;
  return ((h % 12) + (meridiem[0]?.toUpperCase() === 'P' ? 12 : 0)) * 60 + m;
}

const inputTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A stored text back into the form's values, read as day_open_minutes() in SQL reads
 * it: a text it cannot read, 'Closed', or times out of order count as closed there, and
 * so here. 'Open 24 hours' is the whole day, which a time input ends at 23:59.
 */
export function parseHoursText(text: string | undefined): DayHours {
  if (text && ALL_DAY.test(text)) return { closed: false, opens: '00:00', closes: '23:59' };
  const m = text ? STORED.exec(text) : null;
  if (!m) return { closed: true };
  const [, h1 = '0', m1, a1, h2 = '0', m2, a2] = m;
  const opens = clockMinutes(h1, m1, a1);
  const closes = clockMinutes(h2, m2, a2);
  // Midnight as a closing time is NULL in SQL (nullif(..., 0)): the day counts as closed.
  if (closes === 0 || opens >= closes || closes > 1440) return { closed: true };
  return { closed: false, opens: inputTime(opens), closes: inputTime(Math.min(closes, 1439)) };
}

/**
 * The week the form shows: the stored days, read as SQL reads them; a week with no
 * open day (nothing stored, or nothing readable) is the default week of spec section 9,
 * as business_week() counts it.
 */
export function weekOfStoredHours(
  stored: Readonly<Record<string, string>>,
): Record<Weekday, DayHours> {
  const own = Object.fromEntries(
    WEEKDAYS.map((day) => [day, parseHoursText(stored[day])]),
  ) as Record<Weekday, DayHours>;
  if (WEEKDAYS.some((day) => !own[day].closed)) return own;
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, parseHoursText(DEFAULT_BUSINESS_HOURS[day])]),
  ) as Record<Weekday, DayHours>;
}
