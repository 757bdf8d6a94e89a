import { describe, expect, it } from 'vitest';
import {
  BusinessHoursSchema,
  DayHoursSchema,
  HOURS_MESSAGES,
  hoursText,
  parseHoursText,
  weekOfStoredHours,
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

  it('reads texts as day_open_minutes() in SQL does: what it counts closed is closed', () => {
    expect(parseHoursText('Open 24 hours')).toEqual({
      closed: false,
      opens: '00:00',
      closes: '23:59',
    });
    expect(parseHoursText('8 AM - 5 PM')).toEqual({
      closed: false,
      opens: '08:00',
      closes: '17:00',
    });
    expect(parseHoursText('06h00 - 09h15')).toEqual({
      closed: false,
      opens: '06:00',
      closes: '09:15',
    });
    // A closing time of midnight, times out of order, or hours past the day: closed in SQL.
    expect(parseHoursText('8:00 AM - 12:00 AM')).toEqual({ closed: true });
    expect(parseHoursText('5:00 PM - 8:00 AM')).toEqual({ closed: true });
    expect(parseHoursText('20:00 - 25:00')).toEqual({ closed: true });
  });

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
