ALTER TABLE "reviews" ADD COLUMN "enquiry_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "provider_reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_admin_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_enquiry_id_key" ON "reviews" USING btree ("enquiry_id");