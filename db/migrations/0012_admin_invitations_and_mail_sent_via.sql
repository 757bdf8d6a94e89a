ALTER TABLE "admin_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_via" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_sent_via_check" CHECK ("outbox"."sent_via" IN ('smtp', 'file'));