import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { PLACE_KINDS, placeKey } from '../../lib/places.ts';
import type { PlaceSearchQuery, PlaceSummary } from '../../lib/schemas/places.ts';
import { escapeLike } from '../search/search-sql.ts';
import { summaryOf, type PlaceRow } from './place-summary.ts';

/** Below this many characters a typed name is matched by its start only (trigrams need three). */
const MIN_TYPO_LENGTH = 3;

interface Row extends PlaceRow {
  matched: string;
}

/**
 * The places a typed text names (the town combobox): a name or other name equal to it,
 * then those starting with it, then those with a word starting with it ('town' finds Cape
 * Town), then near misses by trigram similarity ('johannesbrug'); within each, bigger
 * places first (population, then city before town before suburb...), then by name. Each
 * place once, by its best-matching name.
 */
export async function searchPlaces(db: Database, query: PlaceSearchQuery): Promise<PlaceSummary[]> {
  const key = placeKey(query.q);
  if (!key) return [];
  // The key's own % and _ taken literally (placeKey leaves none, but still).
  const prefix = `${escapeLike(key)}%`;
  const wordPrefix = `% ${escapeLike(key)}%`;
  const typos = key.length >= MIN_TYPO_LENGTH;
  const kinds = sql.raw(`ARRAY[${PLACE_KINDS.map((k) => `'${k}'`).join(', ')}]`);
  const result: unknown = await db.execute(sql`
    WITH matches AS (
      SELECT DISTINCT ON (n.value) n.value, n.name AS matched,
             CASE WHEN n.key = ${key} THEN 0
                  WHEN n.key LIKE ${prefix} THEN 1
                  WHEN n.key LIKE ${wordPrefix} THEN 2
                  ELSE 3 END AS rank,
             similarity(n.key, ${key}) AS closeness
        FROM place_names n
       WHERE n.key LIKE ${prefix}
          OR n.key LIKE ${wordPrefix}
          ${typos ? sql`OR n.key % ${key}` : sql``}
       ORDER BY n.value, rank, closeness DESC, n.name
    )
    SELECT p.value, p.name, p.province, p.kind, p.parent, parent.name AS parent_name, m.matched
      FROM matches m
      JOIN places p ON p.value = m.value
      LEFT JOIN places parent ON parent.value = p.parent
     ORDER BY m.rank,
              CASE WHEN m.rank = 3 THEN m.closeness END DESC,
              p.population DESC NULLS LAST,
              array_position(${kinds}, p.kind),
              p.name, p.value
     LIMIT ${query.limit}`);
  return (result as { rows: Row[] }).rows.map((row) => ({
    ...summaryOf(row),
    ...(row.matched !== row.name ? { otherName: row.matched } : {}),
  }));
}
