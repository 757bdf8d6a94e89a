import type { PlaceKind } from '../../lib/places.ts';
import type { PlaceSummary } from '../../lib/schemas/places.ts';

/** A place as the look-ups' SQL reads it: its columns and its parent's name, joined. */
export interface PlaceRow extends Record<string, unknown> {
  value: string;
  name: string;
  province: string;
  kind: PlaceKind;
  parent: string | null;
  parent_name: string | null;
}

/** A place's summary, its parent named when it has one. */
export function summaryOf(row: PlaceRow): PlaceSummary {
  return {
    value: row.value,
    name: row.name,
    province: row.province,
    kind: row.kind,
    ...(row.parent && row.parent_name
      ? { parent: { value: row.parent, name: row.parent_name } }
      : {}),
  };
}
