/**
 * A provider's business hours: per day open/close times or closed. The database stores
 * them structured (StoredWeek: minutes from midnight, or null when closed; the column
 * type in db/schema.ts converts), which the business clock in db/sql/business-clock.sql
 * reads without parsing text. The API answers the spec's map of day to text
 * ('8:00 AM - 5:00 PM', 'Closed'; spec section 3); PUT /api/provider/profile takes each
 * day either as such a text or as the dashboard's `{ closed, opens, closes }` (times from
 * `<input type="time">`, "08:00"), so an answer sent back as it came is accepted
 * (docs/decisions/0034 and 0035). readHoursText() reads a text into the structured day,
 * DayHoursSchema checks the day, hoursText() writes it as text; storedDay() and
 * storedDayText() go between the text and the stored day.
 */
import * as z from 'zod/mini';
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
  text: "Write the day's hours like 8:00 AM - 5:00 PM, or Closed",
} as const;

const minutesOf = (time: string) => {
  const [, h, m] = TIME.exec(time) ?? [];
  return Number(h) * 60 + Number(m);
};

/** One day as the dashboard sends it: closed, or two 24-hour times in order. */
const StructuredDaySchema = z.discriminatedUnion(
  'closed',
  [
    z.object({ closed: z.literal(true) }),
    z
      .object({
        closed: z.literal(false),
        opens: z.string(HOURS_MESSAGES.time).check(z.regex(TIME, HOURS_MESSAGES.time)),
        closes: z.string(HOURS_MESSAGES.time).check(z.regex(TIME, HOURS_MESSAGES.time)),
      })
      // Only two times can be in the wrong order (an unreadable one has its own message).
      .check(
        z.refine(
          (day) =>
            !TIME.test(day.opens) ||
            !TIME.test(day.closes) ||
            minutesOf(day.closes) > minutesOf(day.opens),
          {
            path: ['closes'],
            message: HOURS_MESSAGES.order,
          },
        ),
      ),
  ],
  HOURS_MESSAGES.day,
);

/**
 * One day, as a text ('8:00 AM - 5:00 PM', 'Closed') or structured. A text is read into
 * the structured day first, so both meet the same checks: a text with its times out of
 * order gets the same message as the time inputs would.
 */
export const DayHoursSchema = z.pipe(
  z.transform((day: string | z.input<typeof StructuredDaySchema>, ctx) => {
    if (typeof day !== 'string') return day;
    const read = readHoursText(day);
    if (read) return read;
    // zod/mini's transform has no ctx.addIssue (classic zod adds it): the issue is pushed.
    ctx.issues.push({ code: 'custom', message: HOURS_MESSAGES.text, input: day });
    return z.NEVER;
  }),
  StructuredDaySchema,
);

/** Every day of the week, at least one open, turned into the stored texts. */
export const BusinessHoursSchema = z.pipe(
  z
    .object(
      Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<
        Weekday,
        typeof DayHoursSchema
      >,
      'Business hours must give every day of the week',
    )
    .check(z.refine((week) => WEEKDAYS.some((day) => !week[day].closed), HOURS_MESSAGES.noOpenDay)),
  z.transform(
    (week: Record<Weekday, DayHours>) =>
      Object.fromEntries(WEEKDAYS.map((day) => [day, hoursText(week[day])])) as Record<
        Weekday,
        string
      >,
  ),
);

/** "08:00" -> "8:00 AM", "17:30" -> "5:30 PM" (or minutes past midnight). */
function clockText(time: string | number): string {
  const minutes = typeof time === 'number' ? time : minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const meridiem = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')} ${meridiem}`;
}

/** The stored text of one day: 'Closed' or '8:00 AM - 5:00 PM'. */
export function hoursText(day: DayHours): string {
  return day.closed ? 'Closed' : `${clockText(day.opens)} - ${clockText(day.closes)}`;
}

/** A time range as people write it: '8:00 AM - 5 PM', '06h00 - 09h15', '17:30 to 21:00'. */
const STORED =
  /^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*(?:-|–|to)\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*$/;

const ALL_DAY = /^\s*(open\s+)?24\s*(hours|hrs|h)/i;
const ALL_DAY_ONLY = /^\s*(open\s+)?24\s*(hours|hrs|h)\s*$/i;
const CLOSED = /^\s*closed\s*$/i;

/** The whole day as a time input can give it: it ends at 23:59. */
const WHOLE_DAY: DayHours = { closed: false, opens: '00:00', closes: '23:59' };

/** clock_minutes() of the SQL: '8', '00', 'PM' -> 1200. */
function clockMinutes(hour: string, minute: string | undefined, meridiem: string | undefined) {
  const h = Number(hour);
  const m = Number(minute ?? '0');
  if (!meridiem) return h * 60 + m;
  return ((h % 12) + (meridiem[0]?.toUpperCase() === 'P' ? 12 : 0)) * 60 + m;
}

/**
 * A written time's minutes past midnight, when it is a time on a clock: 1 to 12 with AM
 * or PM, 0 to 24 without, and 0 to 59 minutes. SQL reads "13:00 PM" or "8:75" too, but
 * a write does not store what a person would not recognise.
 */
function clockTime(hour: string, minute: string | undefined, meridiem: string | undefined) {
  const h = Number(hour);
  const m = Number(minute ?? '0');
  if (m > 59) return undefined;
  if (meridiem ? h < 1 || h > 12 : h > 24 || (h === 24 && m > 0)) return undefined;
  return clockMinutes(hour, minute, meridiem);
}

const inputTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A day's hours written as text into the structured day, for a write: the stored texts
 * ('8:00 AM - 5:00 PM', 'Closed') and what a person writes ('8 AM - 5 PM',
 * '06h00 - 17h30', '17:30 to 21:00', 'Open 24 hours'). Undefined when the text is none of
 * these. The times are given as written, out of order or not, for DayHoursSchema to
 * judge; a closing time of midnight ('12:00 AM', '24:00') is the end of the day, 23:59,
 * where a time input ends it (SQL would count a day closing at 0:00 as closed).
 */
export function readHoursText(text: string): DayHours | undefined {
  if (CLOSED.test(text)) return { closed: true };
  if (ALL_DAY_ONLY.test(text)) return { ...WHOLE_DAY };
  const m = STORED.exec(text);
  if (!m) return undefined;
  const [, h1 = '0', m1, a1, h2 = '0', m2, a2] = m;
  const opens = clockTime(h1, m1, a1);
  const closes = clockTime(h2, m2, a2);
  if (opens === undefined || closes === undefined || opens === 1440) return undefined;
  const endOfDay = closes === 0 || closes === 1440 ? 1439 : closes;
  return { closed: false, opens: inputTime(opens), closes: inputTime(endOfDay) };
}

/** A day as the database stores it: open minutes from midnight, or null when closed. */
export type StoredDay = { opens: number; closes: number } | null;
/** A week as stored: the days given (a week without an open day is stored as none). */
export type StoredWeek = Partial<Record<Weekday, StoredDay>>;

/**
 * A day's text as the business clock counts it (the rule day_open_minutes() kept in SQL
 * before the hours were stored structured): 'Open 24 hours' is the whole day; a time
 * range in order is that range; 'Closed', a text naming no range, a closing time of
 * midnight or times out of order count as closed.
 */
export function storedDay(text: string | undefined): StoredDay {
  if (text && ALL_DAY.test(text)) return { opens: 0, closes: 1440 };
  const m = text ? STORED.exec(text) : null;
  if (!m) return null;
  const [, h1 = '0', m1, a1, h2 = '0', m2, a2] = m;
  const opens = clockMinutes(h1, m1, a1);
  const closes = clockMinutes(h2, m2, a2);
  if (closes === 0 || opens >= closes || closes > 1440) return null;
  return { opens, closes };
}

/** The text of a stored day, which storedDay() reads back as the same day. */
export function storedDayText(day: StoredDay): string {
  if (!day) return 'Closed';
  if (day.opens === 0 && day.closes === 1440) return 'Open 24 hours';
  // A time input ends the day at 23:59; a day stored to midnight reads as 24:00.
  return `${clockText(day.opens)} - ${day.closes === 1440 ? '24:00' : clockText(day.closes)}`;
}

/**
 * A week of texts as the database stores it: each weekday given, as storedDay() reads
 * it. A week without an open day is stored as no days at all, as the business clock
 * counts it (the default week of spec section 9).
 */
export function storedWeek(texts: Readonly<Record<string, string>>): StoredWeek {
  const days = WEEKDAYS.filter((day) => texts[day] !== undefined).map(
    (day) => [day, storedDay(texts[day])] as const,
  );
  return days.some(([, day]) => day !== null) ? Object.fromEntries(days) : {};
}

/** The texts of a stored week, one for each day it gives. */
export function weekTexts(stored: StoredWeek): Record<string, string> {
  return Object.fromEntries(
    WEEKDAYS.filter((day) => stored[day] !== undefined).map((day) => [
      day,
      storedDayText(stored[day] ?? null),
    ]),
  );
}

/**
 * A stored text back into the form's values, read as the business clock reads it
 * (storedDay): a text it cannot read, 'Closed', or times out of order count as closed.
 * 'Open 24 hours' is the whole day, which a time input ends at 23:59.
 */
export function parseHoursText(text: string | undefined): DayHours {
  const day = storedDay(text);
  if (!day) return { closed: true };
  return {
    closed: false,
    opens: inputTime(day.opens),
    closes: inputTime(Math.min(day.closes, 1439)),
  };
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
