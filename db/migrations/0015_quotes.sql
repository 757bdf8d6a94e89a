CREATE TABLE "job_variations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_variations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"vat_percent" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "job_variations_number_check" CHECK ("job_variations"."number" >= 1),
	CONSTRAINT "job_variations_totals_check" CHECK ("job_variations"."subtotal_cents" >= 0 AND "job_variations"."vat_cents" = round("job_variations"."subtotal_cents" * "job_variations"."vat_percent" / 100.0) AND "job_variations"."total_cents" = "job_variations"."subtotal_cents" + "job_variations"."vat_cents"),
	CONSTRAINT "job_variations_decision_check" CHECK (NOT ("job_variations"."approved_at" IS NOT NULL AND "job_variations"."declined_at" IS NOT NULL) AND ("job_variations"."declined_at" IS NULL) = ("job_variations"."decline_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"enquiry_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"provider_id" integer,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"final_total_cents" integer,
	"completed_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"disputed_by" text,
	"dispute_reason" text,
	CONSTRAINT "jobs_completion_check" CHECK (("jobs"."final_total_cents" IS NULL) = ("jobs"."completed_at" IS NULL) AND "jobs"."final_total_cents" >= 0),
	CONSTRAINT "jobs_dispute_check" CHECK (("jobs"."disputed_at" IS NULL) = ("jobs"."dispute_reason" IS NULL) AND ("jobs"."disputed_at" IS NULL) = ("jobs"."disputed_by" IS NULL)),
	CONSTRAINT "jobs_disputed_by_check" CHECK ("jobs"."disputed_by" IN ('customer', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quote_id" integer,
	"variation_id" integer,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "quote_lines_owner_check" CHECK (("quote_lines"."quote_id" IS NULL) <> ("quote_lines"."variation_id" IS NULL)),
	CONSTRAINT "quote_lines_kind_check" CHECK ("quote_lines"."kind" IN ('labour', 'materials', 'call-out', 'other')),
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_total_check" CHECK ("quote_lines"."unit_price_cents" >= 0 AND "quote_lines"."total_cents" = round("quote_lines"."quantity" * "quote_lines"."unit_price_cents"))
);
--> statement-breakpoint
CREATE TABLE "quote_preparation_fees" (
	"enquiry_id" integer PRIMARY KEY NOT NULL,
	"fee_cents" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agreed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	CONSTRAINT "quote_preparation_fees_fee_check" CHECK ("quote_preparation_fees"."fee_cents" > 0),
	CONSTRAINT "quote_preparation_fees_decision_check" CHECK (NOT ("quote_preparation_fees"."agreed_at" IS NOT NULL AND "quote_preparation_fees"."declined_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"provider_id" integer,
	"version" integer NOT NULL,
	"provider_name" text NOT NULL,
	"registered_name" text,
	"vat_number" text,
	"vat_percent" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"valid_until" date NOT NULL,
	"earliest_start" date NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"deposit_percent" integer,
	"repair_work" boolean NOT NULL,
	"warranty_months" integer NOT NULL,
	"preparation_fee_cents" integer DEFAULT 0 NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	CONSTRAINT "quotes_version_check" CHECK ("quotes"."version" >= 1),
	CONSTRAINT "quotes_vat_percent_check" CHECK ("quotes"."vat_percent" IN (0, 15)),
	CONSTRAINT "quotes_vat_registration_check" CHECK (("quotes"."vat_percent" = 0) = ("quotes"."vat_number" IS NULL) AND ("quotes"."vat_number" IS NULL) = ("quotes"."registered_name" IS NULL)),
	CONSTRAINT "quotes_totals_check" CHECK ("quotes"."subtotal_cents" >= 0 AND "quotes"."vat_cents" = round("quotes"."subtotal_cents" * "quotes"."vat_percent" / 100.0) AND "quotes"."total_cents" = "quotes"."subtotal_cents" + "quotes"."vat_cents"),
	CONSTRAINT "quotes_deposit_check" CHECK ("quotes"."deposit_cents" BETWEEN 0 AND "quotes"."total_cents"),
	CONSTRAINT "quotes_deposit_percent_check" CHECK ("quotes"."deposit_percent" BETWEEN 1 AND 100),
	CONSTRAINT "quotes_warranty_check" CHECK ("quotes"."warranty_months" >= 0 AND (NOT "quotes"."repair_work" OR "quotes"."warranty_months" >= 3)),
	CONSTRAINT "quotes_preparation_fee_check" CHECK ("quotes"."preparation_fee_cents" >= 0),
	CONSTRAINT "quotes_declined_check" CHECK (("quotes"."declined_at" IS NULL) = ("quotes"."decline_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "registered_name" text;--> statement-breakpoint
ALTER TABLE "job_variations" ADD CONSTRAINT "job_variations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_group_id_customer_enquiries_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_variation_id_job_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."job_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_preparation_fees" ADD CONSTRAINT "quote_preparation_fees_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_variations_job_number_key" ON "job_variations" USING btree ("job_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_group_key" ON "jobs" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_enquiry_key" ON "jobs" USING btree ("enquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_quote_key" ON "jobs" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "jobs_provider_completed_idx" ON "jobs" USING btree ("provider_id","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_quote_position_key" ON "quote_lines" USING btree ("quote_id","position") WHERE "quote_lines"."quote_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_lines_variation_position_key" ON "quote_lines" USING btree ("variation_id","position") WHERE "quote_lines"."variation_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_enquiry_version_key" ON "quotes" USING btree ("enquiry_id","version");--> statement-breakpoint
CREATE INDEX "quotes_provider_idx" ON "quotes" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_vat_number_check" CHECK ("service_providers"."vat_number" ~ '^4[0-9]{9}$');--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_vat_registration_check" CHECK (("service_providers"."vat_number" IS NULL) = ("service_providers"."registered_name" IS NULL));