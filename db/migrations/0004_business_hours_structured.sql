-- Business hours stored structured (docs/decisions/0035): per weekday {"opens", "closes"}
-- in minutes from midnight, or null when closed, instead of the texts that SQL read with
-- regular expressions. Each stored text is read here once, as day_open_minutes() read it:
-- 'Open 24 hours' is the whole day; a time range in order is that range (a closing
-- time of midnight, or a text that names no range, is closed). Temporary functions, gone
-- with the migration's session.
CREATE FUNCTION pg_temp.clock_minutes(hour text, minute text, meridiem text) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN meridiem IS NULL OR meridiem = '' THEN hour::integer * 60 + coalesce(minute, '0')::integer
    WHEN upper(left(meridiem, 1)) = 'P' THEN (hour::integer % 12 + 12) * 60 + coalesce(minute, '0')::integer
    ELSE (hour::integer % 12) * 60 + coalesce(minute, '0')::integer
  END $$;--> statement-breakpoint
CREATE FUNCTION pg_temp.stored_day(hours text) RETURNS jsonb
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN hours ~* '^\s*(open\s+)?24\s*(hours|hrs|h)' THEN '{"opens": 0, "closes": 1440}'::jsonb
    ELSE (
      SELECT CASE WHEN t.opens < t.closes AND t.closes <= 1440
                  THEN jsonb_build_object('opens', t.opens, 'closes', t.closes) END
        FROM (
          SELECT pg_temp.clock_minutes(m[1], m[2], m[3]) AS opens,
                 nullif(pg_temp.clock_minutes(m[4], m[5], m[6]), 0) AS closes
            FROM regexp_match(
                   hours,
                   '^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*(?:-|–|to)\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*$'
                 ) AS m
           WHERE m IS NOT NULL
        ) AS t
    )
  END $$;--> statement-breakpoint
UPDATE service_providers p
   SET business_hours = coalesce((
     SELECT jsonb_object_agg(d.key, pg_temp.stored_day(d.value))
       FROM jsonb_each_text(p.business_hours) AS d(key, value)
      WHERE d.key IN ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
   ), '{}'::jsonb)
 WHERE business_hours <> '{}'::jsonb;--> statement-breakpoint
-- A week without an open day is stored as no days, as the business clock counts it (the
-- default week) and as src/lib/business-hours.ts writes it.
UPDATE service_providers
   SET business_hours = '{}'::jsonb
 WHERE business_hours <> '{}'::jsonb
   AND NOT EXISTS (SELECT FROM jsonb_each(business_hours) AS d WHERE jsonb_typeof(d.value) = 'object');--> statement-breakpoint
DROP FUNCTION pg_temp.stored_day(text);--> statement-breakpoint
DROP FUNCTION pg_temp.clock_minutes(text, text, text);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_business_hours_check" CHECK (is_business_week("service_providers"."business_hours"));