-- Keeps provider_counts exact: statement-level triggers with transition tables apply one
-- aggregated change per statement (a bulk insert of 100,000 rows is one update per group),
-- in the same transaction as the change itself. Written by hand: drizzle-kit does not
-- generate triggers. See db/schema.ts (providerCounts).
CREATE OR REPLACE FUNCTION provider_counts_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO provider_counts AS c (service, is_verified, is_premium, approved_count)
      SELECT s.service, o.is_verified, o.is_premium, -count(*)
        FROM old_rows o, unnest(o.services || ARRAY['*']) AS s(service)
       WHERE o.is_approved
       GROUP BY 1, 2, 3
    ON CONFLICT (service, is_verified, is_premium)
      DO UPDATE SET approved_count = c.approved_count + excluded.approved_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO provider_counts AS c (service, is_verified, is_premium, approved_count)
      SELECT s.service, n.is_verified, n.is_premium, count(*)
        FROM new_rows n, unnest(n.services || ARRAY['*']) AS s(service)
       WHERE n.is_approved
       GROUP BY 1, 2, 3
    ON CONFLICT (service, is_verified, is_premium)
      DO UPDATE SET approved_count = c.approved_count + excluded.approved_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION provider_counts_clear() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER provider_counts_after_insert AFTER INSERT ON service_providers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();--> statement-breakpoint
CREATE TRIGGER provider_counts_after_update AFTER UPDATE ON service_providers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();--> statement-breakpoint
CREATE TRIGGER provider_counts_after_delete AFTER DELETE ON service_providers
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();--> statement-breakpoint
CREATE TRIGGER provider_counts_after_truncate AFTER TRUNCATE ON service_providers
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_clear();
