import { describe, expect, it } from 'vitest';
import { isActiveLink } from '../../src/lib/site.ts';

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
