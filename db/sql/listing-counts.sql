-- provider_counts (db/schema.ts): approved providers per key (the services they offer,
-- premium, verified_until), so the listing's totals and its four groups need not count
-- every row (docs/decisions/0005 and 0032). Statement-level triggers with transition
-- tables apply one aggregated change per statement, in the same transaction.
--
-- A provider belongs to one key, and only a change of what is counted (approval, premium,
-- verified_until, services) touches the counts: a profile update (price, description,
-- hours, coverage) locks no row but the provider's own, and an approval upserts its
-- key's row alone. No row is shared by every provider, so no provider write queues
-- behind all the others.
CREATE OR REPLACE FUNCTION provider_counts_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed integer[]; -- an update's rows whose counted columns changed; NULL: every row
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := ARRAY(
      SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.is_approved, o.is_premium, o.verified_until, o.services)
             IS DISTINCT FROM (n.is_approved, n.is_premium, n.verified_until, n.services));
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO provider_counts AS c (services, is_premium, verified_until, approved_count)
      SELECT o.services, o.is_premium, o.verified_until, -count(*)
        FROM old_rows o
       WHERE o.is_approved AND (changed IS NULL OR o.id = ANY(changed))
       GROUP BY 1, 2, 3
    ON CONFLICT (services, is_premium, verified_until)
      DO UPDATE SET approved_count = c.approved_count + excluded.approved_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO provider_counts AS c (services, is_premium, verified_until, approved_count)
      SELECT n.services, n.is_premium, n.verified_until, count(*)
        FROM new_rows n
       WHERE n.is_approved AND (changed IS NULL OR n.id = ANY(changed))
       GROUP BY 1, 2, 3
    ON CONFLICT (services, is_premium, verified_until)
      DO UPDATE SET approved_count = c.approved_count + excluded.approved_count;
  END IF;
  -- The keys this change emptied go, so the keys stay as few as the combinations in use.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM provider_counts AS c
     WHERE c.approved_count = 0
       AND (c.services, c.is_premium, c.verified_until) IN (
         SELECT o.services, o.is_premium, o.verified_until FROM old_rows o);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION provider_counts_clear() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM provider_counts;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER provider_counts_after_insert AFTER INSERT ON service_providers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();

CREATE OR REPLACE TRIGGER provider_counts_after_update AFTER UPDATE ON service_providers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();

CREATE OR REPLACE TRIGGER provider_counts_after_delete AFTER DELETE ON service_providers
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_apply();

CREATE OR REPLACE TRIGGER provider_counts_after_truncate AFTER TRUNCATE ON service_providers
  FOR EACH STATEMENT EXECUTE FUNCTION provider_counts_clear();
