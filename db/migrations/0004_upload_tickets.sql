CREATE TABLE "upload_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"max_bytes" integer NOT NULL,
	"owner" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text,
	"size" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_tickets_object_key_unique" UNIQUE("object_key"),
	CONSTRAINT "upload_tickets_purpose_check" CHECK ("upload_tickets"."purpose" IN ('application-image', 'profile-image', 'admin-image', 'flash-ad-image'))
);
--> statement-breakpoint
CREATE INDEX "upload_tickets_expires_idx" ON "upload_tickets" USING btree ("expires_at");