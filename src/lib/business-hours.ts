/**
 * A provider's business hours as the dashboard edits them (issue 16, point 7; not wired
 * to the form and API yet): per day open/close times from `<input type="time">`
 * ("08:00") or closed, stored in service_providers.business_hours in the text format
 * business_minutes() reads (db/migrations/0015): '8:00 AM - 5:00 PM' or 'Closed'.
 */
import { z } from 'zod';
import { WEEKDAYS, type Weekday } from './catalog/enquiry-options.ts';

export type DayHours = { closed: true } | { closed: false; opens: string; closes: string };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const HOURS_MESSAGES = {
  time: 'Enter a time like 08:00',
  order: 'Closing time must be after opening time',
} as const;

const minutesOf = (time: string) => {
  const [, h, m] = TIME.exec(time) ?? [];
  return Number(h) * 60 + Number(m);
};

export const DayHoursSchema = z.discriminatedUnion('closed', [
  z.object({ closed: z.literal(true) }),
  z
    .object({
      closed: z.literal(false),
      opens: z.string().regex(TIME, HOURS_MESSAGES.time),
      closes: z.string().regex(TIME, HOURS_MESSAGES.time),
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
]);

/** Every day of the week, turned into the stored texts. */
export const BusinessHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<
      Weekday,
      typeof DayHoursSchema
    >,
  )
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
  /^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp])?\.?[Mm]?\.?\s*(?:-|–|to)\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp])?\.?[Mm]?\.?\s*$/;

function inputTime(hour: string, minute?: string, meridiem?: string) {
  let h = Number(hour);
  if (meridiem) h = (h % 12) + (meridiem.toUpperCase() === 'P' ? 12 : 0);
  return `${String(h).padStart(2, '0')}:${minute ?? '00'}`;
}

/**
 * A stored text back into the form's values, read as business_minutes() reads it; a
 * text it cannot read (or 'Closed') counts as closed there, and so here.
 */
export function parseHoursText(text: string | undefined): DayHours {
  const m = text ? STORED.exec(text) : null;
  if (!m) return { closed: true };
  const [, h1 = '0', m1, a1, h2 = '0', m2, a2] = m;
  return { closed: false, opens: inputTime(h1, m1, a1), closes: inputTime(h2, m2, a2) };
}
