CREATE TABLE "provider_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"check_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"insurer" text,
	"cover_amount" integer,
	"checked_by" integer,
	"checked_at" timestamp with time zone,
	"valid_until" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_checks_type_check" CHECK ("provider_checks"."check_type" IN ('identity', 'company_registration', 'psira', 'insurance', 'criminal_record', 'references', 'saidsa', 'electrical_registration', 'electric_fence', 'icasa')),
	CONSTRAINT "provider_checks_status_check" CHECK ("provider_checks"."status" IN ('pending', 'passed', 'failed', 'not_applicable')),
	CONSTRAINT "provider_checks_passed_check" CHECK ("provider_checks"."status" <> 'passed' OR ("provider_checks"."checked_at" IS NOT NULL AND "provider_checks"."valid_until" IS NOT NULL)),
	CONSTRAINT "provider_checks_cover_amount_check" CHECK ("provider_checks"."cover_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_counts" ADD COLUMN "verified_until" date DEFAULT '-infinity'::date NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "verified_until" date DEFAULT '-infinity'::date NOT NULL;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "legal_form" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_checks" ADD CONSTRAINT "provider_checks_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_checks" ADD CONSTRAINT "provider_checks_checked_by_admin_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_checks_provider_type_key" ON "provider_checks" USING btree ("provider_id","check_type");--> statement-breakpoint
CREATE INDEX "provider_checks_valid_until_idx" ON "provider_checks" USING btree ("valid_until") WHERE "provider_checks"."status" = 'passed';--> statement-breakpoint
CREATE INDEX "service_providers_ranking_idx" ON "service_providers" USING btree ("is_premium" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"name","id") WHERE "service_providers"."is_approved";--> statement-breakpoint
CREATE INDEX "service_providers_verified_until_idx" ON "service_providers" USING btree ("is_premium","verified_until") WHERE "service_providers"."is_approved";--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_legal_form_check" CHECK ("service_providers"."legal_form" IN ('company', 'sole_trader'));