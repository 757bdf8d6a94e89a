CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"wording_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" IN ('news'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "consents_standing_key" ON "consents" USING btree (mailbox_of("email"),"purpose") WHERE "consents"."withdrawn_at" IS NULL;