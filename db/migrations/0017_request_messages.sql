CREATE TABLE "request_message_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_message_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"position" integer NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	CONSTRAINT "request_message_files_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "request_message_files_position_check" CHECK ("request_message_files"."position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "request_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"provider_id" integer,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_messages_author_check" CHECK ("request_messages"."author" IN ('customer', 'provider')),
	CONSTRAINT "request_messages_body_check" CHECK (char_length("request_messages"."body") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "upload_tickets" DROP CONSTRAINT "upload_tickets_purpose_check";--> statement-breakpoint
ALTER TABLE "request_message_files" ADD CONSTRAINT "request_message_files_message_id_request_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."request_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_message_files_message_position_key" ON "request_message_files" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "request_messages_enquiry_idx" ON "request_messages" USING btree ("enquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "request_messages_provider_idx" ON "request_messages" USING btree ("provider_id","created_at");--> statement-breakpoint
ALTER TABLE "upload_tickets" ADD CONSTRAINT "upload_tickets_purpose_check" CHECK ("upload_tickets"."purpose" IN ('application-image', 'profile-image', 'admin-image', 'flash-ad-image', 'evidence-document', 'site-photo', 'work-photo', 'message-attachment'));