/**
 * Where a service request is, for the desk's list of providers who could take it over
 * (reassign-candidates.ts). Its location is free text ('Waterkloof', 'Sandton,
 * Johannesburg', '12 George Street, Paarl'); it is placed on the place of the places table
 * it names first, by a name or an other name, suburbs and townships included (decision
 * 0027): 'Waterkloof' is the Pretoria suburb, with its own position. No geocoding.
 *
 * Of two places with the name the text names, the one whose town or province the text
 * also names wins ('Middelburg, Mpumalanga'), then a major town, then the bigger.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { placeNames, places } from '../../../db/schema.ts';
import type { ProvinceId } from '../../lib/catalog/provinces.ts';
import { townValue } from '../../lib/catalog/town-value.ts';
import { placeOfLocation, provinceOfLocation } from '../../lib/place-of-location.ts';
import { placeKey } from '../../lib/places.ts';
import { placeOnMapColumns } from '../places/place-columns.ts';

/** The longest name of a place, in words ('Port Alfred', 'Bela-Bela'), is shorter than this. */
const MAX_NAME_WORDS = 5;

export interface RequestPlace {
  value: string;
  name: string;
  province: ProvinceId;
  latitude: number;
  longitude: number;
  /** The town values of the place's names: a provider whose areas hold one covers it. */
  areaValues: string[];
  /**
   * The town a suburb or township lies in, and the town values of its names: a provider
   * who covers Pretoria covers Waterkloof.
   */
  town: { name: string; areaValues: string[] } | null;
}

/** Every run of up to MAX_NAME_WORDS words of the text, as place_names keys. */
function namesIn(text: string): string[] {
  const words = placeKey(text).split(' ').filter(Boolean);
  const keys = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= Math.min(words.length, start + MAX_NAME_WORDS); end++) {
      keys.add(words.slice(start, end).join(' '));
    }
  }
  return [...keys];
}

/** The place a request's location names first, if it names one. */
export async function placeOfRequest(
  db: Queryable,
  location: string,
): Promise<RequestPlace | undefined> {
  const keys = namesIn(location);
  if (keys.length === 0) return undefined;
  const parent = sql.identifier('parent_place');
  const rows = await db
    .select({
      ...placeOnMapColumns,
      population: places.population,
      majorRank: places.majorRank,
      otherNames: places.otherNames,
      parentValue: places.parent,
      parentName: sql<string | null>`${parent}.name`,
      parentOtherNames: sql<string[] | null>`${parent}.other_names`,
    })
    .from(places)
    .leftJoin(sql`places AS ${parent}`, sql`${parent}.value = ${places.parent}`)
    .where(
      inArray(
        places.value,
        db
          .selectDistinct({ value: placeNames.value })
          .from(placeNames)
          .where(inArray(placeNames.key, keys)),
      ),
    );
  if (rows.length === 0) return undefined;
  const said = new Set(keys);
  const province = provinceOfLocation(location);
  const alsoNamed = (row: (typeof rows)[number]) =>
    province === row.province ||
    [row.parentName ?? '', ...(row.parentOtherNames ?? [])].some(
      (name) => name !== '' && said.has(placeKey(name)),
    );
  // placeOfLocation keeps the first of equally long names: the preferred place first.
  const preferred = rows.toSorted(
    (a, b) =>
      Number(alsoNamed(b)) - Number(alsoNamed(a)) ||
      (a.majorRank ?? Infinity) - (b.majorRank ?? Infinity) ||
      (b.population ?? 0) - (a.population ?? 0) ||
      a.value.localeCompare(b.value),
  );
  const found = placeOfLocation(location, preferred);
  if (!found) return undefined;
  const valuesOf = (value: string, names: readonly string[]) => [
    ...new Set([value, ...names.map(townValue)].filter(Boolean)),
  ];
  return {
    value: found.value,
    name: found.name,
    province: found.province,
    latitude: found.latitude,
    longitude: found.longitude,
    areaValues: valuesOf(found.value, [found.name, ...found.otherNames]),
    town:
      found.parentValue && found.parentName
        ? {
            name: found.parentName,
            areaValues: valuesOf(found.parentValue, [
              found.parentName,
              ...(found.parentOtherNames ?? []),
            ]),
          }
        : null,
  };
}
