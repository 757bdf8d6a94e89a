-- Posting lists for the search (issue 15's speed goal; docs/decisions/0028, "Posting
-- lists"): one row per key holding the sorted ids of the approved providers that have it,
-- so that a search's total and the sizes of its relevance tiers are set algebra on a few
-- arrays (intarray: | union, & intersection, - difference, icount) instead of a visit to
-- every matching row. Keys:
--   s:<service>   offers the service            a:<town value>  area_values holds it
--   p:            premium                        v:              verified on or after as_of
--   w:<token>     a token of search_text         n:<token>       a token of the name's part
-- A token is a run of search_text between whitespace, commas, semicolons and slashes, the
-- characters that part the search box's words (read-search.ts WORD_BREAK): a typed word,
-- which never holds one, is in search_text exactly when it is in one of its tokens.
-- Kept by statement-level triggers on service_providers in the same transaction as each
-- change, as provider_counts is. Written by hand: drizzle-kit does not write extensions,
-- functions or triggers.
CREATE EXTENSION IF NOT EXISTS intarray;--> statement-breakpoint
CREATE TABLE "search_postings" (
  "key" text PRIMARY KEY,
  "ids" integer[] NOT NULL,
  -- 'v:' only: its ids are the providers verified on or after this day. Verified today
  -- is worked out at read time (those that lapsed since are taken out); runDueJobs moves
  -- the day on so that correction stays small.
  "as_of" date
);--> statement-breakpoint
-- Keys are found by what they hold ('camera' in 'w:cameras'): a trigram index.
CREATE INDEX "search_postings_key_trgm_idx" ON "search_postings" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_tokens(body text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT DISTINCT t FROM regexp_split_to_table(body, '[\s,;/]+') AS t WHERE t <> '' $$;--> statement-breakpoint
-- The keys of one provider (none unless approved). The name's part of search_text is its
-- first length(name) characters, as the name test of the SQL search reads it.
CREATE OR REPLACE FUNCTION search_keys(
  is_approved boolean, is_premium boolean, is_verified boolean,
  services text[], area_values text[], search_text text, name text
) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT k FROM (
    SELECT 's:' || s FROM unnest(services) AS s
    UNION SELECT 'a:' || a FROM unnest(area_values) AS a
    UNION SELECT 'p:' WHERE is_premium
    UNION SELECT 'v:' WHERE is_verified
    UNION SELECT 'w:' || t FROM search_tokens(search_text) AS t
    UNION SELECT 'n:' || t FROM search_tokens(left(search_text, length(name))) AS t
  ) AS keys(k)
  WHERE is_approved
$$;--> statement-breakpoint
-- The day the 'v:' posting counts from, its row made if missing (a cleared table).
CREATE OR REPLACE FUNCTION search_postings_since() RETURNS date
  LANGUAGE plpgsql AS $$
DECLARE
  since date;
BEGIN
  INSERT INTO search_postings (key, ids, as_of) VALUES ('v:', '{}', sa_today())
    ON CONFLICT (key) DO NOTHING;
  -- Locked until the transaction ends: a refresh of 'v:' waits for this change.
  SELECT as_of INTO since FROM search_postings WHERE key = 'v:' FOR UPDATE;
  RETURN since;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  since date := search_postings_since();
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_postings AS sp (key, ids)
      SELECT k, sort(array_agg(n.id))
        FROM new_rows AS n,
             search_keys(n.is_approved, n.is_premium, n.verified_until >= since,
                         n.services, n.area_values, n.search_text, n.name) AS k
       GROUP BY k
    ON CONFLICT (key) DO UPDATE SET ids = sp.ids | excluded.ids;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE search_postings AS sp SET ids = sp.ids - gone.ids
      FROM (SELECT k, array_agg(o.id) AS ids
              FROM old_rows AS o,
                   search_keys(o.is_approved, o.is_premium, o.verified_until >= since,
                               o.services, o.area_values, o.search_text, o.name) AS k
             GROUP BY k) AS gone
     WHERE sp.key = gone.k;
  ELSE
    -- Only rows whose keys may have changed (a new rating changes none). One statement:
    -- the keys that exist lose and gain ids in one update each, new keys are inserted.
    WITH changed AS (
      SELECT o.id,
             o.is_approved AS o_approved, o.is_premium AS o_premium,
             o.verified_until >= since AS o_verified, o.services AS o_services,
             o.area_values AS o_areas, o.search_text AS o_text, o.name AS o_name,
             n.is_approved AS n_approved, n.is_premium AS n_premium,
             n.verified_until >= since AS n_verified, n.services AS n_services,
             n.area_values AS n_areas, n.search_text AS n_text, n.name AS n_name
        FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
       WHERE (o.is_approved, o.is_premium, o.verified_until, o.services, o.area_values,
              o.search_text, o.name)
             IS DISTINCT FROM
             (n.is_approved, n.is_premium, n.verified_until, n.services, n.area_values,
              n.search_text, n.name)
    ),
    before AS (
      SELECT c.id, k FROM changed AS c,
        search_keys(o_approved, o_premium, o_verified, o_services, o_areas, o_text, o_name) AS k
    ),
    after AS (
      SELECT c.id, k FROM changed AS c,
        search_keys(n_approved, n_premium, n_verified, n_services, n_areas, n_text, n_name) AS k
    ),
    per_key AS (
      SELECT k AS key,
             coalesce(array_agg(id) FILTER (WHERE sign < 0), '{}') AS gone,
             coalesce(sort(array_agg(id) FILTER (WHERE sign > 0)), '{}') AS came
        FROM (SELECT id, k, -1 FROM (SELECT * FROM before EXCEPT SELECT * FROM after) AS b
              UNION ALL
              SELECT id, k, 1 FROM (SELECT * FROM after EXCEPT SELECT * FROM before) AS a)
             AS changes(id, k, sign)
       GROUP BY k
    ),
    updated AS (
      UPDATE search_postings AS sp SET ids = (sp.ids - per_key.gone) | per_key.came
        FROM per_key WHERE sp.key = per_key.key
      RETURNING sp.key
    )
    INSERT INTO search_postings AS sp (key, ids)
      SELECT key, came FROM per_key
       WHERE cardinality(came) > 0 AND key NOT IN (SELECT key FROM updated)
    ON CONFLICT (key) DO UPDATE SET ids = sp.ids | excluded.ids;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_postings_clear() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_postings;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_postings_after_insert AFTER INSERT ON service_providers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_apply();--> statement-breakpoint
CREATE TRIGGER search_postings_after_update AFTER UPDATE ON service_providers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_apply();--> statement-breakpoint
CREATE TRIGGER search_postings_after_delete AFTER DELETE ON service_providers
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_apply();--> statement-breakpoint
CREATE TRIGGER search_postings_after_truncate AFTER TRUNCATE ON service_providers
  FOR EACH STATEMENT EXECUTE FUNCTION search_postings_clear();--> statement-breakpoint
-- The verified posting counted from today (runDueJobs calls this daily; a search works
-- out today's set whatever its day).
CREATE OR REPLACE FUNCTION search_postings_refresh_verified() RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  today date := sa_today();
BEGIN
  IF search_postings_since() < today THEN
    UPDATE search_postings
       SET as_of = today,
           ids = (SELECT coalesce(sort(array_agg(id)), '{}') FROM service_providers
                   WHERE is_approved AND verified_until >= today)
     WHERE key = 'v:';
  END IF;
END
$$;--> statement-breakpoint
INSERT INTO search_postings (key, ids, as_of) VALUES ('v:', '{}', sa_today());--> statement-breakpoint
INSERT INTO search_postings AS sp (key, ids)
  SELECT k, sort(array_agg(p.id))
    FROM service_providers AS p,
         search_keys(p.is_approved, p.is_premium, p.verified_until >= sa_today(),
                     p.services, p.area_values, p.search_text, p.name) AS k
   GROUP BY k
ON CONFLICT (key) DO UPDATE SET ids = sp.ids | excluded.ids;
--> statement-breakpoint
-- The union of many postings (intarray's | as an aggregate): a term's alternatives.
CREATE AGGREGATE search_union(integer[]) (SFUNC = _int_union, STYPE = integer[], INITCOND = '{}');
