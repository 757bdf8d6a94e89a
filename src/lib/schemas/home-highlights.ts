/**
 * Query of GET /api/home/highlights: the visitor's position (rounded, see
 * src/lib/home-highlights.ts) when they asked for providers near them, else nothing.
 */
import * as z from 'zod/mini';

const coordinate = (name: string, limit: number) => {
  const message = `${name} must be a number from -${limit} to ${limit}`;
  return z.optional(
    z.pipe(
      z.transform((value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined,
      ),
      z.optional(z.number({ error: message }).check(z.gte(-limit, message), z.lte(limit, message))),
    ),
  );
};

export const HomeHighlightsQuerySchema = z
  .object({ lat: coordinate('lat', 90), lng: coordinate('lng', 180) })
  .check(
    z.refine((q) => (q.lat === undefined) === (q.lng === undefined), {
      message: 'lat and lng must be given together',
      path: ['lat'],
    }),
  );

export type HomeHighlightsQuery = z.output<typeof HomeHighlightsQuerySchema>;
