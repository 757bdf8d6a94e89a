/**
 * loadPlaces (db/places/load-places.ts): every migrated database holds the places of the
 * committed data file, and loading again with the same file does nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadPlaces } from '../../db/places/load-places.ts';
import { majorTowns, parsePlaces, placesFile } from '../../db/places/places-file.ts';
import { placeNames, places } from '../../db/schema.ts';
import { majorTownPlaces } from '../../src/api/places/major-towns.ts';
import { placeKey } from '../../src/lib/places.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

const fileRows = parsePlaces(placesFile().text);

describe('loadPlaces', () => {
  it('has loaded every place of the data file, with every name and other name as a key', async () => {
    const { db } = database;
    expect(await db.$count(places)).toBe(fileRows.length);
    const names = new Set(
      fileRows.flatMap((row) => [row.name, ...row.otherNames].map((n) => placeKey(n))),
    );
    // Keys are distinct per place; one key may name two places (two towns called Bethlehem).
    const keys = await db.selectDistinct({ key: placeNames.key }).from(placeNames);
    expect(new Set(keys.map((k) => k.key))).toEqual(names);

    const [gqeberha] = await db
      .select({ value: placeNames.value, name: placeNames.name })
      .from(placeNames)
      .where(eq(placeNames.key, 'gqeberha'));
    expect(gqeberha).toEqual({ value: 'port-elizabeth', name: 'Gqeberha' });
  });

  it('keeps each row as the file has it', async () => {
    const [row] = await database.db.select().from(places).where(eq(places.value, 'cape-town'));
    const inFile = fileRows.find((r) => r.value === 'cape-town');
    expect(row).toEqual(inFile);
  });

  it('has the major towns of the file, in their order, with their other names', async () => {
    expect(await majorTownPlaces(database.db)).toEqual(
      majorTowns().map(({ value, name, province, latitude, longitude, otherNames }) => ({
        value,
        name,
        province,
        latitude,
        longitude,
        otherNames,
      })),
    );
  });

  it('skips a database that has the file already, and loads one whose places were changed', async () => {
    const { db } = database;
    expect(await loadPlaces(db)).toBe(false);

    // Another file's checksum: the next load replaces the tables whole.
    await db.execute(sql`COMMENT ON TABLE places IS 'places 0 sha256:older'`);
    await db.execute(sql`DELETE FROM places WHERE parent IS NULL AND value = 'kuruman'`);
    expect(await loadPlaces(db)).toBe(true);
    expect(await db.$count(places)).toBe(fileRows.length);
    expect(await db.$count(places, eq(places.value, 'kuruman'))).toBe(1);
    expect(await loadPlaces(db)).toBe(false);
  });
});
