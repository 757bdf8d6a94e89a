/**
 * Queries of GET /api/places (the town combobox, search), GET /api/places/near (nearest
 * places to a position) and the value of GET /api/places/:value. zod/mini: the place
 * picker in the browser builds its URLs from these names.
 */
import * as z from 'zod/mini';
import { PLACE_KINDS, type PlaceKind } from '../places.ts';

export const MAX_PLACE_QUERY_LENGTH = 60;
export const MAX_PLACE_RESULTS = 20;
export const DEFAULT_PLACE_RESULTS = 8;

/** A place's value: the location filter's town value ('cape-town'). */
export const PLACE_VALUE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const PlaceValueSchema = z.string().check(z.regex(PLACE_VALUE_PATTERN), z.maxLength(80));

const limit = z.pipe(
  z.transform((value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined,
  ),
  z._default(
    z
      .number({ error: 'limit must be a whole number' })
      .check(
        z.int({ error: 'limit must be a whole number' }),
        z.gte(1, 'limit must be at least 1'),
        z.lte(MAX_PLACE_RESULTS, `limit must be at most ${MAX_PLACE_RESULTS}`),
      ),
    DEFAULT_PLACE_RESULTS,
  ),
);

export const PlaceSearchQuerySchema = z.object({
  q: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : value)),
    z
      .string({ error: 'q is required: the start of a place name' })
      .check(
        z.minLength(1, 'q is required: the start of a place name'),
        z.maxLength(
          MAX_PLACE_QUERY_LENGTH,
          `q must be at most ${MAX_PLACE_QUERY_LENGTH} characters`,
        ),
      ),
  ),
  limit,
});
export type PlaceSearchQuery = z.output<typeof PlaceSearchQuerySchema>;

const coordinate = (name: string, min: number, max: number) => {
  const message = `${name} must be a number from ${min} to ${max}`;
  return z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined,
    ),
    z.number({ error: message }).check(z.gte(min, message), z.lte(max, message)),
  );
};

const KINDS_MESSAGE = `kinds must be a comma-separated list of: ${PLACE_KINDS.join(', ')}`;

export const PlaceNearQuerySchema = z.object({
  lat: coordinate('lat', -90, 90),
  lng: coordinate('lng', -180, 180),
  /** Only these kinds ('city,town' for the nearest towns); every kind when absent. */
  kinds: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && value.trim() !== '' ? value.split(',') : undefined,
    ),
    z.optional(
      z.array(z.enum(PLACE_KINDS, { error: KINDS_MESSAGE })).check(z.maxLength(PLACE_KINDS.length)),
    ),
  ),
  limit,
});
export type PlaceNearQuery = z.output<typeof PlaceNearQuerySchema>;

/** One place in a list (search, nearest). */
export interface PlaceSummary {
  value: string;
  name: string;
  province: string;
  kind: PlaceKind;
  /** The city or town a suburb or township lies in. */
  parent?: { value: string; name: string };
  /** The other name the query matched ('Gqeberha' for Port Elizabeth), when not the name. */
  otherName?: string;
}

/** GET /api/places/near: a place and its great-circle distance (src/lib/geo.ts). */
export interface NearPlace extends PlaceSummary {
  distanceKm: number;
}

/** GET /api/places/:value. */
export interface PlaceDetail extends Omit<PlaceSummary, 'otherName'> {
  latitude: number;
  longitude: number;
  population: number | null;
  otherNames: string[];
}
