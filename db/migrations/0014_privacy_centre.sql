CREATE TABLE "privacy_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_objections" (
	"mailbox_hash" text PRIMARY KEY NOT NULL,
	"objected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
CREATE INDEX "privacy_links_mailbox_idx" ON "privacy_links" USING btree (mailbox_of("email"));--> statement-breakpoint
CREATE INDEX "privacy_links_expires_idx" ON "privacy_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" IN ('mail', 'delete-object', 'password-reset', 'privacy-link'));