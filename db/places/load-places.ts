/**
 * Fills `places` and `place_names` from the committed data file (decision 0027). Run by
 * migrateDatabase after the migrations, so every database that is migrated has them: the
 * hosts at start, `npm run db:migrate` (and so every deploy), the test templates, the
 * scripts. The data is the file's and nobody else's, so a load replaces the tables whole;
 * the file's checksum is kept as the table's comment and an unchanged file is skipped
 * (one query).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { placeKey } from '../../src/lib/places.ts';
import type { Database } from '../client.ts';
import { parsePlaces, placesFile, type PlaceRow } from './places-file.ts';

/** Bumped when the way rows are loaded changes, so databases load the same file again. */
const LOADER_VERSION = 2;

/**
 * What a database's places were loaded from: the loader version, the file, and the key
 * rule (placeKey's own source), so a changed rule writes the keys anew too.
 */
function checksumOf(fileChecksum: string): string {
  const rule = createHash('sha256').update(placeKey.toString()).digest('hex').slice(0, 12);
  return `places ${LOADER_VERSION} key:${rule} sha256:${fileChecksum}`;
}

async function loadedChecksum(db: Database): Promise<string | null> {
  // Every driver answers db.execute with { rows } (node-postgres, PGlite, Neon).
  const result: unknown = await db.execute(
    sql`SELECT obj_description('places'::regclass, 'pg_class') AS comment`,
  );
  return (result as { rows: { comment: string | null }[] }).rows[0]?.comment ?? null;
}

/** One row per distinct key of a place's names; its own name wins over an other name. */
export function nameRows(place: PlaceRow): { key: string; value: string; name: string }[] {
  const rows = new Map<string, { key: string; value: string; name: string }>();
  for (const name of [place.name, ...place.otherNames]) {
    const key = placeKey(name);
    if (key && !rows.has(key)) rows.set(key, { key, value: place.value, name });
  }
  return [...rows.values()];
}

/** Loads the data file unless this database has it already; true when it loaded. */
export async function loadPlaces(db: Database): Promise<boolean> {
  const { text, checksum: fileChecksum } = placesFile();
  const checksum = checksumOf(fileChecksum);
  if ((await loadedChecksum(db)) === checksum) return false;
  const places = parsePlaces(text);
  const names = places.flatMap(nameRows);
  return db.transaction(async (tx) => {
    // Two processes migrating at once: the second waits here, then finds the work done.
    await tx.execute(sql`LOCK TABLE places IN EXCLUSIVE MODE`);
    if ((await loadedChecksum(tx)) === checksum) return false;
    await tx.execute(sql`DELETE FROM place_names`);
    // One statement: the parent key (NO ACTION) is checked once all the rows are gone.
    await tx.execute(sql`DELETE FROM places`);
    // One statement each (a JSON document of rows), so thousands of rows are one round
    // trip on every driver; a parent named later in the file is checked at its end.
    await tx.execute(sql`
      INSERT INTO places (value, name, province, kind, latitude, longitude, population, major_rank,
                          other_names, parent)
      SELECT value, name, province, kind, latitude, longitude, population, "majorRank",
             "otherNames", parent
        FROM jsonb_to_recordset(${JSON.stringify(places)}::jsonb)
          AS p(value text, name text, province text, kind text, latitude float8, longitude float8,
               population integer, "majorRank" smallint, "otherNames" text[], parent text)`);
    await tx.execute(sql`
      INSERT INTO place_names (key, value, name)
      SELECT key, value, name FROM jsonb_to_recordset(${JSON.stringify(names)}::jsonb)
        AS n(key text, value text, name text)`);
    await tx.execute(sql.raw(`COMMENT ON TABLE places IS '${checksum}'`));
    return true;
  });
}
