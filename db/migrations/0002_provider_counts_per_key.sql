-- provider_counts: one row per key (services, premium, verified_until) instead of one per
-- service plus '*' for all (docs/decisions/0032). Every approved provider's change
-- upserted the '*' rows, which every other provider's change upserted too, so provider
-- writes queued behind each other. The counts are rebuilt from the providers.
DELETE FROM "provider_counts";--> statement-breakpoint
ALTER TABLE "provider_counts" DROP CONSTRAINT "provider_counts_service_is_premium_verified_until_pk";--> statement-breakpoint
ALTER TABLE "provider_counts" DROP COLUMN "service";--> statement-breakpoint
ALTER TABLE "provider_counts" ADD COLUMN "services" text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_counts" ADD CONSTRAINT "provider_counts_services_is_premium_verified_until_pk" PRIMARY KEY("services","is_premium","verified_until");--> statement-breakpoint
INSERT INTO "provider_counts" ("services", "is_premium", "verified_until", "approved_count")
  SELECT services, is_premium, verified_until, count(*) FROM "service_providers"
   WHERE is_approved GROUP BY 1, 2, 3;
