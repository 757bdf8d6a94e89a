-- A request's life, kept by triggers so that every path that changes a request (the form,
-- the provider's dashboard, the enquiry desk, the customer's status page) leaves its mark:
-- closed_at follows the status, the timeline (enquiry_events) records each step, every
-- provider a request goes to has its assignment, and the first response of an
-- assignment is counted in business minutes (business-clock.sql).

CREATE OR REPLACE FUNCTION enquiry_closed_at() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('completed', 'cancelled') THEN
    IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
      NEW.closed_at := coalesce(NEW.closed_at, OLD.closed_at, now());
    ELSE
      NEW.closed_at := now();
    END IF;
  ELSE
    NEW.closed_at := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER customer_enquiries_closed_at
  BEFORE INSERT OR UPDATE OF status, closed_at ON customer_enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiry_closed_at();

-- A new provider has not seen the request, nor been reminded of it.
CREATE OR REPLACE FUNCTION enquiry_reassigned_reset() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.assigned_provider_id IS DISTINCT FROM OLD.assigned_provider_id THEN
    NEW.seen_at := NULL;
    NEW.reminded_at := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER customer_enquiries_reassigned_reset
  BEFORE UPDATE OF assigned_provider_id ON customer_enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiry_reassigned_reset();

-- The timeline: a request passed on from one provider to another shows 'reassigned' with
-- the new provider's name.
CREATE OR REPLACE FUNCTION enquiry_timeline() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enquiry_events (enquiry_id, kind, at) VALUES (NEW.id, 'sent', NEW.created_at);
    IF NEW.assigned_provider_id IS NOT NULL THEN
      INSERT INTO enquiry_assignments (enquiry_id, provider_id, assigned_at)
        VALUES (NEW.id, NEW.assigned_provider_id, NEW.created_at);
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.assigned_provider_id IS DISTINCT FROM OLD.assigned_provider_id THEN
    UPDATE enquiry_assignments SET ended_at = now()
     WHERE enquiry_id = NEW.id AND ended_at IS NULL;
    IF NEW.assigned_provider_id IS NOT NULL THEN
      INSERT INTO enquiry_assignments (enquiry_id, provider_id) VALUES (NEW.id, NEW.assigned_provider_id);
      IF OLD.assigned_provider_id IS NOT NULL THEN
        INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
          SELECT NEW.id, 'reassigned', p.name, now()
            FROM service_providers p WHERE p.id = NEW.assigned_provider_id;
      END IF;
    END IF;
  END IF;
  IF OLD.seen_at IS NULL AND NEW.seen_at IS NOT NULL THEN
    INSERT INTO enquiry_events (enquiry_id, kind, at) VALUES (NEW.id, 'seen', NEW.seen_at);
  END IF;
  IF NEW.provider_response IS NOT NULL
     AND NEW.provider_response IS DISTINCT FROM OLD.provider_response THEN
    INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
      VALUES (NEW.id, 'responded', NEW.provider_response, coalesce(NEW.responded_at, now()));
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NEW.status IN ('in_progress', 'completed', 'cancelled') THEN
    INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
      VALUES (NEW.id, NEW.status,
              CASE WHEN NEW.status = 'cancelled' THEN NEW.cancel_reason END, now());
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER customer_enquiries_timeline
  AFTER INSERT OR UPDATE ON customer_enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiry_timeline();

-- The first response within an assignment, with the business minutes it took.
CREATE OR REPLACE FUNCTION enquiry_first_response() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE enquiry_assignments a
     SET first_response_at = NEW.at,
         response_minutes = business_minutes(p.business_hours, a.assigned_at, NEW.at)
    FROM service_providers p
   WHERE a.enquiry_id = NEW.enquiry_id AND a.ended_at IS NULL
     AND a.first_response_at IS NULL AND p.id = a.provider_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER enquiry_events_first_response
  AFTER INSERT ON enquiry_events
  FOR EACH ROW WHEN (NEW.kind = 'responded') EXECUTE FUNCTION enquiry_first_response();
