import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { ProvinceId } from '../../lib/catalog/provinces.ts';
import { townValue } from '../../lib/catalog/town-value.ts';
import { placeKey, placeLabel } from '../../lib/places.ts';

export interface NamedPlace {
  value: string;
  name: string;
  province: ProvinceId;
  /** What to store for it as a location or coverage area (placeLabel). */
  label: string;
}

interface Row extends Record<string, unknown> {
  text: string;
  value: string;
  name: string;
  province: ProvinceId;
}

/**
 * The places some texts name (coverage areas, locations typed by hand), by text: the
 * place whose value is the text's town value ('Cape Town', 'middelburg-eastern-cape'),
 * else the biggest place with that name or other name ('Gqeberha' is Port Elizabeth). A
 * text that names no place is not in the answer. One query for all the texts.
 */
export async function placesNamed(
  db: Database,
  texts: readonly string[],
): Promise<Map<string, NamedPlace>> {
  const wanted = [...new Set(texts)].map((text) => ({
    text,
    value: townValue(text),
    key: placeKey(text),
  }));
  if (wanted.length === 0) return new Map();
  const result: unknown = await db.execute(sql`
    SELECT DISTINCT ON (t.text) t.text, p.value, p.name, p.province
      FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS t(text text, value text, key text)
      JOIN places p
        ON p.value = t.value
        OR p.value IN (SELECT n.value FROM place_names n WHERE n.key = t.key)
     ORDER BY t.text, p.value = t.value DESC, p.population DESC NULLS LAST, p.value`);
  return new Map(
    (result as { rows: Row[] }).rows.map((row) => [
      row.text,
      { value: row.value, name: row.name, province: row.province, label: placeLabel(row) },
    ]),
  );
}
