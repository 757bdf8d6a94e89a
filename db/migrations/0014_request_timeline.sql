CREATE TABLE "enquiry_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enquiry_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"enquiry_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_events_kind_check" CHECK ("enquiry_events"."kind" IN ('sent', 'seen', 'responded', 'in_progress', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "enquiry_events" ADD CONSTRAINT "enquiry_events_enquiry_id_customer_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."customer_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_events_enquiry_idx" ON "enquiry_events" USING btree ("enquiry_id","at");--> statement-breakpoint
ALTER TABLE "customer_enquiries" ADD CONSTRAINT "customer_enquiries_status_token_hash_unique" UNIQUE("status_token_hash");--> statement-breakpoint
-- Requests from before the timeline (issue 14): what their rows say.
INSERT INTO enquiry_events (enquiry_id, kind, at)
  SELECT id, 'sent', created_at FROM customer_enquiries;
--> statement-breakpoint
INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
  SELECT id, 'responded', provider_response, responded_at FROM customer_enquiries
   WHERE provider_response IS NOT NULL AND responded_at IS NOT NULL;
--> statement-breakpoint
UPDATE customer_enquiries SET closed_at = updated_at WHERE status IN ('completed', 'cancelled');
--> statement-breakpoint
-- Written by hand: the timeline of a request (issue 14) is kept by triggers, so every path
-- that changes a request (the form, the provider's dashboard, the enquiry desk, the
-- customer's status page) leaves its mark, and closed_at follows the status.
CREATE OR REPLACE FUNCTION enquiry_closed_at() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('completed', 'cancelled') THEN
    IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
      NEW.closed_at := coalesce(NEW.closed_at, OLD.closed_at, now());
    ELSE
      NEW.closed_at := now();
    END IF;
  ELSE
    NEW.closed_at := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_enquiries_closed_at
  BEFORE INSERT OR UPDATE OF status, closed_at ON customer_enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiry_closed_at();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enquiry_timeline() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO enquiry_events (enquiry_id, kind, at) VALUES (NEW.id, 'sent', NEW.created_at);
    RETURN NULL;
  END IF;
  IF OLD.seen_at IS NULL AND NEW.seen_at IS NOT NULL THEN
    INSERT INTO enquiry_events (enquiry_id, kind, at) VALUES (NEW.id, 'seen', NEW.seen_at);
  END IF;
  IF NEW.provider_response IS NOT NULL
     AND NEW.provider_response IS DISTINCT FROM OLD.provider_response THEN
    INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
      VALUES (NEW.id, 'responded', NEW.provider_response, coalesce(NEW.responded_at, now()));
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status
     AND NEW.status IN ('in_progress', 'completed', 'cancelled') THEN
    INSERT INTO enquiry_events (enquiry_id, kind, detail, at)
      VALUES (NEW.id, NEW.status,
              CASE WHEN NEW.status = 'cancelled' THEN NEW.cancel_reason END, now());
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_enquiries_timeline
  AFTER INSERT OR UPDATE ON customer_enquiries
  FOR EACH ROW EXECUTE FUNCTION enquiry_timeline();
