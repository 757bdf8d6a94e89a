-- Extensions and helper functions the tables below rely on. drizzle-kit never writes
-- CREATE EXTENSION, so this migration is written by hand (docs/decisions/0002-search-and-geo-in-postgres.md).
-- On a PostgreSQL server earthdistance is not a trusted extension: a superuser (or Neon's
-- owner role) must run this migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- The location filter's town value: the same rule as townValue() in src/lib/catalog/town-value.ts.
CREATE OR REPLACE FUNCTION town_value(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(btrim(name)), '[^a-z0-9]+', '-', 'g'), '-') $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION town_values(names text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT town_value(n)), '{}') FROM unnest(names) AS n $$;--> statement-breakpoint
-- array_to_string() is only STABLE; generated columns need an IMMUTABLE join.
CREATE OR REPLACE FUNCTION text_join(parts text[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(p, ' '), '') FROM unnest(parts) AS p $$;--> statement-breakpoint
-- Lists of catalog ids (services) must not repeat an id; checks cannot hold subqueries.
CREATE OR REPLACE FUNCTION has_distinct_elements(items text[]) RETURNS boolean
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT count(*) = count(DISTINCT item) FROM unnest(items) AS item $$;
