/**
 * coordinatesOf (src/api/providers/coordinates.ts) and placesNamed: a provider's location
 * and coverage areas are found in the places table, by their town value or by any name or
 * other name of a place.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { serviceProviders } from '../../db/schema.ts';
import { placesNamed } from '../../src/api/places/places-named.ts';
import { coordinatesOf } from '../../src/api/providers/coordinates.ts';
import { insertProvider } from '../helpers/builders.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();
beforeEach(() => database.reset());

async function placed(location: string) {
  const { db } = database;
  const provider = await insertProvider(db, { location });
  await db
    .update(serviceProviders)
    .set({ location, ...coordinatesOf(location) })
    .where(eq(serviceProviders.id, provider.id));
  const [row] = await db
    .select({ latitude: serviceProviders.latitude, longitude: serviceProviders.longitude })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, provider.id));
  return row;
}

describe('coordinatesOf', () => {
  it("gives a catalog town the table's coordinates, to 8 decimals", async () => {
    expect(await placed('Cape Town')).toEqual({
      latitude: '-33.92490000',
      longitude: '18.42410000',
    });
  });

  it('places an other name, in any case and spelling, on its place', async () => {
    const portElizabeth = await placed('Port Elizabeth');
    expect(await placed('Gqeberha')).toEqual(portElizabeth);
    expect(await placed('GQEBERHA')).toEqual(portElizabeth);
    expect(await placed('Nelspruit')).toEqual(await placed('Mbombela'));
  });

  it('places a suburb or township of the table beyond the 60 catalog towns', async () => {
    const khayelitsha = await placed('Khayelitsha');
    expect(Number(khayelitsha?.latitude)).toBeCloseTo(-34.04, 1);
    expect(Number(khayelitsha?.longitude)).toBeCloseTo(18.68, 1);
  });

  it('leaves a location the table does not know without coordinates', async () => {
    expect(await placed('Kleinkaroo Farm 12')).toEqual({ latitude: null, longitude: null });
    expect(await placed("'; DROP TABLE places; --")).toEqual({ latitude: null, longitude: null });
  });
});

describe('placesNamed', () => {
  it('finds each text by its town value or by a name or other name, with the label to store', async () => {
    const found = await placesNamed(database.db, [
      'Cape Town',
      'gqeberha',
      'Khayelitsha',
      'Middelburg, Eastern Cape',
      'Kleinkaroo Farm 12',
      '',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      'Cape Town': {
        value: 'cape-town',
        name: 'Cape Town',
        province: 'western-cape',
        label: 'Cape Town',
      },
      gqeberha: {
        value: 'port-elizabeth',
        name: 'Port Elizabeth',
        province: 'eastern-cape',
        label: 'Port Elizabeth',
      },
      Khayelitsha: {
        value: 'khayelitsha',
        name: 'Khayelitsha',
        province: 'western-cape',
        label: 'Khayelitsha',
      },
      'Middelburg, Eastern Cape': {
        value: 'middelburg-eastern-cape',
        name: 'Middelburg',
        province: 'eastern-cape',
        label: 'Middelburg, Eastern Cape',
      },
    });
  });

  it('takes the bigger of two places of one name', async () => {
    const found = await placesNamed(database.db, ['Middelburg']);
    expect(found.get('Middelburg')?.value).toBe('middelburg');
    expect(await placesNamed(database.db, [])).toEqual(new Map());
  });
});
