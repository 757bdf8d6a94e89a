/**
 * A small, fast, deterministic pseudo-random generator (mulberry32): the same key always
 * gives the same numbers, so the sample data is the same in every run. The key is spread
 * by Knuth's multiplicative hash first, so neighbouring keys start far apart.
 */
export function seededRandom(key: number): () => number {
  let state = (key * 2654435761) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
