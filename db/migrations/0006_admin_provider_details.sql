ALTER TABLE "service_providers" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "business_license" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "insurance" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "team_size" integer;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "established_year" integer;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "completed_jobs" integer;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "response_time" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "emergency_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_team_size_check" CHECK ("service_providers"."team_size" >= 1);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_established_year_check" CHECK ("service_providers"."established_year" >= 1900);--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_completed_jobs_check" CHECK ("service_providers"."completed_jobs" >= 0);