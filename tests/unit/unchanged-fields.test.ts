import { describe, expect, it } from 'vitest';
import { sameJson, withoutUnchanged } from '../../src/api/http/unchanged-fields.ts';

describe('withoutUnchanged', () => {
  const answered = {
    id: 7,
    name: 'Coastal Alarm Works',
    rating: '4.5',
    website: null,
    coverageAreas: ['Durban', 'Umhlanga'],
    businessHours: { monday: '8:00 AM - 5:00 PM', sunday: 'Closed' },
    createdAt: new Date('2026-01-02T03:04:05.000Z'),
  };
  const fields = ['name', 'rating', 'website', 'coverageAreas', 'businessHours', 'createdAt'];

  it('sets aside the listed fields sent back as answered, and keeps the changed ones', () => {
    const sent = withoutUnchanged(
      { ...answered, createdAt: '2026-01-02T03:04:05.000Z', name: 'Coastal Security' },
      answered,
      fields,
    );
    expect(sent.body).toEqual({ id: 7, name: 'Coastal Security' });
    expect(sent.changed).toEqual(['name']);
    expect(sent.unchanged.sort()).toEqual(
      ['businessHours', 'coverageAreas', 'createdAt', 'rating', 'website'].sort(),
    );
  });

  it('compares as JSON: a map in any key order is the same, a list in another order is not', () => {
    const sent = withoutUnchanged(
      {
        businessHours: { sunday: 'Closed', monday: '8:00 AM - 5:00 PM' },
        coverageAreas: ['Umhlanga', 'Durban'],
        rating: 4.5,
      },
      answered,
      fields,
    );
    expect(sent.unchanged).toEqual(['businessHours']);
    expect(sent.changed).toEqual(['coverageAreas', 'rating']);
  });

  it('leaves a body that is no object, and fields not listed, to the schema', () => {
    expect(withoutUnchanged(['x'], answered, fields)).toEqual({
      body: ['x'],
      changed: [],
      unchanged: [],
    });
    expect(withoutUnchanged(null, answered, fields).body).toBeNull();
    expect(withoutUnchanged({ id: 7 }, answered, fields)).toEqual({
      body: { id: 7 },
      changed: [],
      unchanged: [],
    });
  });

  it('keeps a "__proto__" key a key of the body', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "name": "x"}') as object;
    const sent = withoutUnchanged(body, answered, fields).body as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['__proto__', 'name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype);
  });
});

describe('sameJson', () => {
  it.each<[unknown, unknown, boolean]>([
    [null, null, true],
    [null, undefined, false],
    [0, '0', false],
    [[], {}, false],
    [{ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [[1, 2], [2, 1], false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameJson(a, b)).toBe(same);
  });
});
