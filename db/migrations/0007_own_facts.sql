ALTER TABLE "service_providers" ALTER COLUMN "starting_price" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "service_providers" ALTER COLUMN "starting_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "price_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "hours_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "coverage_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "description_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Only the provider's own facts (docs/decisions/0041). Existing providers keep every value
-- except one that is provably a default nobody gave: what approving an application wrote
-- before this change, still exactly as it wrote it. The description it generated
-- ('<business> provides <services> in <town> and surrounds, with <n> years of
-- experience.') and the specialties it copied from the services' names are recognised by
-- their exact text; its starting price (R1500) and business hours (the spec's default
-- week) only on a provider row never updated since the approval created it, since a
-- provider or an admin may have chosen those same values since. The contact person comes
-- from the application wherever the provider has none. Temporary function, gone with the
-- migration's session.
CREATE FUNCTION pg_temp.service_names(services text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(CASE s.id
           WHEN 'cctv' THEN 'CCTV Installations & Repairs'
           WHEN 'alarms' THEN 'Alarm Systems'
           WHEN 'access' THEN 'Access Control'
           WHEN 'network' THEN 'Network Infrastructure'
           WHEN 'wifi' THEN 'Wi-Fi & Internet Solutions'
           WHEN 'ndi' THEN 'NDI Networks'
         END ORDER BY s.n), '{}')
    FROM unnest(services) WITH ORDINALITY AS s(id, n)
$$;--> statement-breakpoint
UPDATE service_providers p
   SET contact_name = a.contact_name
  FROM provider_applications a
 WHERE a.provider_id = p.id
   AND (p.contact_name IS NULL OR btrim(p.contact_name) = '');--> statement-breakpoint
UPDATE service_providers p
   SET description = ''
  FROM provider_applications a
 WHERE a.provider_id = p.id
   AND p.description = a.business_name || ' provides '
         || lower(array_to_string(pg_temp.service_names(a.services), ', '))
         || ' in ' || a.location || ' and surrounds, with ' || a.years_experience
         || ' years of experience.';--> statement-breakpoint
UPDATE service_providers p
   SET specialties = '{}'
  FROM provider_applications a
 WHERE a.provider_id = p.id
   AND cardinality(p.specialties) > 0
   AND p.specialties = pg_temp.service_names(a.services);--> statement-breakpoint
UPDATE service_providers p
   SET starting_price = CASE WHEN p.starting_price = 1500 THEN NULL ELSE p.starting_price END,
       business_hours = CASE
         WHEN p.business_hours = '{"monday": {"opens": 480, "closes": 1020}, "tuesday": {"opens": 480, "closes": 1020}, "wednesday": {"opens": 480, "closes": 1020}, "thursday": {"opens": 480, "closes": 1020}, "friday": {"opens": 480, "closes": 1020}, "saturday": {"opens": 540, "closes": 780}, "sunday": null}'::jsonb
         THEN '{}'::jsonb ELSE p.business_hours END
  FROM provider_applications a
 WHERE a.provider_id = p.id
   AND p.updated_at = p.created_at;
