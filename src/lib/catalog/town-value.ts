/**
 * The value of a town in the location filter: the lowercase hyphenated name
 * ('Cape Town' -> 'cape-town'). The database computes the same with its
 * `town_value()` function (db/sql/columns.sql) for indexed filtering.
 */
export function townValue(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
