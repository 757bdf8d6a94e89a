import { sql } from 'drizzle-orm';
import type { Queryable } from './client.ts';
import { reviews as r, serviceProviders } from './schema.ts';

/**
 * Each provider's rating (average, one decimal) and review count from its visible reviews
 * (neither hidden nor held), in one statement; no visible reviews: 0.0 and 0. The one
 * place these numbers are computed: recomputeRating (src/api/reviews) after each review
 * change, and the seed after writing its review rows.
 */
export async function recomputeRatings(
  db: Queryable,
  providerIds: readonly number[],
): Promise<void> {
  if (providerIds.length === 0) return;
  const ids = sql`ARRAY[${sql.join(
    providerIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  await db.execute(sql`
    UPDATE ${serviceProviders} AS p
    SET rating = coalesce(v.rating, 0), review_count = coalesce(v.review_count, 0)
    FROM unnest(${ids}) AS ids(id)
    LEFT JOIN (
      SELECT provider_id, round(avg(rating)::numeric, 1) AS rating, count(*)::int AS review_count
      FROM ${r}
      WHERE hidden_at IS NULL AND held_at IS NULL AND provider_id = ANY(${ids})
      GROUP BY provider_id
    ) AS v ON v.provider_id = ids.id
    WHERE p.id = ids.id`);
}
