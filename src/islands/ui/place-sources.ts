/**
 * Where the place picker (PlaceCombobox) finds its places: one small interface, so that
 * choosing between the major towns (without a request) and GET /api/places (every place)
 * is a one-line change where the source is chosen.
 */
import { answer, api } from '../../lib/api-client';
import { MAJOR_TOWNS, type MajorTown } from '../../lib/catalog/major-towns';
import { provinceName } from '../../lib/catalog/provinces';

export interface PlaceOption {
  /** The URL value (`location=<value>`), e.g. "cape-town". */
  value: string;
  name: string;
  /** A second line that tells places of the same name apart (the province). */
  detail?: string;
}

/** The places whose names match `query`, best first, at most `limit`. */
export type PlaceSource = (
  query: string,
  limit: number,
  signal: AbortSignal,
) => Promise<PlaceOption[]>;

export const townOption = (town: MajorTown): PlaceOption => ({
  value: town.value,
  name: town.name,
  detail: provinceName(town.province),
});

/** Lower case without accents or punctuation: "Mbombela", "mbombela " and "Mbómbela" agree. */
export function foldPlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The major towns (decision 0033) whose name has a word starting with the query ("town"
 * finds Cape Town): names that start with it first, then the others, each alphabetically.
 */
export function matchMajorTowns(query: string, limit: number): PlaceOption[] {
  const folded = foldPlaceText(query);
  if (!folded) return [];
  const ranked = MAJOR_TOWNS.flatMap((town) => {
    const name = foldPlaceText(town.name);
    if (name.startsWith(folded)) return [{ town, rank: 0 }];
    if (name.includes(` ${folded}`)) return [{ town, rank: 1 }];
    return [];
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.town.name.localeCompare(b.town.name))
    .slice(0, limit)
    .map(({ town }) => townOption(town));
}

/** The major towns, in the browser, without a call (those towns only). */
export const majorTownPlaceSource: PlaceSource = (query, limit) =>
  Promise.resolve(matchMajorTowns(query, limit));

/**
 * A place of GET /api/places as an option: the suburb's town and the province tell
 * places of one name apart; the other name the text matched says why it is listed
 * ("Gqeberha" finds Port Elizabeth).
 */
export function placeOption(place: {
  value: string;
  name: string;
  province: string;
  parent?: { name: string } | undefined;
  otherName?: string | undefined;
}): PlaceOption {
  const where = [place.parent?.name, provinceName(place.province)].filter(Boolean).join(', ');
  return {
    value: place.value,
    name: place.name,
    detail: place.otherName ? `${place.otherName} · ${where}` : where,
  };
}

/**
 * Every place of South Africa (towns, suburbs, townships, with their other names and
 * small typos) from GET /api/places. A stale answer is dropped by the picker (signal).
 */
export const apiPlaceSource: PlaceSource = async (query, limit) =>
  (await answer(api.places.$get({ query: { q: query, limit: String(limit) } }))).map(placeOption);
