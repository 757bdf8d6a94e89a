import { sql, type SQL } from 'drizzle-orm';

/** A text[] literal of these values, each a bound parameter. */
export const textArray = (values: readonly string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
