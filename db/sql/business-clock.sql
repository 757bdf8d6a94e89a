-- The business clock: business hours as SQL reads them, and the business minutes between
-- two instants, in South African time (UTC+2, no daylight saving). Used to count a
-- provider's first response (requests.sql) and its responsiveness (src/api/providers/responsiveness.ts).

-- A provider's hours are stored structured (db/schema.ts, businessHours): per weekday
-- {"opens": minutes, "closes": minutes} from midnight, or null when closed. The texts
-- people read ('8:00 AM - 5:00 PM', 'Closed') are written and read in TypeScript only
-- (src/lib/business-hours.ts); nothing here parses text.

-- Earlier definitions read the texts with regular expressions; they are gone.
DROP FUNCTION IF EXISTS day_open_minutes(text);
DROP FUNCTION IF EXISTS clock_minutes(text, text, text);

-- A provider's week: each ISO weekday (1 Monday .. 7 Sunday) with its open minutes. A
-- week with no open day at all (nothing stored) is the default week of spec section 9,
-- so the clock of a provider always runs somewhere.
CREATE OR REPLACE FUNCTION business_week(hours jsonb) RETURNS TABLE (isodow integer, open int4range)
  LANGUAGE sql IMMUTABLE AS $$
  WITH days(isodow, name) AS (
    VALUES (1, 'monday'), (2, 'tuesday'), (3, 'wednesday'), (4, 'thursday'),
           (5, 'friday'), (6, 'saturday'), (7, 'sunday')
  ), own AS (
    SELECT d.isodow,
           CASE WHEN jsonb_typeof(hours -> d.name) = 'object'
                THEN int4range((hours -> d.name ->> 'opens')::integer,
                               (hours -> d.name ->> 'closes')::integer) END AS open
      FROM days d
  )
  SELECT isodow, open FROM own WHERE EXISTS (SELECT 1 FROM own WHERE open IS NOT NULL)
  UNION ALL
  SELECT isodow, CASE WHEN isodow <= 5 THEN int4range(480, 1020)
                      WHEN isodow = 6 THEN int4range(540, 780) END
    FROM days WHERE NOT EXISTS (SELECT 1 FROM own WHERE open IS NOT NULL)
$$;

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

-- Responsiveness asks of every unanswered request of the last 90 days
-- whether 24 business hours have passed on it. business_minutes() walks the days and
-- re-reads the week at each call (about a millisecond): over every request it took
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
