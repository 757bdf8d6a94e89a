import { describe, expect, it } from 'vitest';
import { ProviderQuerySchema, type ProviderQuery } from '../../src/lib/schemas/provider-query.ts';

/** Parses a URL-style query (every value a string) and expects success. */
function parse(query: Record<string, string>): ProviderQuery {
  const result = ProviderQuerySchema.safeParse(query);
  if (!result.success) throw new Error(`expected success: ${result.error.message}`);
  return result.data;
}

/** Parses a query expected to fail and returns its messages. */
function errors(query: Record<string, string>): string[] {
  const result = ProviderQuerySchema.safeParse(query);
  if (result.success) throw new Error(`expected failure: ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => issue.message);
}

describe('ProviderQuerySchema defaults', () => {
  it('gives limit 24 and offset 0 for an empty query', () => {
    expect(parse({})).toEqual({ limit: 24, offset: 0 });
  });

  it('treats empty limit and offset as absent', () => {
    expect(parse({ limit: '', offset: '' })).toMatchObject({ limit: 24, offset: 0 });
  });
});

describe.each(['serviceType', 'location', 'verification', 'rating', 'sort'])('%s', (name) => {
  it("means no filter when 'all'", () => {
    expect(parse({ [name]: 'all' })[name as keyof ProviderQuery]).toBeUndefined();
  });

  it('means no filter when empty', () => {
    expect(parse({ [name]: '' })[name as keyof ProviderQuery]).toBeUndefined();
  });
});

describe('filters', () => {
  it('keeps a known serviceType', () => {
    expect(parse({ serviceType: 'ndi' }).serviceType).toBe('ndi');
  });

  it('rejects an unknown serviceType with a message naming serviceType', () => {
    expect(errors({ serviceType: 'plumbing' }).join('\n')).toMatch(/serviceType/);
  });

  it('keeps a town value as location', () => {
    expect(parse({ location: 'cape-town' }).location).toBe('cape-town');
  });

  it('keeps verification verified or premium', () => {
    expect(parse({ verification: 'verified' }).verification).toBe('verified');
    expect(parse({ verification: 'premium' }).verification).toBe('premium');
  });

  it('parses rating as a number', () => {
    expect(parse({ rating: '4.5' }).rating).toBe(4.5);
  });
});

describe('sort', () => {
  it('keeps recommended or quickest', () => {
    expect(parse({ sort: 'recommended' }).sort).toBe('recommended');
    expect(parse({ sort: 'quickest' }).sort).toBe('quickest');
  });

  it('rejects another order with a message naming sort', () => {
    expect(errors({ sort: 'fastest' })).toEqual([
      'sort must be one of: recommended, nearest, rated, quickest',
    ]);
  });

  it('keeps rated, and nearest only with the position', () => {
    expect(parse({ sort: 'rated' }).sort).toBe('rated');
    expect(parse({ sort: 'nearest', userLat: '-33.9', userLng: '18.4' }).sort).toBe('nearest');
    expect(errors({ sort: 'nearest' })).toEqual(['sort=nearest needs userLat and userLng']);
  });
});

describe('search', () => {
  it('is trimmed', () => {
    expect(parse({ search: '  cctv installer  ' }).search).toBe('cctv installer');
  });

  it('is undefined when empty or blank', () => {
    expect(parse({ search: '' }).search).toBeUndefined();
    expect(parse({ search: '   ' }).search).toBeUndefined();
  });

  it('accepts 100 characters', () => {
    expect(parse({ search: 'a'.repeat(100) }).search).toHaveLength(100);
  });

  it('rejects more than 100 characters', () => {
    expect(errors({ search: 'a'.repeat(101) }).join('\n')).toMatch(/search/);
  });
});

describe('userLat and userLng', () => {
  it('are parsed as numbers', () => {
    expect(parse({ userLat: '-33.9249', userLng: '18.4241' })).toMatchObject({
      userLat: -33.9249,
      userLng: 18.4241,
    });
  });

  it('accept the bounds -90/90 and -180/180', () => {
    expect(parse({ userLat: '-90', userLng: '180' })).toMatchObject({ userLat: -90, userLng: 180 });
    expect(parse({ userLat: '90', userLng: '-180' })).toMatchObject({ userLat: 90, userLng: -180 });
  });

  it('reject a latitude out of range with a message naming userLat', () => {
    expect(errors({ userLat: '90.5', userLng: '18' }).join('\n')).toMatch(/userLat/);
    expect(errors({ userLat: '-91', userLng: '18' }).join('\n')).toMatch(/userLat/);
  });

  it('reject a longitude out of range with a message naming userLng', () => {
    expect(errors({ userLat: '-33', userLng: '180.5' }).join('\n')).toMatch(/userLng/);
    expect(errors({ userLat: '-33', userLng: '-181' }).join('\n')).toMatch(/userLng/);
  });

  it("reject 'abc' with a message naming the parameter", () => {
    expect(errors({ userLat: 'abc', userLng: '18' }).join('\n')).toMatch(/userLat/);
    expect(errors({ userLat: '-33', userLng: 'abc' }).join('\n')).toMatch(/userLng/);
  });

  it('are rejected when only one of them is given', () => {
    expect(errors({ userLat: '-33.9' }).join('\n')).toMatch(/userLat/);
    expect(errors({ userLng: '18.4' }).join('\n')).toMatch(/userLng/);
  });
});

describe.each([
  // 1 to 100, a whole number.
  { name: 'limit', accepted: [1, 100], rejected: ['0', '101', '2.5', 'ten'] },
  // 0 and more, a whole number.
  { name: 'offset', accepted: [0, 48], rejected: ['-1', '1.5'] },
] as const)('$name', ({ name, accepted, rejected }) => {
  it.each(accepted)('accepts %i', (value) => {
    expect(parse({ [name]: String(value) })[name]).toBe(value);
  });

  it.each(rejected)('rejects %j with a message naming it', (value) => {
    expect(errors({ [name]: value }).join('\n')).toMatch(name);
  });
});
