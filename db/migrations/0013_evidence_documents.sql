CREATE TABLE "document_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evidence_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer,
	"application_id" integer,
	"check_type" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"stated_reference" text,
	"stated_valid_until" date,
	"review_status" text DEFAULT 'waiting' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_documents_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "evidence_documents_type_check" CHECK ("evidence_documents"."check_type" IN ('identity', 'company_registration', 'psira', 'insurance', 'criminal_record', 'references', 'saidsa', 'electrical_registration', 'electric_fence', 'icasa')),
	CONSTRAINT "evidence_documents_uploaded_by_check" CHECK ("evidence_documents"."uploaded_by" IN ('applicant', 'provider', 'admin')),
	CONSTRAINT "evidence_documents_review_status_check" CHECK ("evidence_documents"."review_status" IN ('waiting', 'reviewed')),
	CONSTRAINT "evidence_documents_owner_check" CHECK ("evidence_documents"."provider_id" IS NOT NULL OR "evidence_documents"."application_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "upload_tickets" DROP CONSTRAINT "upload_tickets_purpose_check";--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "cipc_number" text;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "psira_number" text;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "psira_valid_until" date;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "insurer" text;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "insurance_cover" integer;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "insurance_valid_until" date;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_document_id_evidence_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."evidence_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_admin_id_admin_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_documents" ADD CONSTRAINT "evidence_documents_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_documents" ADD CONSTRAINT "evidence_documents_application_id_provider_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."provider_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_views_document_idx" ON "document_views" USING btree ("document_id","viewed_at");--> statement-breakpoint
CREATE INDEX "evidence_documents_provider_idx" ON "evidence_documents" USING btree ("provider_id","check_type");--> statement-breakpoint
CREATE INDEX "evidence_documents_application_idx" ON "evidence_documents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "evidence_documents_waiting_idx" ON "evidence_documents" USING btree ("created_at") WHERE "evidence_documents"."review_status" = 'waiting' AND "evidence_documents"."provider_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_legal_form_check" CHECK ("provider_applications"."legal_form" IS NULL OR "provider_applications"."legal_form" IN ('company', 'sole_trader'));--> statement-breakpoint
ALTER TABLE "provider_applications" ADD CONSTRAINT "provider_applications_insurance_cover_check" CHECK ("provider_applications"."insurance_cover" > 0);--> statement-breakpoint
ALTER TABLE "upload_tickets" ADD CONSTRAINT "upload_tickets_purpose_check" CHECK ("upload_tickets"."purpose" IN ('application-image', 'profile-image', 'admin-image', 'flash-ad-image', 'evidence-document'));