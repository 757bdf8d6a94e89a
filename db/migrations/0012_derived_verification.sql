-- Verification is derived from the check records (docs/decisions/0014-derived-verification.md).
-- Written by hand around the statements drizzle-kit generated: drizzle-kit does not
-- generate functions or triggers. The admin's is_verified flag goes; no record means no
-- badge, so providers verified by the flag alone are unverified until their checks are
-- recorded.

-- provider_counts groups by verified_until instead of the flag: the counts of providers
-- verified today are the groups whose day is today or later.
CREATE OR REPLACE FUNCTION provider_counts_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO provider_counts AS c (service, is_premium, verified_until, approved_count)
      SELECT s.service, o.is_premium, o.verified_until, -count(*)
        FROM old_rows o, unnest(o.services || ARRAY['*']) AS s(service)
       WHERE o.is_approved
       GROUP BY 1, 2, 3
    ON CONFLICT (service, is_premium, verified_until)
      DO UPDATE SET approved_count = c.approved_count + excluded.approved_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO provider_counts AS c (service, is_premium, verified_until, approved_count)
      SELECT s.service, n.is_premium, n.verified_until, count(*)
        FROM new_rows n, unnest(n.services || ARRAY['*']) AS s(service)
       WHERE n.is_approved
       GROUP BY 1, 2, 3
    ON CONFLICT (service, is_premium, verified_until)
      DO UPDATE SET approved_count = c.approved_count + excluded.approved_count;
  END IF;
  -- Groups that reached zero go, so the groups stay as few as the days in use.
  DELETE FROM provider_counts WHERE approved_count = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM provider_counts;--> statement-breakpoint
DROP INDEX "service_providers_listing_idx";--> statement-breakpoint
ALTER TABLE "provider_counts" DROP CONSTRAINT "provider_counts_service_is_verified_is_premium_pk";--> statement-breakpoint
ALTER TABLE "provider_counts" ADD CONSTRAINT "provider_counts_service_is_premium_verified_until_pk" PRIMARY KEY("service","is_premium","verified_until");--> statement-breakpoint
ALTER TABLE "provider_counts" DROP COLUMN "is_verified";--> statement-breakpoint
ALTER TABLE "service_providers" DROP COLUMN "is_verified";--> statement-breakpoint
-- Today in South Africa (no daylight saving): the day a check's last valid day is compared with.
CREATE OR REPLACE FUNCTION sa_today() RETURNS date
  LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'Africa/Johannesburg')::date $$;--> statement-breakpoint
-- The checks a provider must pass: the same rule as requiredChecks() in
-- src/lib/catalog/checks.ts (tests/api/verification.test.ts compares the two).
CREATE OR REPLACE FUNCTION required_check_types(services text[], legal_form text) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['identity']
    || CASE WHEN legal_form = 'company' THEN ARRAY['company_registration'] ELSE ARRAY[]::text[] END
    || CASE WHEN services && ARRAY['cctv', 'alarms', 'access'] THEN ARRAY['psira'] ELSE ARRAY[]::text[] END
    || ARRAY['insurance', 'criminal_record', 'references']
$$;--> statement-breakpoint
-- The earliest expiry of the required checks when every one has passed, else '-infinity'.
CREATE OR REPLACE FUNCTION provider_verified_until(provider integer, services text[], legal_form text)
  RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(c.id) = count(*) AND bool_and(c.status = 'passed')
              THEN min(c.valid_until) ELSE '-infinity'::date END
    FROM unnest(required_check_types(services, legal_form)) AS r(check_type)
    LEFT JOIN provider_checks c ON c.provider_id = provider AND c.check_type = r.check_type
$$;--> statement-breakpoint
-- verified_until is never taken from a write: a new provider has no checks yet, and an
-- update of its services, legal form or verified_until recomputes it from the checks.
CREATE OR REPLACE FUNCTION service_providers_derive_verified_until() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.verified_until := '-infinity'::date;
  ELSE
    NEW.verified_until := provider_verified_until(NEW.id, NEW.services, NEW.legal_form);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER service_providers_derive_verified_until_on_insert BEFORE INSERT ON service_providers
  FOR EACH ROW EXECUTE FUNCTION service_providers_derive_verified_until();--> statement-breakpoint
CREATE TRIGGER service_providers_derive_verified_until_on_update
  BEFORE UPDATE OF services, legal_form, verified_until ON service_providers
  FOR EACH ROW EXECUTE FUNCTION service_providers_derive_verified_until();--> statement-breakpoint
-- A change to check records recomputes their providers (one update per statement).
CREATE OR REPLACE FUNCTION provider_checks_refresh_providers() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE service_providers p SET verified_until = p.verified_until
     WHERE p.id IN (SELECT provider_id FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE service_providers p SET verified_until = p.verified_until
     WHERE p.id IN (SELECT provider_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER provider_checks_after_insert AFTER INSERT ON provider_checks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_checks_refresh_providers();--> statement-breakpoint
CREATE TRIGGER provider_checks_after_update AFTER UPDATE ON provider_checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_checks_refresh_providers();--> statement-breakpoint
CREATE TRIGGER provider_checks_after_delete AFTER DELETE ON provider_checks
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_checks_refresh_providers();--> statement-breakpoint
INSERT INTO provider_counts (service, is_premium, verified_until, approved_count)
  SELECT s.service, p.is_premium, p.verified_until, count(*)
    FROM service_providers p, unnest(p.services || ARRAY['*']) AS s(service)
   WHERE p.is_approved
   GROUP BY 1, 2, 3;
