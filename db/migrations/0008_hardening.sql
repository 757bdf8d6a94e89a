CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"once_key" text,
	"topic" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" IN ('mail', 'delete-object', 'password-reset')),
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" IN ('queued', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "provider_sign_ins" (
	"provider_id" integer NOT NULL,
	"address" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_sign_ins_provider_id_address_pk" PRIMARY KEY("provider_id","address")
);
--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "sender_provider_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "provider_sign_ins" ADD CONSTRAINT "provider_sign_ins_provider_id_service_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_once_key" ON "outbox" USING btree ("once_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "outbox_topic_idx" ON "outbox" USING btree ("topic") WHERE "outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_held_idx" ON "reviews" USING btree ("held_at") WHERE "reviews"."held_at" IS NOT NULL;