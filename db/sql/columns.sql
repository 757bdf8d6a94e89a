-- Functions that column definitions and checks are written with (generated columns,
-- CHECK constraints): migrate applies this file before the migrations, so a migration
-- can use them. A generated column keeps the values it stored: a change here that
-- changes a function's result needs a migration that rewrites the column.

-- The location filter's town value: the same rule as townValue() in src/lib/catalog/town-value.ts.
CREATE OR REPLACE FUNCTION town_value(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(btrim(name)), '[^a-z0-9]+', '-', 'g'), '-') $$;

CREATE OR REPLACE FUNCTION town_values(names text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT town_value(n)), '{}') FROM unnest(names) AS n $$;

-- array_to_string() is only STABLE; generated columns need an IMMUTABLE join.
CREATE OR REPLACE FUNCTION text_join(parts text[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(p, ' '), '') FROM unnest(parts) AS p $$;

-- Lists of catalog ids (services) must not repeat an id; checks cannot hold subqueries.
CREATE OR REPLACE FUNCTION has_distinct_elements(items text[]) RETURNS boolean
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT count(*) = count(DISTINCT item) FROM unnest(items) AS item $$;
