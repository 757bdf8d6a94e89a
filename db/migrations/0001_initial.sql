CREATE TABLE "admin_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" IN ('admin'))
);
--> statement-breakpoint
CREATE TABLE "customer_enquiries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_enquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text,
	"service_type" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"budget" text,
	"urgency" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assigned_provider_id" integer,
	"admin_notes" text,
	"provider_response" text,
	"provider_notes" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_enquiries_service_type_check" CHECK ("customer_enquiries"."service_type" IN ('cctv', 'alarms', 'access', 'network', 'wifi', 'ndi')),
	CONSTRAINT "customer_enquiries_budget_check" CHECK ("customer_enquiries"."budget" IN ('under-1000', '1000-5000', '5000-10000', '10000-25000', '25000-plus', 'flexible')),
	CONSTRAINT "customer_enquiries_urgency_check" CHECK ("customer_enquiries"."urgency" IN ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "customer_enquiries_status_check" CHECK ("customer_enquiries"."status" IN ('new', 'assigned', 'in_progress', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "flash_ads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flash_ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"image_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"display_duration" integer DEFAULT 3000 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_ads_priority_check" CHECK ("flash_ads"."priority" >= 1),
	CONSTRAINT "flash_ads_display_duration_check" CHECK ("flash_ads"."display_duration" >= 1000),
	CONSTRAINT "flash_ads_title_check" CHECK (btrim("flash_ads"."title") <> '' AND btrim("flash_ads"."subtitle") <> '')
);
--> statement-breakpoint
CREATE TABLE "provider_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"location" text NOT NULL,
	"province" text NOT NULL,
	"physical_address" text NOT NULL,
	"services" text[] NOT NULL,
	"years_experience" integer NOT NULL,
	"business_license" text,
	"insurance" text,
	"profile_image" text,
	"previous_work" text,
	"website" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"provider_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_applications_status_check" CHECK ("provider_applications"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "provider_applications_province_check" CHECK ("provider_applications"."province" IN ('gauteng', 'western-cape', 'kwazulu-natal', 'eastern-cape', 'free-state', 'limpopo', 'mpumalanga', 'north-west', 'northern-cape')),
	CONSTRAINT "provider_applications_services_check" CHECK (cardinality("provider_applications"."services") >= 1 AND "provider_applications"."services" <@ ARRAY['cctv', 'alarms', 'access', 'network', 'wifi', 'ndi']::text[] AND has_distinct_elements("provider_applications"."services")),
	CONSTRAINT "provider_applications_years_experience_check" CHECK ("provider_applications"."years_experience" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_counts" (
	"service" text NOT NULL,
	"is_verified" boolean NOT NULL,
	"is_premium" boolean NOT NULL,
	"approved_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_counts_service_is_verified_is_premium_pk" PRIMARY KEY("service","is_verified","is_premium")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"customer_name" text NOT NULL,
	"rating" integer NOT NULL,
	"comment" text NOT NULL,
	"service_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_service_type_check" CHECK ("reviews"."service_type" IN ('cctv', 'alarms', 'access', 'network', 'wifi', 'ndi'))
);
--> statement-breakpoint
CREATE TABLE "service_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "service_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_providers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"province" text NOT NULL,
	"latitude" numeric(10, 8),
	"longitude" numeric(11, 8),
	"services" text[] NOT NULL,
	"profile_image" text,
	"rating" numeric(2, 1) DEFAULT '0.0' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"starting_price" integer DEFAULT 1500 NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"website" text,
	"coverage_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"years_experience" integer DEFAULT 0 NOT NULL,
	"business_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"area_values" text[] GENERATED ALWAYS AS (town_values(ARRAY[location] || coverage_areas)) STORED NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(name || ' ' || description || ' ' || location || ' ' || province || ' ' || replace(province, '-', ' ') || ' ' || text_join(services) || ' ' || text_join(specialties))) STORED NOT NULL,
	CONSTRAINT "service_providers_rating_check" CHECK ("service_providers"."rating" BETWEEN 0 AND 5),
	CONSTRAINT "service_providers_review_count_check" CHECK ("service_providers"."review_count" >= 0),
	CONSTRAINT "service_providers_starting_price_check" CHECK ("service_providers"."starting_price" >= 0),
	CONSTRAINT "service_providers_years_experience_check" CHECK ("service_providers"."years_experience" >= 0),
	CONSTRAINT "service_providers_latitude_check" CHECK ("service_providers"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "service_providers_longitude_check" CHECK ("service_providers"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "service_providers_coordinates_check" CHECK (("service_providers"."latitude" IS NULL) = ("service_providers"."longitude" IS NULL)),
	CONSTRAINT "service_providers_province_check" CHECK ("service_providers"."province" IN ('gauteng', 'western-cape', 'kwazulu-natal', 'eastern-cape', 'free-state', 'limpopo', 'mpumalanga', 'north-west', 'northern-cape')),
	CONSTRAINT "service_providers_services_check" CHECK (cardinality("service_providers"."services") >= 1 AND "service_providers"."services" <@ ARRAY['cctv', 'alarms', 'access', 'network', 'wifi', 'ndi']::text[] AND has_distinct_elements("service_providers"."services"))
);
--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD CONSTRAINT "customer_enquiries_assigned_provider_id_service_providers_id_fk" FOREIGN KEY ("assigned_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_ads" ADD CONSTRAINT "flash_ads_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_reviewed_by_admin_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_provider_id_fkey" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_lower_key" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customer_enquiries_provider_idx" ON "customer_enquiries" USING btree ("assigned_provider_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_enquiries_created_idx" ON "customer_enquiries" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "flash_ads_active_idx" ON "flash_ads" USING btree ("priority","created_at" DESC NULLS FIRST) WHERE "flash_ads"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "provider_applications_provider_id_key" ON "provider_applications" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_applications_pending_email_key" ON "provider_applications" USING btree (lower("email")) WHERE "provider_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "provider_applications_created_idx" ON "provider_applications" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_provider_created_idx" ON "reviews" USING btree ("provider_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_email_lower_key" ON "service_providers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "service_providers_listing_idx" ON "service_providers" USING btree ("is_premium" DESC NULLS FIRST,"is_verified" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"name","id") WHERE "service_providers"."is_approved";--> statement-breakpoint
CREATE INDEX "service_providers_services_idx" ON "service_providers" USING gin ("services");--> statement-breakpoint
CREATE INDEX "service_providers_area_values_idx" ON "service_providers" USING gin ("area_values");--> statement-breakpoint
CREATE INDEX "service_providers_rating_idx" ON "service_providers" USING btree ("rating") WHERE "service_providers"."is_approved";--> statement-breakpoint
CREATE INDEX "service_providers_search_text_idx" ON "service_providers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_providers_earth_idx" ON "service_providers" USING gist (ll_to_earth("latitude"::float8, "longitude"::float8)) WHERE "service_providers"."is_approved";