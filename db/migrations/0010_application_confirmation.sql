CREATE TABLE "application_confirmation_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "provider_applications_pending_email_key";--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_confirmation_links" ADD CONSTRAINT "application_confirmation_links_application_id_provider_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."provider_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_confirmation_links_application_idx" ON "application_confirmation_links" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "provider_applications_digested_idx" ON "provider_applications" USING btree ("digested_at");--> statement-breakpoint
CREATE INDEX "provider_applications_undigested_idx" ON "provider_applications" USING btree ("email_confirmed_at") WHERE "provider_applications"."digested_at" IS NULL AND "provider_applications"."email_confirmed_at" IS NOT NULL;--> statement-breakpoint
-- Applications from before the confirmation links (docs/decisions/0046): their applicants
-- had the receipt and every admin a mail about each when they came in, so they count as
-- confirmed and as told to the admins; nothing about them changes.
UPDATE "provider_applications" SET "email_confirmed_at" = "created_at", "digested_at" = "created_at";--> statement-breakpoint
-- One pending application per mailbox, no longer per address as typed: of the pending
-- applications of one mailbox (bob@ and bob+x@) the oldest stays pending and the others
-- are closed, with a note saying why, and no mail.
UPDATE "provider_applications" AS later
   SET "status" = 'rejected',
       "reviewed_at" = now(),
       "admin_notes" = 'Closed automatically: application ' || earlier.id
         || ' for the same mailbox was already pending, and only one may be.'
  FROM "provider_applications" AS earlier
 WHERE later."status" = 'pending'
   AND earlier."status" = 'pending'
   AND mailbox_of(earlier."email") = mailbox_of(later."email")
   AND (earlier."created_at", earlier."id") < (later."created_at", later."id")
   AND NOT EXISTS (
         SELECT 1 FROM "provider_applications" AS first
          WHERE first."status" = 'pending'
            AND mailbox_of(first."email") = mailbox_of(later."email")
            AND (first."created_at", first."id") < (earlier."created_at", earlier."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "provider_applications_pending_email_key" ON "provider_applications" USING btree (mailbox_of("email")) WHERE "provider_applications"."status" = 'pending';