-- Verification is derived from the check records (docs/decisions/0014-derived-verification.md):
-- a provider's verified_until is the earliest expiry of its required checks when every
-- one has passed, and is worked out again whenever its checks, services or legal form
-- change. Whether it is verified today is read at query time (verified_until >= today).

-- Today in South Africa (no daylight saving): the day a check's last valid day is compared with.
CREATE OR REPLACE FUNCTION sa_today() RETURNS date
  LANGUAGE sql STABLE AS $$ SELECT (now() AT TIME ZONE 'Africa/Johannesburg')::date $$;

-- The checks a provider must pass: the same rule as requiredChecks() in
-- src/lib/catalog/checks.ts (tests/api/verification.test.ts compares the two).
CREATE OR REPLACE FUNCTION required_check_types(services text[], legal_form text) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['identity']
    || CASE WHEN legal_form = 'company' THEN ARRAY['company_registration'] ELSE ARRAY[]::text[] END
    || CASE WHEN services && ARRAY['cctv', 'alarms', 'access'] THEN ARRAY['psira'] ELSE ARRAY[]::text[] END
    || ARRAY['insurance', 'criminal_record', 'references']
$$;

-- The earliest expiry of the required checks when every one has passed, else '-infinity'.
CREATE OR REPLACE FUNCTION provider_verified_until(provider integer, services text[], legal_form text)
  RETURNS date LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(c.id) = count(*) AND bool_and(c.status = 'passed')
              THEN min(c.valid_until) ELSE '-infinity'::date END
    FROM unnest(required_check_types(services, legal_form)) AS r(check_type)
    LEFT JOIN provider_checks c ON c.provider_id = provider AND c.check_type = r.check_type
$$;

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
END $$;

CREATE OR REPLACE TRIGGER service_providers_derive_verified_until_on_insert
  BEFORE INSERT ON service_providers
  FOR EACH ROW EXECUTE FUNCTION service_providers_derive_verified_until();

CREATE OR REPLACE TRIGGER service_providers_derive_verified_until_on_update
  BEFORE UPDATE OF services, legal_form, verified_until ON service_providers
  FOR EACH ROW EXECUTE FUNCTION service_providers_derive_verified_until();

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
END $$;

CREATE OR REPLACE TRIGGER provider_checks_after_insert AFTER INSERT ON provider_checks
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_checks_refresh_providers();

CREATE OR REPLACE TRIGGER provider_checks_after_update AFTER UPDATE ON provider_checks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_checks_refresh_providers();

CREATE OR REPLACE TRIGGER provider_checks_after_delete AFTER DELETE ON provider_checks
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_checks_refresh_providers();
