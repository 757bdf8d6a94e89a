ALTER TABLE "upload_tickets" DROP CONSTRAINT "upload_tickets_purpose_check";--> statement-breakpoint
ALTER TABLE "upload_tickets" ADD CONSTRAINT "upload_tickets_purpose_check" CHECK ("upload_tickets"."purpose" IN ('application-image', 'profile-image', 'admin-image', 'flash-ad-image', 'evidence-document', 'site-photo'));
--> statement-breakpoint
-- Responsiveness (issue 14, point 5) asks of every unanswered request of the last 90 days
-- whether 24 business hours have passed on it. business_minutes() walks the days and
-- re-reads the hours text at each call (about a millisecond): over every request it took
-- seconds. The same count by arithmetic: a provider's week read once into numbers, and a
-- business clock that says how many business minutes of that week have passed since a
-- fixed Monday, so the business minutes between two instants are the difference of two
-- readings (equal to business_minutes(), which an API test checks).
--
-- The week of business_week() as 22 numbers: [1..7] the opening minute of each ISO
-- weekday (Monday first), [8..14] its closing minute (both 0 when closed), [15..22] the
-- open minutes of the week before each day (15: before Monday, 0; 22: the whole week).
CREATE OR REPLACE FUNCTION business_clock(hours jsonb) RETURNS integer[]
  LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  opens integer[] := '{}';
  closes integer[] := '{}';
  before integer[] := '{0}';
  total integer := 0;
  day record;
BEGIN
  FOR day IN SELECT w.isodow, w.open FROM business_week(hours) AS w ORDER BY w.isodow LOOP
    opens := opens || coalesce(lower(day.open), 0);
    closes := closes || coalesce(upper(day.open), 0);
    total := total + coalesce(upper(day.open) - lower(day.open), 0);
    before := before || total;
  END LOOP;
  RETURN opens || closes || before;
END $$;
--> statement-breakpoint
-- The business minutes of a business_clock() week from Monday 5 January 1970, 00:00 in
-- South African time, to an instant (fractional; SA time has no daylight saving).
CREATE OR REPLACE FUNCTION business_clock_minutes(week integer[], at timestamptz) RETURNS numeric
  LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  local timestamp := at AT TIME ZONE 'Africa/Johannesburg';
  days integer := local::date - date '1970-01-05';
  weekday integer := ((days % 7) + 7) % 7;
  minute numeric := extract(epoch FROM local::time) / 60;
BEGIN
  RETURN floor(days / 7.0) * week[22] + week[15 + weekday]
         + least(greatest(minute - week[1 + weekday], 0), week[8 + weekday] - week[1 + weekday]);
END $$;
