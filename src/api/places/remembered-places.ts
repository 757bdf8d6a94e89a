/**
 * Look-ups of the places table that a search and a location filter make on every request,
 * answered from memory after the first time. `places` and `place_names` are reference data:
 * the migrations fill them from the committed data file (db/places/load-places.ts) and
 * nothing in the app changes them, so an answer stays true while the process runs (a new
 * data file comes with a deploy, which starts new processes). Each database has its own
 * memory, a bounded one: the keys come from what visitors type.
 */
import { eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import { places } from '../../../db/schema.ts';
import { textArray } from '../text-array.ts';

/**
 * A place's value and the city it lies within, if any: a place word finds what the
 * location filter finds (readListingQuery), the providers covering a suburb's city too.
 */
export const valuesWithin = (place: { value: string | null; parent: string | null }): string[] =>
  [place.value, place.parent].filter((value): value is string => value !== null);

/** The most answers kept per database; the oldest go first. */
export const REMEMBERED_ANSWERS = 20_000;

/** Answers by key, at most REMEMBERED_ANSWERS: the least recently used go first. */
export class Memory<T> {
  readonly #answers = new Map<string, T>();

  get(key: string): T | undefined {
    const answer = this.#answers.get(key);
    if (answer === undefined) return undefined;
    // Used again: the last to go.
    this.#answers.delete(key);
    this.#answers.set(key, answer);
    return answer;
  }

  set(key: string, answer: T): void {
    this.#answers.delete(key);
    this.#answers.set(key, answer);
    if (this.#answers.size > REMEMBERED_ANSWERS) {
      const oldest = this.#answers.keys().next();
      if (!oldest.done) this.#answers.delete(oldest.value);
    }
  }
}

interface Memories {
  /** A phrase key's places, each with the city it lies within (none: names no place). */
  named: Memory<string[]>;
  /** A place value with the city it lies within. */
  within: Memory<string[]>;
}

const memories = new WeakMap<Database, Memories>();

function memoryOf(db: Database): Memories {
  let memory = memories.get(db);
  if (!memory) {
    memory = { named: new Memory(), within: new Memory() };
    memories.set(db, memory);
  }
  return memory;
}

/**
 * The places each phrase key names (place_names: towns, suburbs, townships and their
 * other names), each with the city it lies within; keys that name none are left out.
 */
export async function placesNamed(
  db: Database,
  keys: readonly string[],
): Promise<Map<string, string[]>> {
  const { named } = memoryOf(db);
  const unknown = keys.filter((key) => named.get(key) === undefined);
  if (unknown.length > 0) {
    const rows = await selectRows<{ key: string; value: string; parent: string | null }>(
      db,
      sql`SELECT n.key, n.value, pl.parent
            FROM place_names AS n JOIN places AS pl ON pl.value = n.value
           WHERE n.key = ANY(${textArray(unknown)})`,
    );
    const found = new Map(unknown.map((key) => [key, [] as string[]]));
    for (const { key, ...place } of rows) found.get(key)?.push(...valuesWithin(place));
    for (const [key, values] of found) named.set(key, values);
  }
  const answer = new Map<string, string[]>();
  for (const key of keys) {
    const values = named.get(key) ?? [];
    if (values.length > 0) answer.set(key, values);
  }
  return answer;
}

/** The location and the city it lies within (a provider covering Pretoria covers Hatfield). */
export async function placeWithin(db: Database, value: string): Promise<string[]> {
  const { within } = memoryOf(db);
  const known = within.get(value);
  if (known) return known;
  const [place] = await db
    .select({ parent: places.parent })
    .from(places)
    .where(eq(places.value, value));
  const values = valuesWithin({ value, parent: place?.parent ?? null });
  within.set(value, values);
  return values;
}
