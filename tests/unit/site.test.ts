import { describe, expect, it } from 'vitest';
import { isActiveLink, whatsAppNumberOf } from '../../src/lib/site.ts';

describe('isActiveLink', () => {
  it("marks Home ('/') active on exactly '/'", () => {
    expect(isActiveLink('/', '/')).toBe(true);
  });

  it("does not mark Home ('/') active on any other path", () => {
    expect(isActiveLink('/', '/providers')).toBe(false);
    expect(isActiveLink('/', '/about')).toBe(false);
  });

  it("marks '/providers' active on '/providers' and on paths below it", () => {
    expect(isActiveLink('/providers', '/providers')).toBe(true);
    expect(isActiveLink('/providers', '/providers/x')).toBe(true);
  });

  it("does not mark '/about' active on '/'", () => {
    expect(isActiveLink('/about', '/')).toBe(false);
  });

  it("does not mark '/about' active on '/providers'", () => {
    expect(isActiveLink('/about', '/providers')).toBe(false);
  });
});

describe('whatsAppNumberOf (PUBLIC_WHATSAPP_NUMBER)', () => {
  it.each([
    ['+27 82 123 4567', '27821234567'],
    ['27821234567', '27821234567'],
  ])('reads %s as %s', (value, number) => {
    expect(whatsAppNumberOf(value)).toBe(number);
  });

  it.each([[undefined], [''], ['  '], ['not set']])(
    'has no number for %j, so the help panel offers no chat',
    (value) => {
      expect(whatsAppNumberOf(value)).toBeUndefined();
    },
  );
});
