CREATE TABLE "enquiry_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"response_minutes" integer,
	CONSTRAINT "enquiry_assignments_response_minutes_check" CHECK ("enquiry_assignments"."response_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "enquiry_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"position" integer NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "enquiry_photos_position_check" CHECK ("enquiry_photos"."position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "enquiry_events" DROP CONSTRAINT "enquiry_events_kind_check";--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "brief" jsonb;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiry_assignments" ADD CONSTRAINT "enquiry_assignments_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_assignments" ADD CONSTRAINT "enquiry_assignments_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_photos" ADD CONSTRAINT "enquiry_photos_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_assignments_provider_idx" ON "enquiry_assignments" USING btree ("provider_id","assigned_at");--> statement-breakpoint
CREATE INDEX "enquiry_assignments_enquiry_idx" ON "enquiry_assignments" USING btree ("enquiry_id","assigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "enquiry_photos_enquiry_position_key" ON "enquiry_photos" USING btree ("enquiry_id","position");--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_kind_check" CHECK ("enquiry_events"."kind" IN ('sent', 'seen', 'responded', 'in_progress', 'completed', 'cancelled', 'reassigned'));--> statement-breakpoint
-- Written by hand (issue 14): business hours as SQL reads them, who had a request when,
-- and the first response of each assignment counted in business minutes.
--
-- A time of day as profiles write it ('8:00 AM', '5 PM', '17:30'): minutes from midnight.
CREATE OR REPLACE FUNCTION clock_minutes(hour text, minute text, meridiem text) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN meridiem IS NULL OR meridiem = '' THEN hour::integer * 60 + coalesce(minute, '0')::integer
    WHEN upper(left(meridiem, 1)) = 'P' THEN (hour::integer % 12 + 12) * 60 + coalesce(minute, '0')::integer
    ELSE (hour::integer % 12) * 60 + coalesce(minute, '0')::integer
  END $$;
--> statement-breakpoint
-- The open minutes of one day's hours ('8:00 AM - 5:00 PM' is [480, 1020)); NULL when
-- the day is closed or its text names no time range (it then counts as closed).
CREATE OR REPLACE FUNCTION day_open_minutes(hours text) RETURNS int4range
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN hours ~* '^\s*(open\s+)?24\s*(hours|hrs|h)' THEN int4range(0, 1440)
    ELSE (
      SELECT CASE WHEN t.opens < t.closes AND t.closes <= 1440 THEN int4range(t.opens, t.closes) END
        FROM (
          SELECT clock_minutes(m[1], m[2], m[3]) AS opens,
                 nullif(clock_minutes(m[4], m[5], m[6]), 0) AS closes
            FROM regexp_match(
                   hours,
                   '^\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*(?:-|–|to)\s*(\d{1,2})(?:[:h.](\d{2}))?\s*([AaPp]\.?[Mm]\.?)?\s*$'
                 ) AS m
           WHERE m IS NOT NULL
        ) AS t
    )
  END $$;
--> statement-breakpoint
-- A provider's week: each ISO weekday (1 Monday .. 7 Sunday) with its open minutes. A
-- week with no open minute at all (nothing readable) is the default week of spec
-- section 9, so the clock of a provider always runs somewhere.
CREATE OR REPLACE FUNCTION business_week(hours jsonb) RETURNS TABLE (isodow integer, open int4range)
  LANGUAGE sql IMMUTABLE AS $$
  WITH days(isodow, name) AS (
    VALUES (1, 'monday'), (2, 'tuesday'), (3, 'wednesday'), (4, 'thursday'),
           (5, 'friday'), (6, 'saturday'), (7, 'sunday')
  ), own AS (
    SELECT d.isodow, day_open_minutes(hours ->> d.name) AS open FROM days d
  )
  SELECT isodow, open FROM own WHERE EXISTS (SELECT 1 FROM own WHERE open IS NOT NULL)
  UNION ALL
  SELECT isodow, CASE WHEN isodow <= 5 THEN int4range(480, 1020)
                      WHEN isodow = 6 THEN int4range(540, 780) END
    FROM days WHERE NOT EXISTS (SELECT 1 FROM own WHERE open IS NOT NULL)
$$;
--> statement-breakpoint
-- The business minutes between two instants: the minutes of the provider's open hours,
-- in South African time (UTC+2, no daylight saving), that fall between them. 0 when
-- to_at is not after from_at.
CREATE OR REPLACE FUNCTION business_minutes(hours jsonb, from_at timestamptz, to_at timestamptz)
  RETURNS integer
  LANGUAGE sql STABLE AS $$
  WITH span AS (
    SELECT from_at AT TIME ZONE 'Africa/Johannesburg' AS lo,
           to_at AT TIME ZONE 'Africa/Johannesburg' AS hi
  )
  SELECT coalesce(sum(greatest(0, extract(epoch FROM
           least(span.hi, day.d + make_interval(mins => upper(w.open)))
           - greatest(span.lo, day.d + make_interval(mins => lower(w.open)))
         ) / 60))::integer, 0)
    FROM span
    CROSS JOIN LATERAL generate_series(span.lo::date::timestamp, span.hi::date::timestamp, interval '1 day') AS day(d)
    JOIN business_week(hours) AS w ON w.isodow = extract(isodow FROM day.d) AND w.open IS NOT NULL
   WHERE span.hi > span.lo
$$;
--> statement-breakpoint
-- Requests assigned before this migration: one assignment each, with its response.
INSERT INTO enquiry_assignments (enquiry_id, provider_id, assigned_at, first_response_at, response_minutes)
  SELECT e.id, e.assigned_provider_id, e.created_at, r.at,
         CASE WHEN r.at IS NOT NULL THEN business_minutes(p.business_hours, e.created_at, r.at) END
    FROM customer_enquiries e
    JOIN service_providers p ON p.id = e.assigned_provider_id
    LEFT JOIN LATERAL (
      SELECT min(v.at) AS at FROM enquiry_events v WHERE v.enquiry_id = e.id AND v.kind = 'responded'
    ) r ON true;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER customer_enquiries_reassigned_reset
  BEFORE UPDATE OF assigned_provider_id ON customer_enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiry_reassigned_reset();
--> statement-breakpoint
-- The timeline of 0014, with the assignments: every provider a request goes to has its
-- row, and a request passed on from one provider to another shows 'reassigned' with the
-- new provider's name.
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
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER enquiry_events_first_response
  AFTER INSERT ON enquiry_events
  FOR EACH ROW WHEN (NEW.kind = 'responded') EXECUTE FUNCTION enquiry_first_response();
