/** South African phone numbers (src/lib/phone.ts): shown 3-3-4, dialled in E.164, WhatsApp for mobiles. */
import { describe, expect, it } from 'vitest';
import {
  formatSaPhone,
  isSaMobile,
  parseSaPhone,
  telHref,
  toE164,
  whatsAppHref,
} from '../../src/lib/phone.ts';

describe('formatSaPhone', () => {
  it.each([
    ['0821234567', '082 123 4567'],
    ['+27821234567', '082 123 4567'],
    ['+27115550123', '011 555 0123'],
    ['011 555 0123', '011 555 0123'],
    ['+27 (11) 555-0123', '011 555 0123'],
    ['0027821234567', '082 123 4567'],
    ['27821234567', '082 123 4567'],
    ['0800123456', '080 012 3456'],
  ])('%s is shown as %s', (given, shown) => {
    expect(formatSaPhone(given)).toBe(shown);
  });

  it.each(['12345', '+441234567890', '08212345678', '+270821234567', ''])(
    '%s is not South African and is shown as given',
    (given) => {
      expect(parseSaPhone(given)).toBeUndefined();
      expect(formatSaPhone(`  ${given} `)).toBe(given);
    },
  );
});

describe('toE164 and telHref', () => {
  it('turn national and international forms into +27 and nine digits', () => {
    expect(toE164('082 123 4567')).toBe('+27821234567');
    expect(toE164('+27115550123')).toBe('+27115550123');
    expect(telHref('011 555 0123')).toBe('tel:+27115550123');
  });

  it('leave a foreign number as given, without spaces', () => {
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
  });
});

describe('isSaMobile and whatsAppHref', () => {
  it.each([
    '060 123 4567',
    '066 123 4567',
    '071 123 4567',
    '079 123 4567',
    '081 123 4567',
    '082 123 4567',
    '083 123 4567',
    '084 123 4567',
    '+27721234567',
  ])('%s is a mobile number', (number) => {
    expect(isSaMobile(number)).toBe(true);
  });

  it.each([
    ['080 012 3456', 'toll-free'],
    ['086 012 3456', 'ShareCall'],
    ['087 123 4567', 'VoIP'],
    ['085 123 4567', 'not allocated to mobile'],
    ['011 555 0123', 'Johannesburg'],
    ['021 555 0147', 'Cape Town'],
    ['+27515550176', 'Bloemfontein'],
    ['not a number', 'not a number'],
  ])('%s (%s) is not a mobile number and has no WhatsApp link', (number) => {
    expect(isSaMobile(number)).toBe(false);
    expect(whatsAppHref(number)).toBeUndefined();
  });

  it('links a mobile number to wa.me in international form without the plus', () => {
    expect(whatsAppHref('082 123 4567')).toBe('https://wa.me/27821234567');
    expect(whatsAppHref('+27731234567', 'Hi there & welcome')).toBe(
      'https://wa.me/27731234567?text=Hi%20there%20%26%20welcome',
    );
  });
});
