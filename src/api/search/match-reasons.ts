/**
 * Why a provider matched a search for a place, said on its card when the card alone does
 * not show it: "Based in Umhlanga, Durban" (its own town lies in the place searched for),
 * "Covers Durban" (a coverage area it gave is, or lies in, that place). Read from the same
 * town values the search matched (area_values: town_values of the location and of each
 * coverage area), so the card says what the search did.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../../db/client.ts';
import type { Provider } from '../providers/public-columns.ts';
import type { SearchPlan } from './plan-search.ts';
import { searchKey } from './read-search.ts';
import { nearestNamed, placeNames } from './search-reading.ts';

/** Puts on each card why it matched (matchReasons). */
export type AddMatchReasons = (items: Provider[]) => Provider[];

const unchanged: AddMatchReasons = (items) => items;

/**
 * Reads why the providers `ids` matched the search's places, with the places' names, side
 * by side (and, in the listing, beside the page's cards: cardsOf in list-providers.ts); answers
 * what puts the reasons on their cards.
 */
export async function matchReasons(
  db: Database,
  ids: readonly number[],
  plan: SearchPlan | undefined,
): Promise<AddMatchReasons> {
  // A word read as a service is a service, not a place (search-reading.ts).
  const placeTerms = (plan ?? []).filter(
    (term) =>
      term.services.length === 0 &&
      term.nearServices.length === 0 &&
      term.places.length + term.nearPlaces.length > 0,
  );
  if (placeTerms.length === 0 || ids.length === 0) return unchanged;
  const values = [...new Set(placeTerms.flatMap((term) => [...term.places, ...term.nearPlaces]))];
  const [names, rows] = await Promise.all([
    placeNames(db, values),
    selectRows<{
      id: number;
      own: string[];
      areas: { area: string; values: string[] }[];
    }>(
      db,
      sql`SELECT p.id, town_values(ARRAY[p.location]) AS own,
                 coalesce((SELECT json_agg(json_build_object('area', a, 'values', town_values(ARRAY[a])))
                             FROM unnest(p.coverage_areas) AS a), '[]') AS areas
            FROM service_providers AS p
           WHERE p.id IN (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    ),
  ]);
  const searched = placeTerms.flatMap((term) => {
    const name = nearestNamed(
      term.key,
      term.places.length > 0 ? term.places : term.nearPlaces,
      names,
    );
    return name ? [{ name, values: [...term.places, ...term.nearPlaces] }] : [];
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (items) =>
    items.map((item) => {
      const row = byId.get(item.id);
      if (!row) return item;
      const reasons = searched.flatMap(({ name, values: placeValues }) => {
        const inPlace = (townValues: string[]) => townValues.some((v) => placeValues.includes(v));
        if (inPlace(row.own)) {
          // Obvious when the card's town is the place itself.
          return searchKey(item.location) === searchKey(name)
            ? []
            : [`Based in ${item.location}, ${name}`];
        }
        const covering = row.areas.filter((area) => inPlace(area.values)).map((area) => area.area);
        return covering.length > 0 ? [`Covers ${covering.join(', ')}`] : [];
      });
      return reasons.length > 0 ? { ...item, matchedBecause: reasons } : item;
    });
}
