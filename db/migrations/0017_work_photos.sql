CREATE TABLE "provider_work_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provider_work_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" integer NOT NULL,
	"image_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_tickets" DROP CONSTRAINT "upload_tickets_purpose_check";--> statement-breakpoint
ALTER TABLE "provider_work_photos" ADD CONSTRAINT "provider_work_photos_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_work_photos_provider_idx" ON "provider_work_photos" USING btree ("provider_id","id");--> statement-breakpoint
ALTER TABLE "upload_tickets" ADD CONSTRAINT "upload_tickets_purpose_check" CHECK ("upload_tickets"."purpose" IN ('application-image', 'profile-image', 'admin-image', 'flash-ad-image', 'evidence-document', 'site-photo', 'work-photo'));