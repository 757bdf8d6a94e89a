-- Functions that column definitions, checks and indexes are written with (generated
-- columns, CHECK constraints, expression indexes): migrate applies this file before the
-- migrations, so a migration can use them. A generated column keeps the values it stored: a change here that
-- changes a function's result needs a migration that rewrites the column.

-- The functions that every write of a provider runs (its generated columns and checks) are
-- PL/pgSQL: a LANGUAGE sql function is parsed and planned again in each statement that
-- calls it, and that cost half the CPU of a profile's save. PL/pgSQL keeps its plan for
-- the session (docs/benchmarks.md, 29 November, writes).

-- The location filter's town value: the same rule as townValue() in src/lib/catalog/town-value.ts.
CREATE OR REPLACE FUNCTION town_value(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(btrim(name)), '[^a-z0-9]+', '-', 'g'), '-') $$;

CREATE OR REPLACE FUNCTION town_values(names text[]) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT coalesce(array_agg(DISTINCT town_value(n)), '{}') FROM unnest(names) AS n);
END $$;

-- array_to_string() is only STABLE; generated columns need an IMMUTABLE join.
CREATE OR REPLACE FUNCTION text_join(parts text[]) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN array_to_string(parts, ' '); -- of text, which always prints the same way
END $$;

-- Lists of catalog ids (services) must not repeat an id; checks cannot hold subqueries.
CREATE OR REPLACE FUNCTION has_distinct_elements(items text[]) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN (SELECT count(*) = count(DISTINCT item) FROM unnest(items) AS item);
END $$;

-- A week of business hours as stored (db/schema.ts, businessHours): an object whose keys
-- are weekdays, each null (closed) or {"opens": m, "closes": m} in whole minutes from
-- midnight with 0 <= opens < closes <= 1440. Checks cannot hold subqueries.
CREATE OR REPLACE FUNCTION is_business_week(hours jsonb) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT jsonb_typeof(hours) = 'object' AND coalesce(bool_and(
             d.key IN ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
             AND (jsonb_typeof(d.value) = 'null'
                  OR (jsonb_typeof(d.value) = 'object'
                      AND (SELECT count(*) FROM jsonb_object_keys(d.value)) = 2
                      AND jsonb_typeof(d.value -> 'opens') = 'number'
                      AND jsonb_typeof(d.value -> 'closes') = 'number'
                      AND (d.value ->> 'opens')::numeric = trunc((d.value ->> 'opens')::numeric)
                      AND (d.value ->> 'closes')::numeric = trunc((d.value ->> 'closes')::numeric)
                      AND (d.value ->> 'opens')::numeric >= 0
                      AND (d.value ->> 'opens')::numeric < (d.value ->> 'closes')::numeric
                      AND (d.value ->> 'closes')::numeric <= 1440))), true)
      FROM jsonb_each(CASE WHEN jsonb_typeof(hours) = 'object' THEN hours ELSE '{}' END) AS d);
END $$;

-- The mailbox an address reaches (src/api/mail/mailbox.ts): one rule for every "is this
-- the same person's address" check (one pending application per mailbox, the cap on
-- confirmation mails, a provider's or an admin's own address on a review). Case folded
-- and any `+tag` dropped, so Bob+x@Example.co.za is Bob's mailbox; at Gmail, whose
-- addresses ignore dots and which also answers at googlemail.com, the dots go and the
-- domain is gmail.com, so t.h.a.b.o@googlemail.com is thabo@gmail.com. Elsewhere dots
-- tell mailboxes apart. Here, before the migrations, because the unique index of pending
-- applications is built on it: a change to its result needs a migration that rebuilds
-- that index (REINDEX) and settles the duplicates it would then find.
CREATE OR REPLACE FUNCTION mailbox_of(address text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
           WHEN split_part(folded, '@', 2) IN ('gmail.com', 'googlemail.com')
             THEN replace(split_part(folded, '@', 1), '.', '') || '@gmail.com'
           ELSE folded
         END
    FROM (SELECT regexp_replace(lower(address), '\+[^@]*@', '@') AS folded) AS address_folded
$$;
