import { describe, expect, it } from 'vitest';
import { readingLabel, searchWithout, type SearchReading } from '../../src/lib/search-reading.ts';

const READING: SearchReading = {
  terms: [
    { typed: 'gate motor', reads: 'service', as: 'Access Control', corrected: false },
    { typed: 'johannesbrug', reads: 'place', as: 'Johannesburg', corrected: true },
    { typed: 'durban', reads: 'place', as: 'Durban', corrected: false },
    { typed: 'kraal', reads: 'words', as: 'kraal', corrected: false },
  ],
};

describe('readingLabel', () => {
  it('names the kind and what the words were read as', () => {
    expect(READING.terms.map(readingLabel)).toEqual([
      'Service: Access Control (“gate motor”)',
      'Place: Johannesburg (you typed “johannesbrug”)',
      'Place: “Durban”',
      'Words: “kraal”',
    ]);
  });
});

describe('searchWithout', () => {
  it('leaves the other terms as typed', () => {
    expect(searchWithout(READING, 0)).toBe('johannesbrug durban kraal');
    expect(searchWithout(READING, 3)).toBe('gate motor johannesbrug durban');
  });
});
