CREATE INDEX "service_providers_area_search_idx" ON "service_providers" USING gin ("area_values","search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "service_providers_area_values_idx";--> statement-breakpoint
DROP INDEX "service_providers_search_text_idx";
