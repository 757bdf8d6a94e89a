-- service_providers again, its columns in the order the listing reads them (decision 0056):
-- PostgreSQL finds a column of a row by stepping over every column before it, and a
-- search reads its words, places and order keys on thousands of rows, where search_text
-- stood 37th. First the columns of fixed width that are never null, then the search's and
-- the listing's, then the rest. The rows, ids, constraints, indexes and references stay
-- as they were; the triggers come back from db/sql/ (its files are applied again below).
CREATE TABLE "service_providers_reordered" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_providers_reordered_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"is_approved" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"verified_until" date DEFAULT '-infinity' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"years_experience" integer DEFAULT 0 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"emergency_service" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rating" numeric(2, 1) DEFAULT '0.0' NOT NULL,
	"name" text NOT NULL,
	"area_values" text[] GENERATED ALWAYS AS (town_values(ARRAY[location] || coverage_areas)) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description || ' ' || location || ' ' || province || ' ' || replace(province, '-', ' ') || ' ' || text_join(services) || ' ' || text_join(specialties))) STORED NOT NULL,
	"services" text[] NOT NULL,
	"location" text NOT NULL,
	"province" text NOT NULL,
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"legal_form" text DEFAULT 'company' NOT NULL,
	"starting_price" integer,
	"coverage_areas" text[] DEFAULT '{}' NOT NULL,
	"specialties" text[] DEFAULT '{}' NOT NULL,
	"profile_image" text,
	"description" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"website" text,
	"business_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_name" text,
	"business_license" text,
	"insurance" text,
	"team_size" integer,
	"established_year" integer,
	"completed_jobs" integer,
	"response_time" text,
	"password_hash" text,
	"price_confirmed_at" timestamp with time zone,
	"hours_confirmed_at" timestamp with time zone,
	"coverage_confirmed_at" timestamp with time zone,
	"description_confirmed_at" timestamp with time zone,
	"vat_number" text,
	"registered_name" text,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "service_providers_reordered" (
	"id", "is_approved", "is_premium", "verified_until", "review_count", "years_experience",
	"token_version", "emergency_service", "created_at", "updated_at", "rating", "name",
	"services", "location", "province", "latitude", "longitude", "legal_form",
	"starting_price", "coverage_areas", "specialties", "profile_image", "description",
	"phone", "email", "website", "business_hours", "contact_name", "business_license",
	"insurance", "team_size", "established_year", "completed_jobs", "response_time",
	"password_hash", "price_confirmed_at", "hours_confirmed_at", "coverage_confirmed_at",
	"description_confirmed_at", "vat_number", "registered_name", "closed_at"
) OVERRIDING SYSTEM VALUE
SELECT
	"id", "is_approved", "is_premium", "verified_until", "review_count", "years_experience",
	"token_version", "emergency_service", "created_at", "updated_at", "rating", "name",
	"services", "location", "province", "latitude", "longitude", "legal_form",
	"starting_price", "coverage_areas", "specialties", "profile_image", "description",
	"phone", "email", "website", "business_hours", "contact_name", "business_license",
	"insurance", "team_size", "established_year", "completed_jobs", "response_time",
	"password_hash", "price_confirmed_at", "hours_confirmed_at", "coverage_confirmed_at",
	"description_confirmed_at", "vat_number", "registered_name", "closed_at"
FROM "service_providers" ORDER BY "id";
--> statement-breakpoint
-- The next id continues where the old table's sequence stood: a deleted provider's id is
-- never given again.
SELECT setval('service_providers_reordered_id_seq', s.last_value, s.is_called)
  FROM service_providers_id_seq AS s;
--> statement-breakpoint
DROP TABLE "service_providers" CASCADE;
--> statement-breakpoint
ALTER TABLE "service_providers_reordered" RENAME TO "service_providers";
--> statement-breakpoint
ALTER SEQUENCE "service_providers_reordered_id_seq" RENAME TO "service_providers_id_seq";
--> statement-breakpoint
ALTER INDEX "service_providers_reordered_pkey" RENAME TO "service_providers_pkey";
--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_rating_check" CHECK ("service_providers"."rating" BETWEEN 0 AND 5);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_review_count_check" CHECK ("service_providers"."review_count" >= 0);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_starting_price_check" CHECK ("service_providers"."starting_price" >= 0);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_business_hours_check" CHECK (is_business_week("service_providers"."business_hours"));--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_years_experience_check" CHECK ("service_providers"."years_experience" >= 0);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_team_size_check" CHECK ("service_providers"."team_size" >= 1);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_established_year_check" CHECK ("service_providers"."established_year" >= 1900);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_completed_jobs_check" CHECK ("service_providers"."completed_jobs" >= 0);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_latitude_check" CHECK ("service_providers"."latitude" BETWEEN -90 AND 90);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_longitude_check" CHECK ("service_providers"."longitude" BETWEEN -180 AND 180);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_coordinates_check" CHECK (("service_providers"."latitude" IS NULL) = ("service_providers"."longitude" IS NULL));--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_province_check" CHECK ("service_providers"."province" IN ('gauteng', 'western-cape', 'kwazulu-natal', 'eastern-cape', 'free-state', 'limpopo', 'mpumalanga', 'north-west', 'northern-cape'));--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_services_check" CHECK (cardinality("service_providers"."services") >= 1 AND "service_providers"."services" <@ ARRAY['cctv', 'alarms', 'access', 'network', 'wifi', 'ndi']::text[] AND has_distinct_elements("service_providers"."services"));--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_legal_form_check" CHECK ("service_providers"."legal_form" IN ('company', 'sole_trader'));--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_vat_number_check" CHECK ("service_providers"."vat_number" ~ '^4[0-9]{9}$');--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_vat_registration_check" CHECK (("service_providers"."vat_number" IS NULL) = ("service_providers"."registered_name" IS NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_email_lower_key" ON "service_providers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "service_providers_area_search_idx" ON "service_providers" USING gin ("area_values","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_created_idx" ON "service_providers" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "service_providers_earth_idx" ON "service_providers" USING gist (ll_to_earth("latitude"::float8, "longitude"::float8)) WHERE "is_approved";--> statement-breakpoint
CREATE INDEX "service_providers_ranking_idx" ON "service_providers" USING btree ("is_premium" DESC, "rating" DESC, "name", "id") WHERE "is_approved";--> statement-breakpoint
CREATE INDEX "service_providers_rating_idx" ON "service_providers" USING btree ("rating") WHERE "is_approved";--> statement-breakpoint
CREATE INDEX "service_providers_services_idx" ON "service_providers" USING gin ("services");--> statement-breakpoint
CREATE INDEX "service_providers_verified_until_idx" ON "service_providers" USING btree ("is_premium", "verified_until") WHERE "is_approved";--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD CONSTRAINT "customer_enquiries_assigned_provider_id_service_providers_id_fk" FOREIGN KEY ("assigned_provider_id") REFERENCES "service_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "enquiry_assignments" ADD CONSTRAINT "enquiry_assignments_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "evidence_documents" ADD CONSTRAINT "evidence_documents_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "provider_checks" ADD CONSTRAINT "provider_checks_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "provider_sign_ins" ADD CONSTRAINT "provider_sign_ins_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "provider_work_photos" ADD CONSTRAINT "provider_work_photos_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "service_providers"("id") ON DELETE CASCADE;--> statement-breakpoint
-- The triggers went with the old table: every db/sql/ file is applied again after the
-- migrations (columns.sql, applied before them, holds no trigger).
DELETE FROM drizzle.sql_sources WHERE name <> 'columns.sql';--> statement-breakpoint
ANALYZE "service_providers";
