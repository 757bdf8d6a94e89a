CREATE TABLE "request_status_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"enquiry_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_status_links" ADD CONSTRAINT "request_status_links_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_status_links_enquiry_idx" ON "request_status_links" USING btree ("enquiry_id");