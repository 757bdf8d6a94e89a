import { describe, expect, it } from 'vitest';
import { Memory, REMEMBERED_ANSWERS } from '../../src/api/places/remembered-places.ts';

describe('the memory of place look-ups', () => {
  it('answers what it was told, and nothing for a key it was not', () => {
    const memory = new Memory<string[]>();
    memory.set('durban', ['durban']);
    memory.set('cctv', []);
    expect(memory.get('durban')).toEqual(['durban']);
    expect(memory.get('cctv')).toEqual([]);
    expect(memory.get('pretoria')).toBeUndefined();
  });

  it(`keeps at most ${REMEMBERED_ANSWERS} answers, forgetting the least recently used`, () => {
    const memory = new Memory<number>();
    for (let i = 0; i < REMEMBERED_ANSWERS; i++) memory.set(`key ${i}`, i);
    // Used again: no longer the oldest.
    expect(memory.get('key 0')).toBe(0);
    memory.set('one more', -1);
    memory.set('and another', -2);
    expect(memory.get('key 0')).toBe(0);
    expect(memory.get('key 1')).toBeUndefined();
    expect(memory.get('key 2')).toBeUndefined();
    expect(memory.get('key 3')).toBe(3);
    expect(memory.get('one more')).toBe(-1);
    expect(memory.get('and another')).toBe(-2);
  });
});
