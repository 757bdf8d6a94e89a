import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BusinessHoursSchema,
  DayHoursSchema,
  HOURS_MESSAGES,
  hoursText,
  parseHoursText,
  readHoursText,
  storedDay,
  storedDayText,
  storedWeek,
  weekOfStoredHours,
  weekTexts,
  type DayHours,
} from '../../src/lib/business-hours.ts';
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS } from '../../src/lib/catalog/enquiry-options.ts';

describe('business hours', () => {
  it('writes the stored format business_minutes() reads', () => {
    expect(hoursText({ closed: false, opens: '08:00', closes: '17:00' })).toBe('8:00 AM - 5:00 PM');
    expect(hoursText({ closed: false, opens: '00:30', closes: '12:15' })).toBe(
      '12:30 AM - 12:15 PM',
    );
    expect(hoursText({ closed: true })).toBe('Closed');
  });

  it('reads the stored texts back, the defaults included', () => {
    for (const text of Object.values(DEFAULT_BUSINESS_HOURS)) {
      expect(hoursText(parseHoursText(text))).toBe(text);
    }
    expect(parseHoursText('17:30 - 21:00')).toEqual({
      closed: false,
      opens: '17:30',
      closes: '21:00',
    });
    expect(parseHoursText('By appointment')).toEqual({ closed: true });
    expect(parseHoursText(undefined)).toEqual({ closed: true });
  });

  it('refuses a closing time not after the opening time, and times that are not times', () => {
    const late = DayHoursSchema.safeParse({ closed: false, opens: '17:00', closes: '08:00' });
    expect(late.success).toBe(false);
    expect(late.error?.issues[0]).toMatchObject({
      path: ['closes'],
      message: HOURS_MESSAGES.order,
    });
    const same = DayHoursSchema.safeParse({ closed: false, opens: '08:00', closes: '08:00' });
    expect(same.success).toBe(false);
    const bad = DayHoursSchema.safeParse({ closed: false, opens: '8am', closes: '25:00' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      HOURS_MESSAGES.time,
      HOURS_MESSAGES.time,
    ]);
  });

  it('turns a week into the stored texts', () => {
    const week = Object.fromEntries(
      WEEKDAYS.map((day) => [
        day,
        day === 'sunday' ? { closed: true } : { closed: false, opens: '07:30', closes: '16:00' },
      ]),
    );
    expect(BusinessHoursSchema.parse(week)).toMatchObject({
      monday: '7:30 AM - 4:00 PM',
      sunday: 'Closed',
    });
  });

  it.each([
    ['Open 24 hours', { closed: false, opens: '00:00', closes: '23:59' }],
    ['8 AM - 5 PM', { closed: false, opens: '08:00', closes: '17:00' }],
    ['06h00 - 09h15', { closed: false, opens: '06:00', closes: '09:15' }],
    // A closing time of midnight, times out of order, or hours past the day: closed in SQL.
    ['8:00 AM - 12:00 AM', { closed: true }],
    ['5:00 PM - 8:00 AM', { closed: true }],
    ['20:00 - 25:00', { closed: true }],
  ])(
    'reads %j as day_open_minutes() in SQL does (what it counts closed is closed): %j',
    (text, day) => {
      expect(parseHoursText(text)).toEqual(day);
    },
  );

  it('refuses a week without an open day (SQL would count the default week instead)', () => {
    const closed = Object.fromEntries(WEEKDAYS.map((day) => [day, { closed: true }]));
    const result = BusinessHoursSchema.safeParse(closed);
    expect(result.error?.issues[0]).toMatchObject({ path: [], message: HOURS_MESSAGES.noOpenDay });
  });

  it('gives the form the stored week, or the default week when no day is open', () => {
    const own = weekOfStoredHours({ monday: '9:00 AM - 12:30 PM', sunday: 'Closed' });
    expect(own.monday).toEqual({ closed: false, opens: '09:00', closes: '12:30' });
    expect(own.tuesday).toEqual({ closed: true });
    for (const stored of [{}, { monday: 'By appointment', friday: 'Closed' }]) {
      const week = weekOfStoredHours(stored);
      expect(Object.fromEntries(WEEKDAYS.map((day) => [day, hoursText(week[day])]))).toEqual(
        DEFAULT_BUSINESS_HOURS,
      );
    }
  });
});

/** Any open day a time input can give: two HH:MM times, closing after opening. */
const openDay = fc
  .tuple(fc.integer({ min: 0, max: 1438 }), fc.integer({ min: 1, max: 1439 }))
  .filter(([opens, closes]) => closes > opens)
  .map(([opens, closes]): DayHours => ({
    closed: false,
    opens: hhmm(opens),
    closes: hhmm(closes),
  }));

function hhmm(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

describe('business hours as text, for a write (the API answers them so)', () => {
  it.each([
    ['8:00 AM - 5:00 PM', { closed: false, opens: '08:00', closes: '17:00' }],
    ['12:30 AM - 12:15 PM', { closed: false, opens: '00:30', closes: '12:15' }],
    ['Closed', { closed: true }],
  ])('reads the stored text %j into the structured day %j', (text, day) => {
    expect(readHoursText(text)).toEqual(day);
  });

  it('writes the default texts back the same', () => {
    for (const text of Object.values(DEFAULT_BUSINESS_HOURS)) {
      const day = readHoursText(text);
      expect(day && hoursText(day)).toBe(text);
    }
  });

  it('gives back every open day a time input can give, through its text', () => {
    fc.assert(
      fc.property(openDay, (day) => {
        expect(readHoursText(hoursText(day))).toEqual(day);
      }),
    );
  });

  it('reads what a person writes', () => {
    const nineToFive = { closed: false, opens: '09:00', closes: '17:00' };
    for (const text of [
      '9 AM - 5 PM',
      '9am-5pm',
      '9:00 a.m. to 5:00 p.m.',
      '09h00 - 17h00',
      '09:00 – 17:00',
    ]) {
      expect(readHoursText(text), text).toEqual(nineToFive);
    }
    expect(readHoursText('  closed ')).toEqual({ closed: true });
    expect(readHoursText('CLOSED')).toEqual({ closed: true });
    expect(readHoursText('Open 24 hours')).toEqual({
      closed: false,
      opens: '00:00',
      closes: '23:59',
    });
  });

  it('reads a closing time of midnight as the end of the day', () => {
    for (const text of ['6:00 PM - 12:00 AM', '18:00 - 24:00', '18:00 - 0:00']) {
      expect(readHoursText(text), text).toEqual({ closed: false, opens: '18:00', closes: '23:59' });
    }
  });

  it('gives times out of order as written, for the schema to refuse', () => {
    expect(readHoursText('5:00 PM - 8:00 AM')).toEqual({
      closed: false,
      opens: '17:00',
      closes: '08:00',
    });
  });

  it.each([
    'By appointment',
    'Mornings',
    '',
    '8:00 AM',
    '8:00 AM - 13:00 PM',
    '0:00 AM - 5:00 PM',
    '8:75 - 17:00',
    '20:00 - 25:00',
    '24:00 - 24:00',
    'Open 24 hours on weekdays',
  ])('finds no hours in %j', (text) => {
    expect(readHoursText(text)).toBeUndefined();
  });

  it('checks a day given as text as the time inputs are checked', () => {
    expect(DayHoursSchema.parse('8:00 AM - 5:00 PM')).toEqual({
      closed: false,
      opens: '08:00',
      closes: '17:00',
    });
    expect(DayHoursSchema.safeParse('Mornings').error?.issues).toMatchObject([
      { path: [], message: HOURS_MESSAGES.text },
    ]);
    expect(DayHoursSchema.safeParse('5:00 PM - 8:00 AM').error?.issues).toMatchObject([
      { path: ['closes'], message: HOURS_MESSAGES.order },
    ]);
    expect(DayHoursSchema.safeParse(17).error?.issues[0]?.message).toBe(HOURS_MESSAGES.day);
  });

  it('takes a week of texts, of structured days, or of both, and stores the texts', () => {
    expect(BusinessHoursSchema.parse(DEFAULT_BUSINESS_HOURS)).toEqual(DEFAULT_BUSINESS_HOURS);
    const mixed = {
      ...DEFAULT_BUSINESS_HOURS,
      monday: { closed: false, opens: '07:00', closes: '15:30' },
      saturday: '9 am - 12 pm',
      sunday: { closed: true },
    };
    expect(BusinessHoursSchema.parse(mixed)).toEqual({
      ...DEFAULT_BUSINESS_HOURS,
      monday: '7:00 AM - 3:30 PM',
      saturday: '9:00 AM - 12:00 PM',
      sunday: 'Closed',
    });
    const allClosed = Object.fromEntries(WEEKDAYS.map((day) => [day, 'Closed']));
    expect(BusinessHoursSchema.safeParse(allClosed).error?.issues[0]?.message).toBe(
      HOURS_MESSAGES.noOpenDay,
    );
  });
});

describe('the stored week (db/schema.ts stores the hours structured)', () => {
  it('stores each given day as minutes from midnight, or null when closed', () => {
    expect(
      storedWeek({
        monday: '8:00 AM - 5:00 PM',
        tuesday: '06h00 - 17h30',
        wednesday: 'Open 24 hours',
        saturday: '9 AM - 12 PM',
        sunday: 'Closed',
      }),
    ).toEqual({
      monday: { opens: 480, closes: 1020 },
      tuesday: { opens: 360, closes: 1050 },
      wednesday: { opens: 0, closes: 1440 },
      saturday: { opens: 540, closes: 720 },
      sunday: null,
    });
  });

  it('reads what the business clock cannot count as closed, and a week without an open day as none', () => {
    expect(storedDay('By appointment')).toBeNull();
    expect(storedDay('5 PM - 8 AM')).toBeNull();
    expect(storedDay('8 AM - 12 AM')).toBeNull(); // a closing time of midnight
    expect(storedWeek({ monday: 'By appointment', sunday: 'Closed' })).toEqual({});
    expect(storedWeek({})).toEqual({});
  });

  it('writes texts that read back as the same stored day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 }), (a, b) => {
        const day = a < b ? { opens: a, closes: b } : null;
        expect(storedDay(storedDayText(day))).toEqual(day);
      }),
    );
    expect(weekTexts({ monday: { opens: 480, closes: 1020 }, sunday: null })).toEqual({
      monday: '8:00 AM - 5:00 PM',
      sunday: 'Closed',
    });
  });
});
