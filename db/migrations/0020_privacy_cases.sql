CREATE TABLE "privacy_cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "privacy_cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" integer,
	CONSTRAINT "privacy_cases_kind_check" CHECK ("privacy_cases"."kind" IN ('correction', 'objection', 'complaint')),
	CONSTRAINT "privacy_cases_status_check" CHECK ("privacy_cases"."status" IN ('open', 'answered', 'closed')),
	CONSTRAINT "privacy_cases_reply_check" CHECK (("privacy_cases"."reply" IS NULL) = ("privacy_cases"."replied_at" IS NULL) AND ("privacy_cases"."reply" IS NULL) = ("privacy_cases"."replied_by" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "privacy_cases" ADD CONSTRAINT "privacy_cases_replied_by_admin_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_cases_mailbox_idx" ON "privacy_cases" USING btree (mailbox_of("email"));--> statement-breakpoint
CREATE INDEX "privacy_cases_open_idx" ON "privacy_cases" USING btree ("due_at") WHERE "privacy_cases"."status" = 'open';