ALTER TABLE "customer_enquiries" ADD COLUMN "confirmed_from" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "client_address" text;