/**
 * Calendar days as 'YYYY-MM-DD' strings (a check's expiry is a day, not an instant),
 * counted in South Africa's time zone like the database's sa_today().
 */
const SA_TIME_ZONE = 'Africa/Johannesburg';
/** Made on first use: creating it loads time-zone data, which pages that never ask need not. */
let dayFormatter: Intl.DateTimeFormat | undefined;

/** Today in South Africa. */
export function saToday(now: Date = new Date()): string {
  dayFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormatter.format(now);
}

/** Made on first use, as dayFormatter. */
let clockFormatter: Intl.DateTimeFormat | undefined;

/**
 * An instant on South Africa's clock: its day ('2026-11-28'), its time to the minute
 * ('14:05') and the zone's offset then ('+02:00').
 */
export function saClock(at: Date): { day: string; time: string; offset: string } {
  clockFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  const part = Object.fromEntries(clockFormatter.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    day: `${part['year']}-${part['month']}-${part['day']}`,
    time: `${part['hour']}:${part['minute']}`,
    // 'GMT+02:00'; plain 'GMT' for a zero offset.
    offset: (part['timeZoneName'] ?? '').replace(/^GMT/, '') || '+00:00',
  };
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day `months` after a day, kept within the month (31 January + 1 month: 28 February). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whole days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The months as en-ZA writes them; dates are written by hand (see formatDay). */
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * "12 March 2026", as the Verification section writes a day: en-ZA's long date, written
 * out because toLocaleDateString loads the locale's data, about 40 ms of a phone's main
 * thread on a provider page (unit-tested against Intl's own answer).
 */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}
